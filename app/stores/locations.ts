import { atom, task } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { api, type ApiClient } from '#app/api-client.ts';

/** GET /api/getLocationsAndConcepts: locations, concepts and cities, kept in application state (spec section 7). */
export type LocationsAndConcepts = InferResponseType<ApiClient['getLocationsAndConcepts']['$get'], 200>;

export const $locationsAndConcepts = atom<LocationsAndConcepts | null>(null);

/** Loads them once per page; a second caller shares the first answer. */
export function loadLocationsAndConcepts(client: ApiClient = api): Promise<void> {
  if ($locationsAndConcepts.get()) return Promise.resolve();
  return task(async () => {
    const response = await client.getLocationsAndConcepts.$get();
    if (response.status === 200) $locationsAndConcepts.set(await response.json());
  });
}
