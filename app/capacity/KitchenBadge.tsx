import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import './kitchen-badge.css';

const TIME_LOCALE = { pl: 'pl-PL', en: 'en-GB', ua: 'uk-UA' } as const;

type KitchenNow = { preparationMinutes: number; extraMinutes: number; paused: boolean; pausedUntil: string | null };

/**
 * The basket's word on a busy kitchen (issue 34), as the restaurant page's badge says it: paused until when (on the
 * restaurant's clock; a pause lasts an hour at most, so the time alone), or how long the food takes now.
 */
export function KitchenBadge({
  kitchen,
  timeZone,
  locale,
}: {
  kitchen: KitchenNow | null | undefined;
  timeZone: string;
  locale: UiLocale;
}) {
  if (!kitchen) return null;
  const t = inLocale(locale);
  const time = (iso: string) =>
    new Intl.DateTimeFormat(TIME_LOCALE[locale], { timeZone, hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    );
  const text = kitchen.paused
    ? kitchen.pausedUntil
      ? m.capacity_badge_paused_until({ time: time(kitchen.pausedUntil) }, t)
      : m.capacity_badge_paused_open({}, t)
    : kitchen.extraMinutes > 0
      ? m.capacity_badge_later({ minutes: String(kitchen.preparationMinutes) }, t)
      : null;
  if (!text) return null;
  return (
    <p className={`kitchen-badge${kitchen.paused ? '' : ' kitchen-badge-later'}`} data-testid="kitchen-badge">
      {text}
    </p>
  );
}
