import { useStore } from '#app/stores/use-store.ts';
import { m } from '#i18n/paraglide/messages.js';
import { pathFor } from '#domain/localized-routes.ts';
import { $placed, startOver } from './phone-order.ts';
import { inLocale, type UiLocale } from './texts.ts';
import { PromiseLine } from '#app/capacity/PromiseLine.tsx';

/** The order just placed: its number, what happens next, the status page the caller's e-mail links, the next call. */
export function PlacedOrder({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const placed = useStore($placed);
  if (!placed) return null;
  const { order, accessToken } = placed;
  return (
    <section className="cc-card cc-placed" aria-labelledby="cc-placed-title" role="status">
      <h2 id="cc-placed-title">{m.cc_placed_title({ displayId: order.displayId }, t)}</h2>
      <p>{order.status === 'waiting_for_payment' ? m.cc_placed_waiting_payment({}, t) : m.cc_placed_new({}, t)}</p>
      <PromiseLine promise={order.promise} country={order.restaurant.country} locale={locale} />
      <p>{m.cc_placed_email({ email: order.customer.email }, t)}</p>
      <p>
        <a href={pathFor('status', locale, { orderId: order.id, token: accessToken })} target="_blank" rel="noopener">
          {m.cc_status_link({}, t)}
        </a>
      </p>
      <button type="button" className="button" onClick={startOver}>
        {m.cc_next_call({}, t)}
      </button>
    </section>
  );
}
