import { formatMoney, type Currency } from '#domain/money.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { errorMessage, type UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import type { Basket } from '#app/stores/basket.ts';

/**
 * A compact recap of the basket beside the form: its lines with their options, and the spec's summary lines
 * (service fee, items, delivery — 0 for pickup —, discount, extra fee for small orders, total) in the basket's
 * currency. A refusal about the basket itself (minimum value, closed restaurant, inactive code…) shows here with the
 * way back to the basket page. (The basket page has its own totals; the two are to share one component.)
 */
export function OrderRecap({ basket, locale, problem }: { basket: Basket; locale: UiLocale; problem?: string }) {
  const t = inLocale(locale);
  const money = (minor: number) => formatMoney(minor, basket.currency as Currency);
  const { summary } = basket;
  const pickup = basket.deliveryMethod === 'pickup';
  const rows: [string, string, string][] = [
    ['items', m.checkout_recap_items({}, t), money(summary.productsValue)],
    ['delivery', m.checkout_recap_delivery({}, t), money(pickup ? 0 : summary.deliveryValue)],
    ['serviceFee', m.checkout_recap_serviceFee({}, t), money(summary.serviceFee)],
  ];
  if (summary.discountValue > 0)
    rows.push(['discount', m.checkout_recap_discount({}, t), `−${money(summary.discountValue)}`]);
  if (summary.extraFee > 0) rows.push(['extraFee', m.checkout_recap_extraFee({}, t), money(summary.extraFee)]);
  return (
    <section className="checkout-recap" aria-labelledby="checkout-recap-title">
      <h2 id="checkout-recap-title">{m.checkout_recap_title({}, t)}</h2>
      {basket.restaurant && (
        <p className="checkout-recap-from">{m.checkout_recap_from({ restaurant: basket.restaurant.name }, t)}</p>
      )}
      <ul className="checkout-recap-lines">
        {basket.lines.map((line) => (
          <li key={line.id}>
            <span>
              {line.quantity} × {line.name}
              {line.options.length > 0 && <small>{line.options.map((o) => o.name).join(', ')}</small>}
            </span>
            <span>{money(line.totalPrice)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-recap-summary">
        {rows.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="checkout-recap-total" data-total={summary.totalValue}>
          <dt>{m.checkout_recap_total({}, t)}</dt>
          <dd>{money(summary.totalValue)}</dd>
        </div>
      </dl>
      {problem && (
        <p className="account-alert account-alert-error" role="alert" id="checkout-basket-error" data-error={problem}>
          {errorMessage(problem, locale)} {m.checkout_basketProblem({}, t)}
        </p>
      )}
      <p className="checkout-recap-edit">
        <a href={pathFor('basket', locale)}>{m.checkout_recap_edit({}, t)}</a>
      </p>
    </section>
  );
}
