import { isCountry, timeZoneOf } from '#domain/country.ts';
import type { UiLocale } from '#i18n/messages.ts';

const intlLocale = { pl: 'pl-PL', en: 'en-GB', ua: 'uk-UA' } as const;

/** A moment as the clock on the restaurant's wall shows it (its country's time zone), in the page's language. */
export function restaurantTime(iso: string, country: string, locale: UiLocale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], {
    timeStyle: 'short',
    timeZone: isCountry(country) ? timeZoneOf(country) : undefined,
  }).format(new Date(iso));
}
