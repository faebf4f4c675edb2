import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closedBrands, lineBlock, sharedTerms, type BrandTerms } from './shared-basket.ts';

const terms = fc.record({
  deliveryValue: fc.nat(10_000),
  minBasketValue: fc.nat(50_000),
  smallOrderThreshold: fc.nat(50_000),
  extraFee: fc.nat(5_000),
  preparationMinutes: fc.integer({ min: 1, max: 120 }),
  autoAccept: fc.boolean(),
});

describe('a shared basket’s terms (decision 066)', () => {
  const pasta: BrandTerms = {
    deliveryValue: 799,
    minBasketValue: 3000,
    smallOrderThreshold: 5000,
    extraFee: 499,
    preparationMinutes: 25,
    autoAccept: true,
  };
  const sushi: BrandTerms = {
    deliveryValue: 999,
    minBasketValue: 4000,
    smallOrderThreshold: 4000,
    extraFee: 299,
    preparationMinutes: 35,
    autoAccept: false,
  };

  it('asks one fee and one minimum: the largest any brand asks alone, and the slowest brand’s time', () => {
    expect(sharedTerms([pasta, sushi])).toEqual({
      deliveryValue: 999,
      minBasketValue: 4000,
      smallOrderThreshold: 5000,
      extraFee: 499,
      preparationMinutes: 35,
      autoAccept: false,
    });
  });

  it('is a one-brand basket’s own terms, whichever brand went in first, and never below any brand’s', () => {
    fc.assert(
      fc.property(fc.array(terms, { minLength: 1, maxLength: 5 }), (brands) => {
        const bag = sharedTerms(brands);
        expect(sharedTerms([...brands].reverse())).toEqual(bag);
        for (const brand of brands) {
          expect(bag.deliveryValue).toBeGreaterThanOrEqual(brand.deliveryValue);
          expect(bag.minBasketValue).toBeGreaterThanOrEqual(brand.minBasketValue);
        }
        expect(brands.some((b) => b.deliveryValue === bag.deliveryValue)).toBe(true);
        expect(sharedTerms([brands[0]!])).toEqual(brands[0]);
      }),
    );
  });

  it('refuses a basket of no brand', () => {
    expect(() => sharedTerms([])).toThrow();
  });
});

describe('which lines stop a shared basket’s order', () => {
  it('singles out a brand that closed or was switched off while another is open', () => {
    const closed = closedBrands([
      { restaurantId: 1, isEnabled: true, open: true },
      { restaurantId: 2, isEnabled: true, open: false },
      { restaurantId: 3, isEnabled: false, open: true },
    ]);
    expect([...closed].sort()).toEqual([2, 3]);
    expect(lineBlock({ unavailable: false, restaurantId: 2 }, closed)).toBe('restaurantClosed');
    expect(lineBlock({ unavailable: false, restaurantId: 1 }, closed)).toBeNull();
    expect(lineBlock({ unavailable: true, restaurantId: 1 }, closed)).toBe('productUnavailable');
  });

  it('singles out none when the whole kitchen is closed: the basket is closed as a one-brand basket is', () => {
    const closed = closedBrands([
      { restaurantId: 1, isEnabled: true, open: false },
      { restaurantId: 2, isEnabled: true, open: false },
    ]);
    expect(closed.size).toBe(0);
  });
});
