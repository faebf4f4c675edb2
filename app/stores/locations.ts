import { atom, task } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { api, type ApiClient } from '#app/api-client.ts';
import type { Locale } from '#domain/localized-routes.ts';

/** GET /api/getLocationsAndConcepts: locations, concepts and cities, kept in application state (spec section 7). */
export type LocationsAndConcepts = InferResponseType<ApiClient['getLocationsAndConcepts']['$get'], 200>;

export const $locationsAndConcepts = atom<LocationsAndConcepts | null>(null);
/** The last load failed (the footer says so instead of waiting for ever). */
export const $locationsFailed = atom(false);

/** Loads them once per page, named in the page's language; a second caller shares the first answer. */
export function loadLocationsAndConcepts(lang: Locale, client: ApiClient = api): Promise<void> {
  if ($locationsAndConcepts.get()) return Promise.resolve();
  return task(async () => {
    try {
      const response = await client.getLocationsAndConcepts.$get({ query: { lang } });
      if (response.status !== 200) throw new Error(`answered ${response.status}`);
      $locationsAndConcepts.set(await response.json());
      $locationsFailed.set(false);
    } catch (error) {
      console.warn('locations and concepts: not loaded', error);
      $locationsFailed.set(true);
    }
  });
}
