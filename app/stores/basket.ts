import { atom } from 'nanostores';
import type { PricedBasket } from '#server/services/basket/priced.ts';
import { api, type ApiClient } from '#app/api-client.ts';

/** The visitor's basket as the server priced it (GET /api/basket); null until loaded. */
export type Basket = PricedBasket;

export const $basket = atom<Basket | null>(null);

/** Spec section 4: the basket is loaded from the server on each page. */
export async function loadBasket(client: ApiClient = api): Promise<void> {
  const response = await client.basket.$get();
  if (response.ok) $basket.set((await response.json()) as Basket);
}
