import { pathFor } from '#domain/localized-routes.ts';
import { isCountry, timeZoneOf } from '#domain/country.ts';
import { formatMoney } from '#domain/money.ts';
import { isOrderStatus } from '#domain/orders.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { toggleOrderItems } from '#app/stores/account/orders.ts';
import { type OrderView } from '#app/stores/account/shared.ts';
import ReorderButton from '#app/orders/ReorderButton.tsx';
import { STATUS_NAME } from '#app/orders/status-texts.ts';
import { inLocale } from './form-helpers.ts';
import { Allergens } from '#app/allergens/Allergens.tsx';
import { allergenTexts } from '#i18n/allergen-texts.ts';
import { linesWithBrands } from '#domain/order-brands.ts';
import { InvoiceLink } from '#app/invoices/InvoiceLink.tsx';

const intlLocale = { pl: 'pl-PL', en: 'en-GB', ua: 'uk-UA' } as const;

/** One of my orders: number, date (in the restaurant's time zone), restaurant, status, total, its items on demand. */
export default function OrderCard({ order, open, locale }: { order: OrderView; open: boolean; locale: UiLocale }) {
  const t = inLocale(locale);
  const date = new Intl.DateTimeFormat(intlLocale[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: isCountry(order.restaurant.country) ? timeZoneOf(order.restaurant.country) : undefined,
  }).format(new Date(order.createdAt));
  const status = isOrderStatus(order.status) ? STATUS_NAME[order.status]({}, t) : order.status;
  const itemsId = `order-${order.id}-items`;
  const tone = order.groups.rejected ? 'bad' : order.groups.finished ? 'done' : 'live';

  return (
    <article className="account-order" aria-labelledby={`order-${order.id}`}>
      <header className="account-order-head">
        <h2 id={`order-${order.id}`}>{m.account_orders_number({ id: order.displayId }, t)}</h2>
        <span className={`account-status account-status-${tone}`}>{status}</span>
      </header>
      <dl className="account-order-facts">
        <div>
          <dt>{m.account_orders_date({}, t)}</dt>
          <dd>
            <time dateTime={order.createdAt}>{date}</time>
          </dd>
        </div>
        <div>
          <dt>{m.account_orders_restaurant({}, t)}</dt>
          <dd>{order.restaurant.name}</dd>
        </div>
        <div>
          <dt>{m.account_orders_total({}, t)}</dt>
          <dd className="account-order-total">{formatMoney(order.total, order.currency, locale)}</dd>
        </div>
      </dl>
      <div className="account-actions">
        <button
          type="button"
          className="account-link-button"
          aria-expanded={open}
          aria-controls={itemsId}
          onClick={() => toggleOrderItems(order.id)}
        >
          {open ? m.account_orders_hideItems({}, t) : m.account_orders_showItems({}, t)}
        </button>
        {/* The same address as the confirmation e-mail's link: the order's token is in it (decision 019). */}
        <a href={pathFor('status', locale, { orderId: order.id, token: order.accessToken })}>
          {m.account_orders_statusLink({}, t)}
        </a>
      </div>
      <ul id={itemsId} className="account-order-items" hidden={!open}>
        {linesWithBrands(order.items, order.brands).map(({ line: item, brand }, index) => (
          <li key={index}>
            <span>
              {item.quantity} × {item.name}
              {item.mods.length > 0 && <small> ({item.mods.map((mod) => mod.name).join(', ')})</small>}
              {brand && <small> · {brand.conceptName}</small>}
              <Allergens info={item.allergens} texts={allergenTexts(locale)} />
            </span>
            <span>{formatMoney(item.value, order.currency, locale)}</span>
          </li>
        ))}
      </ul>
      <InvoiceLink order={order} token={order.accessToken} locale={locale} />
      <div className="account-order-again">
        <ReorderButton locale={locale} orderId={order.id} token={order.accessToken} />
      </div>
    </article>
  );
}
