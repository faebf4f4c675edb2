import { useStore } from '#app/stores/use-store.ts';
import { errorMessage } from '#i18n/messages.ts';
import { formatMoney } from '#domain/money.ts';
import { meetsMinimum } from '#domain/pricing.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $basket, $busy, $failure, emptyBasket, setQuantity } from './phone-order.ts';
import { inLocale, type UiLocale } from './texts.ts';
import { Notice } from '#app/ui/notice.tsx';
import { controlProps } from '#app/ui/field.tsx';
import { Allergens } from '#app/allergens/Allergens.tsx';
import { allergenTexts } from '#i18n/allergen-texts.ts';

/** The basket built for the caller, priced by the server: lines with their quantity, the summary, emptying it. */
export function CallerBasket({ locale, hydrated }: { locale: UiLocale; hydrated: boolean }) {
  const t = inLocale(locale);
  const basket = useStore($basket);
  const busy = useStore($busy);
  const failure = useStore($failure);
  const lines = basket?.lines ?? [];
  const money = (value: number) => (basket ? formatMoney(value, basket.currency, locale) : '');
  const s = basket?.summary;

  return (
    <section className="cc-card" aria-labelledby="cc-basket-title">
      <h2 id="cc-basket-title">
        {m.cc_basket_title({}, t)}
        {basket?.restaurant ? ` · ${basket.restaurant.name}` : ''}
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
          <ul className="cc-list cc-lines">
            {lines.map((line) => (
              <li key={line.id}>
                <span>
                  <strong>{line.name}</strong>
                  {line.options.length > 0 && <small> ({line.options.map((o) => o.name).join(', ')})</small>}
                  <Allergens info={line.allergens} texts={allergenTexts(locale)} />
                  {money(line.totalPrice)}
                </span>
                <span className="cc-inline">
                  <input
                    // No label of its own in the row: the line's name is in its aria-label. A refused change says so
                    // above the basket, for the whole basket.
                    {...controlProps({ id: `cc-qty-${line.id}`, label: null })}
                    aria-label={m.cc_quantity_of({ name: line.name }, t)}
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
                    aria-label={m.cc_remove({ name: line.name }, t)}
                    onClick={() => void setQuantity(line.id, 0)}
                  >
                    ×
                  </button>
                </span>
              </li>
            ))}
          </ul>
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
