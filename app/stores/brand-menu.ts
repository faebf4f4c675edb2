import { atom, task } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import type { ApiClient } from '#app/api-client.ts';
import { apiBase } from '#app/api-base.ts';

/**
 * What GET /api/restaurants/:idOrSlug (and /api/concepts/:slug/menu) answers, as the route declares it; the brand
 * site shows part of it.
 */
export type RestaurantMenu = InferResponseType<ApiClient['restaurants'][':idOrSlug']['$get'], 200>;
export type MenuItem = RestaurantMenu['categories'][number]['items'][number];

export type BrandMenuState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; restaurant: RestaurantMenu } | { status: 'error' };

export const $brandMenu = atom<BrandMenuState>({ status: 'idle' });

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Where a menu is read: the brand's default restaurant's, which the admin picks (the brand site, built without a
 * database, asks for it by the brand), or a given restaurant's (the shop's concept page, which knows it).
 */
export const menuPath = (from: { concept: string } | { restaurant: string }): string =>
  'concept' in from
    ? `/api/concepts/${encodeURIComponent(from.concept)}/menu`
    : `/api/restaurants/${encodeURIComponent(from.restaurant)}`;

/**
 * Loads a menu from `path` (menuPath); a failure leaves an error state the island offers to retry. A plain GET of
 * the route the typed client would call (its answer typed as the route declares it): the brand landing page loads
 * this at once, and the typed client with its error catalogue would more than double its JavaScript (decision 039).
 */
export function loadBrandMenu(path: string, fetchFrom: Fetch = (input, init) => fetch(input, init)): Promise<void> {
  return task(async () => {
    $brandMenu.set({ status: 'loading' });
    try {
      const response = await fetchFrom(`${apiBase()}${path}`, {
        method: 'GET',
        headers: { accept: 'application/json' },
      });
      if (response.status !== 200) throw new Error(`menu answered ${response.status}`);
      $brandMenu.set({ status: 'ready', restaurant: (await response.json()) as RestaurantMenu });
    } catch {
      $brandMenu.set({ status: 'error' });
    }
  });
}

/** The price a guest pays for an item: resetPrices items cost nothing on their own (spec section 3). */
export const shownPrice = (item: MenuItem): number => (item.resetPrices ? 0 : item.price);
