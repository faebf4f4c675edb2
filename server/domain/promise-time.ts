// How a promised time reads to the customer and the kitchen (issue 34). Intl only, no Temporal: the checkout, the
// status page and the board import it, and the polyfill is not theirs to carry (decision 039's budgets).
import type { Locale } from './locales.ts';

const TIME_LOCALE: Record<Locale, string> = { pl: 'pl-PL', en: 'en-GB', ua: 'uk-UA' };

// Making an Intl.DateTimeFormat costs far more than using one, and place-order writes a promise into every
// confirmation: the few formats in use are kept.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(locale: string, timeZone: string, withDay: boolean | 'date'): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${String(withDay)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      withDay === 'date'
        ? { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }
        : {
            timeZone,
            hour: '2-digit',
            minute: '2-digit',
            ...(withDay ? { weekday: 'short', day: 'numeric', month: 'short' } : {}),
          },
    );
    if (formats.size >= 256) formats.clear();
    formats.set(key, format);
  }
  return format;
}

const dayOf = (ms: number, timeZone: string) => formatOf('en-CA', timeZone, 'date').format(ms);

/** The date 'YYYY-MM-DD' an instant falls on in the kitchen's time zone. */
export const kitchenDate = dayOf;

/**
 * A promised time on the restaurant's clock: "12:30" today, with the day in front on another day ("czw., 5 mar,
 * 12:30"), so a scheduled order for tomorrow never reads as today.
 */
export function formatPromise(instant: string, timeZone: string, lang: Locale, nowMs: number = Date.now()): string {
  const at = Date.parse(instant);
  const sameDay = dayOf(at, timeZone) === dayOf(nowMs, timeZone);
  return formatOf(TIME_LOCALE[lang], timeZone, !sameDay).format(at);
}
