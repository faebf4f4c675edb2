import { useStore } from '#app/stores/use-store.ts';
import { errorMessage } from '#i18n/messages.ts';
import { formatMoney } from '#domain/money.ts';
import { meetsMinimum } from '#domain/pricing.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $basket, $busy, $failure, emptyBasket, removeLines, setQuantity, type StaffBasket } from './phone-order.ts';
import { brandGroups } from './brand-groups.ts';
import { inLocale, type UiLocale } from './texts.ts';
import { Notice } from '#app/ui/notice.tsx';
import { controlProps } from '#app/ui/field.tsx';
import { Allergens } from '#app/allergens/Allergens.tsx';
import { allergenTexts } from '#i18n/allergen-texts.ts';

type Line = StaffBasket['lines'][number];

/** Why a line stops the order, as the agent reads it beside the line. */
const BLOCKED_TEXT = {
  restaurantClosed: m.cc_blocked_restaurantClosed,
  productUnavailable: m.cc_blocked_productUnavailable,
} as const;

/**
 * The basket built for the caller, priced by the server: lines with their quantity (by brand when it holds several
 * brands of one kitchen, the lines that stop the order marked), the summary, emptying it.
 */
export function CallerBasket({ locale, hydrated }: { locale: UiLocale; hydrated: boolean }) {
  const t = inLocale(locale);
  const basket = useStore($basket);
  const busy = useStore($busy);
  const failure = useStore($failure);
  const lines = basket?.lines ?? [];
  const money = (value: number) => (basket ? formatMoney(value, basket.currency, locale) : '');
  const s = basket?.summary;
  const groups = brandGroups(lines, basket?.brands ?? []);
  const several = groups.length > 1;
  const blocked = lines.filter((line) => line.blocked !== null).map((line) => line.id);
  // One brand: its restaurant's name; several: the kitchen they share.
  const whose = several ? basket?.location?.name : basket?.restaurant?.name;

  // A dish in the screen's language where its menu translates it, as the menu the agent picked it from shows it.
  const row = (line: Line) => {
    const name = line.names[locale] ?? line.name;
    return (
      <li key={line.id} className={line.blocked ? 'cc-line-blocked' : undefined}>
        <span>
          <strong>{name}</strong>
          {line.options.length > 0 && <small> ({line.options.map((o) => o.names[locale] ?? o.name).join(', ')})</small>}
          <Allergens info={line.allergens} texts={allergenTexts(locale)} />
          {money(line.totalPrice)}
          {line.blocked && <span className="cc-blocked">{BLOCKED_TEXT[line.blocked]({}, t)}</span>}
        </span>
        <span className="cc-inline">
          <input
            // No label of its own in the row: the line's name is in its aria-label. A refused change says so
            // above the basket, for the whole basket.
            {...controlProps({ id: `cc-qty-${line.id}`, label: null })}
            aria-label={m.cc_quantity_of({ name }, t)}
            type="number"
            min={0}
            max={99}
            className="cc-qty"
            value={line.quantity}
            disabled={!hydrated || busy}
            onChange={(event) => {
              const quantity = Math.max(0, Math.min(99, Number(event.target.value) || 0));
              void setQuantity(line.id, quantity);
            }}
          />
          <button
            type="button"
            className="link-button"
            disabled={!hydrated || busy}
            aria-label={m.cc_remove({ name }, t)}
            onClick={() => void setQuantity(line.id, 0)}
          >
            ×
          </button>
        </span>
      </li>
    );
  };

  return (
    <section className="cc-card" aria-labelledby="cc-basket-title">
      <h2 id="cc-basket-title">
        {m.cc_basket_title({}, t)}
        {whose ? ` · ${whose}` : ''}
      </h2>
      {failure?.section === 'basket' && (
        <Notice tone="error" className="cc-error">
          {errorMessage(failure.key, locale)}
        </Notice>
      )}
      {lines.length === 0 ? (
        <p>{m.cc_basket_empty({}, t)}</p>
      ) : (
        <>
          {groups.map(({ brand, lines: brandLines }, index) =>
            brand ? (
              <div key={brand.restaurantId}>
                <h3 className="cc-brand" id={`cc-brand-${brand.restaurantId}`}>
                  {brand.conceptName}
                  {brand.blocked && <span className="cc-blocked">{BLOCKED_TEXT[brand.blocked]({}, t)}</span>}
                </h3>
                <ul className="cc-list cc-lines" aria-labelledby={`cc-brand-${brand.restaurantId}`}>
                  {brandLines.map(row)}
                </ul>
              </div>
            ) : (
              <ul key={`rest-${index}`} className="cc-list cc-lines">
                {brandLines.map(row)}
              </ul>
            ),
          )}
          {blocked.length > 0 && (
            <button
              type="button"
              className="button cc-secondary"
              disabled={!hydrated || busy}
              onClick={() => void removeLines(blocked)}
            >
              {m.cc_remove_blocked({}, t)}
            </button>
          )}
          {s && (
            <dl className="cc-summary">
              <dt>{m.cc_products({}, t)}</dt>
              <dd>{money(s.productsValue)}</dd>
              <dt>{m.cc_delivery_cost({}, t)}</dt>
              <dd>{money(s.deliveryValue)}</dd>
              {s.discountValue > 0 && (
                <>
                  <dt>{m.cc_discount({}, t)}</dt>
                  <dd>−{money(s.discountValue)}</dd>
                </>
              )}
              {s.extraFee > 0 && (
                <>
                  <dt>{m.cc_extra_fee({}, t)}</dt>
                  <dd>{money(s.extraFee)}</dd>
                </>
              )}
              <dt>{m.cc_service_fee({}, t)}</dt>
              <dd>{money(s.serviceFee)}</dd>
              <dt className="cc-total">{m.cc_total({}, t)}</dt>
              <dd className="cc-total">{money(s.totalValue)}</dd>
            </dl>
          )}
          {s && !meetsMinimum(s) && (
            <p className="cc-error">{m.cc_min_basket({ value: money(s.minBasketValue) }, t)}</p>
          )}
          <button type="button" className="link-button" disabled={!hydrated || busy} onClick={() => void emptyBasket()}>
            {m.cc_clear({}, t)}
          </button>
        </>
      )}
    </section>
  );
}
