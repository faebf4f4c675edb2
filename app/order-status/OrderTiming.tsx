import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import type { OrderStatusView } from '#app/stores/order-status.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { restaurantTime } from '#app/orders/restaurant-time.ts';
import { isCountry, timeZoneOf } from '#domain/country.ts';
import { formatPromise } from '#domain/promise-time.ts';

/** The estimated preparation time, when it should be ready, and for pickup orders when and where to collect it. */
export default function OrderTiming({ order, locale }: { order: OrderStatusView; locale: UiLocale }) {
  if (order.groups.finished) return null;
  const t = inLocale(locale);
  const time = (iso: string) => restaurantTime(iso, order.restaurant.country, locale);
  const { address } = order.restaurant;
  const { promise } = order;
  const country = order.restaurant.country;
  // The kitchen's promise (issue 34), with the day in front when it is not today (a scheduled order).
  const promised =
    promise && isCountry(country) ? formatPromise(promise.dueAt ?? promise.readyAt, timeZoneOf(country), locale) : null;
  return (
    <ul className="status-timing">
      {promise && promised && (
        <li data-testid="order-promise">
          <strong>
            {promise.dueAt
              ? m.capacity_promise_due({ time: promised }, t)
              : m.capacity_promise_ready({ time: promised }, t)}
          </strong>
        </li>
      )}
      <li>{m.status_preparation({ minutes: String(order.preparationMinutes) }, t)}</li>
      {order.pickupAt ? (
        <li>
          <strong>{m.status_pickupAt({ time: time(order.pickupAt) }, t)}</strong>
          <br />
          {m.status_pickupWhere({}, t)}: {address.street} {address.no}, {address.zip} {address.city}
        </li>
      ) : (
        order.estimatedReadyAt &&
        !order.groups.selfPickup && <li>{m.status_readyAround({ time: time(order.estimatedReadyAt) }, t)}</li>
      )}
    </ul>
  );
}
