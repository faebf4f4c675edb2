/**
 * When a closed restaurant opens next (RestaurantState.nextOpening), as its door says it: weekday and time in the
 * restaurant's own time zone, in the reader's language (an HTML lang: pl, en, uk). The platform's Intl only, so the
 * islands that show it load nothing more.
 */
export function openingTime(nextOpening: string, lang: string, timeZone: string): string {
  return new Intl.DateTimeFormat(lang, { weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(nextOpening),
  );
}
