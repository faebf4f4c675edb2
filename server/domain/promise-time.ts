// How a promised time reads to the customer and the kitchen (issue 34). Intl only, no Temporal: the checkout, the
// status page and the board import it, and the polyfill is not theirs to carry (decision 039's budgets).

const TIME_LOCALE: Record<'pl' | 'en' | 'ua', string> = { pl: 'pl-PL', en: 'en-GB', ua: 'uk-UA' };

const dayOf = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

/**
 * A promised time on the restaurant's clock: "12:30" today, with the day in front on another day ("czw., 5 mar,
 * 12:30"), so a scheduled order for tomorrow never reads as today.
 */
export function formatPromise(
  instant: string,
  timeZone: string,
  lang: 'pl' | 'en' | 'ua',
  nowMs: number = Date.now(),
): string {
  const at = Date.parse(instant);
  const sameDay = dayOf(at, timeZone) === dayOf(nowMs, timeZone);
  return new Intl.DateTimeFormat(TIME_LOCALE[lang], {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    ...(sameDay ? {} : { weekday: 'short', day: 'numeric', month: 'short' }),
  }).format(at);
}
