import { shiftAt, type KitchenSchedule } from '#domain/kitchen-shift.ts';
import { formatPromise, kitchenDate } from '#domain/promise-time.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import './kitchen-hours.css';

/** A closing time further off than this is an opening around the clock: "Open", with no time to count down to. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The restaurant's hours on the kitchen board (issue 38): open until when, or closed and opening when, and today's
 * ranges (split shifts, pickup- or delivery-only ones, a special day's), on the board's clock, in the kitchen's time.
 */
export function KitchenHours({
  schedule,
  timeZone,
  now,
  locale,
}: {
  schedule: KitchenSchedule;
  timeZone: string;
  now: number;
  locale: UiLocale;
}) {
  const t = { locale: messageLocale(locale) } as const;
  const shift = shiftAt(schedule, now, kitchenDate(now, timeZone));
  const time = (iso: string) => formatPromise(iso, timeZone, locale, now);
  const state = shift.open
    ? shift.closesAt && Date.parse(shift.closesAt) - now < DAY_MS
      ? m.admin_kitchen_hours_openUntil({ time: time(shift.closesAt) }, t)
      : m.admin_kitchen_hours_open({}, t)
    : shift.opensAt
      ? m.admin_kitchen_hours_closedOpens({ time: time(shift.opensAt) }, t)
      : m.admin_kitchen_hours_closed({}, t);
  const service = (s: 'pickup' | 'delivery' | null) =>
    s === 'pickup' ? m.hours_service_pickup({}, t) : s === 'delivery' ? m.hours_service_delivery({}, t) : null;
  return (
    <section className="kitchen-hours" aria-label={m.admin_kitchen_hours_label({}, t)}>
      <p className={`kitchen-hours-state ${shift.open ? 'kitchen-hours-open' : 'kitchen-hours-closed'}`}>{state}</p>
      <p className="kitchen-hours-today">
        {m.admin_kitchen_hours_today({}, t)}
        {shift.today.special && (
          <span className="kitchen-hours-special"> ({m.admin_kitchen_hours_special({}, t)})</span>
        )}
        :{' '}
        {shift.today.ranges.length === 0
          ? m.admin_kitchen_hours_none({}, t)
          : shift.today.ranges.map((range, i) => (
              <span key={`${range.from}-${range.to}-${range.service ?? ''}`}>
                {i > 0 && ', '}
                {range.from}–{range.to}
                {service(range.service) && ` (${service(range.service)})`}
              </span>
            ))}
      </p>
    </section>
  );
}
