import { describe, expect, it } from 'vitest';
import { kitchenFit, sharingKitchen } from './kitchen-fit.ts';

const MOKOTOW = 1;
const WOLA = 2;
const pasta = { id: 10, location: { id: MOKOTOW } };
const sushi = { id: 11, location: { id: MOKOTOW } };
const burger = { id: 20, location: { id: WOLA } };

const basketOf = (restaurantIds: number[], location: { id: number } | null, shared = false) => ({
  lines: restaurantIds.map((restaurantId) => ({ kitchen: { restaurantId } })),
  location,
  shared,
});

describe('kitchenFit', () => {
  it('lets any restaurant start an empty basket', () => {
    expect(kitchenFit(null, pasta)).toBe('free');
    expect(kitchenFit(basketOf([], null), burger)).toBe('free');
  });

  it('offers the other brands of a kitchen that shares baskets, and asks to empty it for another kitchen', () => {
    const shared = basketOf([pasta.id], { id: MOKOTOW }, true);
    expect(kitchenFit(shared, pasta)).toBe('inBasket');
    expect(kitchenFit(shared, sushi)).toBe('sameBasket');
    expect(kitchenFit(shared, burger)).toBe('needsEmpty');
    expect(sharingKitchen(shared)).toEqual({ id: MOKOTOW });
  });

  it('keeps one restaurant per basket where the kitchen does not share (the setting off or not sent)', () => {
    for (const location of [{ id: MOKOTOW, sharedBaskets: false }, { id: MOKOTOW }]) {
      const basket = basketOf([pasta.id], location);
      expect(kitchenFit(basket, pasta)).toBe('inBasket');
      expect(kitchenFit(basket, sushi)).toBe('needsEmpty');
      expect(sharingKitchen(basket)).toBeNull();
    }
  });

  it('names every brand already in a shared basket as in it', () => {
    const basket = basketOf([pasta.id, sushi.id], { id: MOKOTOW }, true);
    expect(kitchenFit(basket, sushi)).toBe('inBasket');
    expect(sharingKitchen(basketOf([], { id: MOKOTOW }, true))).toBeNull();
  });
});
