import { adminPath } from '#domain/admin-routes.ts';
import { formatMoney } from '#domain/money.ts';
import type { WaitingOrder } from '#app/api-types.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { Countdown } from '#app/admin/orders/Countdown.tsx';

/** Orders waiting for their restaurant to accept, each with its countdown and a way to its kitchen board. */
export default function WaitingOrders(props: { waiting: WaitingOrder[]; offsetMs: number; locale: UiLocale }) {
  const { locale } = props;
  const t = { locale: messageLocale(locale) } as const;
  return (
    <section className="staff-card dashboard-waiting" aria-labelledby="dashboard-waiting">
      <h2 id="dashboard-waiting">
        {m.admin_dashboard_waiting({}, t)} <span className="kitchen-count">{props.waiting.length}</span>
      </h2>
      {props.waiting.length === 0 ? (
        <p>{m.admin_dashboard_waiting_none({}, t)}</p>
      ) : (
        <ul className="dashboard-waiting-list">
          {props.waiting.map((order) => (
            <li key={order.id} data-order={order.id}>
              <a href={adminPath(locale, { screen: 'show', entity: 'orders', id: order.id })}>#{order.displayId}</a>
              <span>
                {order.concept} · {order.restaurant.name} · {formatMoney(order.total, order.currency, locale)}
              </span>
              <Countdown
                deadline={order.acceptDeadline}
                offsetMs={props.offsetMs}
                label={(time) => m.admin_orders_accept_left({ time }, t)}
                over={m.admin_orders_accept_over({}, t)}
              />
              <a href={adminPath(locale, { screen: 'kitchen', restaurant: order.restaurant.slug })}>
                {m.admin_kitchen_open({}, t)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
