import { atom, task } from 'nanostores';
import type { Currency } from '#server/domain/money.ts';
import { apiBase } from './api-base.ts';

/** What GET /api/restaurants/:idOrSlug answers; the brand site shows only this much of it. */
export type MenuOption = { id: number | string; name: string; price: number; unavailable: boolean };
export type MenuGroup = {
  id: number | string;
  name: string;
  required: boolean;
  min: number;
  max: number;
  options: MenuOption[];
};
export type MenuItem = {
  id: number | string;
  name: string;
  desc: string | null;
  /** Minor units. */
  price: number;
  photo: string | null;
  resetPrices: boolean;
  unavailable: boolean;
  groups: MenuGroup[];
};
export type MenuCategory = { id: number | string; name: string; items: MenuItem[] };
export type RestaurantMenu = {
  slug: string;
  name: string;
  currency: Currency;
  state: { state: 'open' | 'closed' | 'unavailable'; nextOpening: string | null };
  categories: MenuCategory[];
};

export type BrandMenuState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; restaurant: RestaurantMenu } | { status: 'error' };

export const $brandMenu = atom<BrandMenuState>({ status: 'idle' });

/** Loads the default restaurant's menu; a failure leaves an error state the island offers to retry. */
export function loadBrandMenu(restaurant: string): Promise<void> {
  return task(async () => {
    $brandMenu.set({ status: 'loading' });
    try {
      const response = await fetch(`${apiBase()}/api/restaurants/${encodeURIComponent(restaurant)}`, {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`menu answered ${response.status}`);
      $brandMenu.set({ status: 'ready', restaurant: (await response.json()) as RestaurantMenu });
    } catch {
      $brandMenu.set({ status: 'error' });
    }
  });
}

/** The price a guest pays for an item: resetPrices items cost nothing on their own (spec section 3). */
export const shownPrice = (item: MenuItem): number => (item.resetPrices ? 0 : item.price);
