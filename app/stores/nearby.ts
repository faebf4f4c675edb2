import { atom, task } from 'nanostores';
import { readAnswer } from '#app/api-answer.ts';
import { COUNTRIES, isValidZipCode } from '#domain/country.ts';
import type { Country } from '#domain/money.ts';
import type { RestaurantSummary } from '#app/api-types.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import type { Locale } from '#domain/localized-routes.ts';
import type { AddressParts } from './address.ts';

export type NearbyState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; restaurants: RestaurantSummary[] }
  | { status: 'error' };

/** The home page's "restaurants in your neighbourhood" for the address the visitor entered. */
export const $nearby = atom<NearbyState>({ status: 'idle' });

/** The country whose postcode format the zip has (pl 00-000, ua 00000, pt 0000-000); null when none fits. */
export const countryOfZip = (zip: string): Country | null =>
  COUNTRIES.find((country) => isValidZipCode(country, zip)) ?? null;

/**
 * Asks which restaurants deliver to the address (by its postcode, in the country that postcode belongs to), named in
 * the page's language.
 */
export function loadNearby(address: AddressParts, lang: Locale, client: ApiClient = api): Promise<void> {
  return task(async () => {
    const zip = address.zip.trim();
    const country = countryOfZip(zip);
    if (!country) {
      $nearby.set({ status: 'ready', restaurants: [] });
      return;
    }
    $nearby.set({ status: 'loading' });
    const answer = await readAnswer(client.restaurants.$get({ query: { zip, country, lang } }));
    $nearby.set(answer.ok ? { status: 'ready', restaurants: answer.data.restaurants } : { status: 'error' });
  });
}
