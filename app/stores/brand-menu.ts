import { atom, task } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { api, type ApiClient } from '#app/api-client.ts';

/** What GET /api/restaurants/:idOrSlug answers, as the route declares it; the brand site shows part of it. */
export type RestaurantMenu = InferResponseType<ApiClient['restaurants'][':idOrSlug']['$get'], 200>;
export type MenuItem = RestaurantMenu['categories'][number]['items'][number];

export type BrandMenuState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; restaurant: RestaurantMenu } | { status: 'error' };

export const $brandMenu = atom<BrandMenuState>({ status: 'idle' });

/** Loads the default restaurant's menu; a failure leaves an error state the island offers to retry. */
export function loadBrandMenu(restaurant: string, client: ApiClient = api): Promise<void> {
  return task(async () => {
    $brandMenu.set({ status: 'loading' });
    try {
      const response = await client.restaurants[':idOrSlug'].$get({ param: { idOrSlug: restaurant }, query: {} });
      if (response.status !== 200) throw new Error(`menu answered ${response.status}`);
      $brandMenu.set({ status: 'ready', restaurant: await response.json() });
    } catch {
      $brandMenu.set({ status: 'error' });
    }
  });
}

/** The price a guest pays for an item: resetPrices items cost nothing on their own (spec section 3). */
export const shownPrice = (item: MenuItem): number => (item.resetPrices ? 0 : item.price);
