import { atom, task } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { $basket, type Basket } from './basket.ts';

export type AddItemInput = { menuItemId: number; quantity: number; optionIds: number[] };

/**
 * The basket holds another restaurant's food (restaurantLocation) or food from another location of the chain
 * (mishmashedLocations): the shop asks whether to empty the basket and add this item instead.
 */
export type BasketConflict = { key: 'restaurantLocation' | 'mishmashedLocations'; pending: AddItemInput };

export const $basketConflict = atom<BasketConflict | null>(null);
/** The error key of the last refused basket change other than a conflict (requiredOptions, productUnavailable…). */
export const $basketError = atom<string | null>(null);
export const $basketBusy = atom(false);

type Outcome = 'added' | 'conflict' | 'refused';

const errorKeyOf = async (response: Response): Promise<string> => {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : 'internalError';
};

/** Adds an item with its options; the server prices it and answers the whole basket, which replaces ours. */
export function addToBasket(input: AddItemInput, client: ApiClient = api): Promise<Outcome> {
  return task(async () => {
    $basketBusy.set(true);
    $basketError.set(null);
    try {
      const response = await client.basket.items.$post({ json: input });
      if (response.ok) {
        $basket.set((await response.json()) as Basket);
        return 'added';
      }
      const key = await errorKeyOf(response);
      if (key === 'restaurantLocation' || key === 'mishmashedLocations') {
        $basketConflict.set({ key, pending: input });
        return 'conflict';
      }
      $basketError.set(key);
      return 'refused';
    } catch {
      $basketError.set('internalError');
      return 'refused';
    } finally {
      $basketBusy.set(false);
    }
  });
}

/** Empties the basket (GET /api/basket/clear, as the spec names it). */
export function clearBasket(client: ApiClient = api): Promise<boolean> {
  return task(async () => {
    const response = await client.basket.clear.$get().catch(() => null);
    if (!response?.ok) {
      $basketError.set(response ? await errorKeyOf(response) : 'internalError');
      return false;
    }
    $basket.set((await response.json()) as Basket);
    return true;
  });
}

/** The visitor chose to start over: empty the basket, then add the item that was refused. */
export async function clearBasketAndAdd(client: ApiClient = api): Promise<Outcome> {
  const conflict = $basketConflict.get();
  $basketConflict.set(null);
  if (!conflict) return 'refused';
  if (!(await clearBasket(client))) return 'refused';
  return addToBasket(conflict.pending, client);
}

/** The visitor keeps the basket as it is. */
export function keepBasket(): void {
  $basketConflict.set(null);
}

export function dismissBasketError(): void {
  $basketError.set(null);
}
