import type { StaffOrder } from '#app/api-types.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { dateTime, statusName } from './format.ts';
import { reasonName } from '../codes.ts';

/** The audit log of the order: when, who (or the system), from which status to which. */
export default function OrderHistory({ history, locale }: { history: StaffOrder['history']; locale: UiLocale }) {
  const t = { locale: messageLocale(locale) } as const;
  return (
    <section className="staff-card" aria-labelledby="staff-order-history">
      <h2 id="staff-order-history">{m.admin_orders_history({}, t)}</h2>
      <ol className="staff-history">
        {history.map((entry, i) => (
          <li key={i}>
            <time dateTime={entry.at}>{dateTime(entry.at, locale)}</time>{' '}
            <span>
              {entry.action === 'order.placed'
                ? m.admin_orders_history_placed({}, t)
                : `${statusName(entry.from, locale)} → ${statusName(entry.to, locale)}`}
              {entry.preparationMinutes ? ` (${m.admin_orders_minutes({ minutes: entry.preparationMinutes }, t)})` : ''}
            </span>{' '}
            <span className="staff-actor">
              {entry.actor ? `${entry.actor.name || entry.actor.email}` : m.admin_orders_history_system({}, t)}
              {entry.reason && entry.action !== 'order.placed' ? ` · ${reasonName(entry.reason, locale)}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
