import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { isCountry, timeZoneOf } from '#domain/country.ts';
import { formatPromise } from '#domain/promise-time.ts';

/** An order's promise in one line (issue 34): "Delivered around 13:00" / "Ready for pickup around 12:30". */
export function PromiseLine({
  promise,
  country,
  locale,
}: {
  promise: { readyAt: string; dueAt: string | null } | null;
  country: string;
  locale: UiLocale;
}) {
  if (!promise || !isCountry(country)) return null;
  const t = inLocale(locale);
  const time = formatPromise(promise.dueAt ?? promise.readyAt, timeZoneOf(country), locale);
  return (
    <p data-testid="order-promise">
      <strong>{promise.dueAt ? m.capacity_promise_due({ time }, t) : m.capacity_promise_ready({ time }, t)}</strong>
    </p>
  );
}
