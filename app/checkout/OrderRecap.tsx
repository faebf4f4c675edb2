import { formatMoney, type Currency } from '#domain/money.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import type { Basket } from '#app/stores/basket.ts';
import BasketTotals from '#app/basket/BasketTotals.tsx';
import { nameIn } from '#app/basket/basket-view.ts';
import type { BasketTotalsLabels } from '#app/basket/texts.ts';
import { Allergens } from '#app/allergens/Allergens.tsx';
import { allergenTexts } from '#i18n/allergen-texts.ts';

/**
 * A compact recap of the basket beside the form: its lines with their options, and the spec's summary lines through
 * the basket page's own component (app/basket/BasketTotals.tsx), so both pages show the same lines in the same
 * order and words. A refusal about the basket itself (minimum value, closed restaurant, inactive code…) shows here
 * with the way back to the basket page.
 */
export function OrderRecap({
  basket,
  locale,
  totals,
  problem,
}: {
  basket: Basket;
  locale: UiLocale;
  totals: BasketTotalsLabels;
  problem?: string;
}) {
  const t = inLocale(locale);
  const allergens = allergenTexts(locale);
  const money = (minor: number) => formatMoney(minor, basket.currency as Currency, locale);
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
              {line.quantity} × {nameIn(line.name, line.names, locale)}
              {line.options.length > 0 && (
                <small>{line.options.map((o) => nameIn(o.name, o.names, locale)).join(', ')}</small>
              )}
              <Allergens info={line.allergens} texts={allergens} />
            </span>
            <span>{money(line.totalPrice)}</span>
          </li>
        ))}
      </ul>
      <BasketTotals basket={basket} locale={locale} labels={totals} headingLevel={3} />
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
