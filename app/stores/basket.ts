import { atom, task } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { api, type ApiClient } from '#app/api-client.ts';
import { createFetchState } from './fetch-state.ts';

/** The basket as GET /api/basket answers it (priced on the server); null until it has been loaded. */
export type Basket = InferResponseType<ApiClient['basket']['$get'], 200>;

export const $basket = atom<Basket | null>(null);

/** Whether the basket is being loaded or failed to load (the widget shows it; spec section 4 fetch state). */
export const basketFetch = createFetchState();

/** Spec section 4: the basket is loaded from the server on each page; the answer replaces what the page held. */
export function loadBasket(client: ApiClient = api): Promise<boolean> {
  return task(() =>
    basketFetch.run(async () => {
      const response = await client.basket.$get();
      if (response.status !== 200) return false;
      $basket.set(await response.json());
      return true;
    }),
  );
}
