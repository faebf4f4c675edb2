import type { OrderView } from '#app/api-types.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { Allergens } from '#app/allergens/Allergens.tsx';
import { allergenTexts } from '#i18n/allergen-texts.ts';
import { linesWithBrands } from '#domain/order-brands.ts';

/** The order's lines with their modifiers (and their brands, when several brands cook it), and its totals. */
export default function OrderLines({ order, locale }: { order: OrderView; locale: UiLocale }) {
  const t = { locale: messageLocale(locale) } as const;
  const money = (minor: number) => formatMoney(minor, order.currency as Currency, locale);
  return (
    <section className="staff-card" aria-labelledby="staff-order-lines">
      <h2 id="staff-order-lines">{m.admin_orders_lines({}, t)}</h2>
      <ul className="staff-lines">
        {linesWithBrands(order.items, order.brands).map(({ line: item, brand }, i) => (
          <li key={i}>
            <span>
              {item.quantity} × {item.name}
              {brand && <small className="staff-line-brand">{brand.conceptName}</small>}
              {item.mods.length > 0 && (
                <small className="staff-mods">{item.mods.map((mod) => mod.name).join(', ')}</small>
              )}
              <Allergens info={item.allergens} texts={allergenTexts(locale)} />
            </span>
            <span>{money(item.value)}</span>
          </li>
        ))}
        {order.deliveryCosts > 0 && (
          <li>
            <span>{m.admin_orders_delivery_costs({}, t)}</span>
            <span>{money(order.deliveryCosts)}</span>
          </li>
        )}
        {order.serviceFee > 0 && (
          <li>
            <span>{m.admin_orders_service_fee({}, t)}</span>
            <span>{money(order.serviceFee)}</span>
          </li>
        )}
        {order.extraFee > 0 && (
          <li>
            <span>{m.admin_orders_extra_fee({}, t)}</span>
            <span>{money(order.extraFee)}</span>
          </li>
        )}
        {order.discountValue > 0 && (
          <li>
            <span>
              {m.admin_orders_discount({}, t)} {order.discount?.code}
            </span>
            <span>−{money(order.discountValue)}</span>
          </li>
        )}
        <li className="staff-lines-total">
          <span>{m.admin_orders_total({}, t)}</span>
          <span>{money(order.total)}</span>
        </li>
      </ul>
    </section>
  );
}
