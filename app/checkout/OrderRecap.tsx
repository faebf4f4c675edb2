import { formatMoney, type Currency } from '#domain/money.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import type { Basket } from '#app/stores/basket.ts';
import BasketTotals from '#app/basket/BasketTotals.tsx';
import { brandGroups, nameIn, type BasketLine, type BrandLogos } from '#app/basket/basket-view.ts';
import { BrandName } from '#app/basket/BrandName.tsx';
import type { BasketTotalsLabels } from '#app/basket/texts.ts';
import { Allergens } from '#app/allergens/Allergens.tsx';
import { allergenTexts } from '#i18n/allergen-texts.ts';

/**
 * A compact recap of the basket beside the form: its lines with their options, and the spec's summary lines through
 * the basket page's own component (app/basket/BasketTotals.tsx), so both pages show the same lines in the same
 * order and words. A refusal about the basket itself (minimum value, closed restaurant, inactive code…) shows here
 * with the way back to the basket page. A shared basket's lines are under their brands' logos (issue 35), and a line
 * that stops the order says why.
 */
export function OrderRecap({
  basket,
  locale,
  totals,
  problem,
  logos,
}: {
  basket: Basket;
  locale: UiLocale;
  totals: BasketTotalsLabels;
  problem?: string;
  logos: BrandLogos;
}) {
  const t = inLocale(locale);
  const allergens = allergenTexts(locale);
  const money = (minor: number) => formatMoney(minor, basket.currency as Currency, locale);
  const groups = brandGroups(basket);
  const lineList = (lines: BasketLine[]) => (
    <ul className="checkout-recap-lines">
      {lines.map((line) => (
        <li key={line.id} data-blocked={line.blocked ?? undefined}>
          <span>
            {line.quantity} × {nameIn(line.name, line.names, locale)}
            {line.options.length > 0 && (
              <small>{line.options.map((o) => nameIn(o.name, o.names, locale)).join(', ')}</small>
            )}
            <Allergens info={line.allergens} texts={allergens} />
            {line.blocked && <small className="checkout-recap-blocked">{errorMessage(line.blocked, locale)}</small>}
          </span>
          <span>{money(line.totalPrice)}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="checkout-recap" aria-labelledby="checkout-recap-title">
      <h2 id="checkout-recap-title">{m.checkout_recap_title({}, t)}</h2>
      {basket.restaurant && groups.length === 0 && (
        <p className="checkout-recap-from">{m.checkout_recap_from({ restaurant: basket.restaurant.name }, t)}</p>
      )}
      {groups.length === 0
        ? lineList(basket.lines)
        : groups.map(({ brand, lines }) => (
            <section
              key={brand.restaurantId}
              className="checkout-recap-brand"
              aria-label={brand.conceptName}
              data-brand={brand.conceptSlug}
            >
              <h3>
                <BrandName name={brand.conceptName} logo={logos[brand.conceptSlug]} />
              </h3>
              {lineList(lines)}
            </section>
          ))}
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
