import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RuleError } from './errors.ts';
import {
  DELIVERY_METHODS,
  type Discount,
  type PriceBasketInput,
  type RestaurantPricing,
  discountValueOf,
  linePrice,
  meetsMinimum,
  missingForMinimum,
  percentOf,
  priceBasket,
} from './pricing.ts';

const restaurant: RestaurantPricing = {
  deliveryValue: 999,
  minBasketValue: 2000,
  smallOrderThreshold: 4000,
  extraFee: 500,
};
const base: PriceBasketInput = {
  lines: [
    { unitPrice: 2990, quantity: 1 },
    { unitPrice: 1250, quantity: 2 },
  ],
  deliveryMethod: 'door2door',
  restaurant,
  serviceFee: 199,
};

describe('linePrice', () => {
  it('adds the chosen options to the item price', () => {
    expect(linePrice({ price: 2990, resetPrices: false }, [])).toBe(2990);
    expect(linePrice({ price: 2990, resetPrices: false }, [{ price: 400 }, { price: 0 }, { price: 350 }])).toBe(3740);
  });
  it("resetPrices zeroes the item's own price; the chosen options are still charged", () => {
    expect(linePrice({ price: 2990, resetPrices: true }, [])).toBe(0);
    expect(linePrice({ price: 2990, resetPrices: true }, [{ price: 400 }])).toBe(400);
    expect(linePrice({ price: 2990, resetPrices: true }, [{ price: 2400 }, { price: 0 }, { price: 350 }])).toBe(2750);
  });
  it('a build-your-own line costs its options times its quantity in the basket', () => {
    const unitPrice = linePrice({ price: 1990, resetPrices: true }, [{ price: 2400 }, { price: 600 }]);
    const summary = priceBasket({ ...base, lines: [{ unitPrice, quantity: 3 }] });
    expect(summary.productsValue).toBe(9000);
  });
  it.each([
    [{ price: 12.5, resetPrices: false }, []],
    [{ price: -1, resetPrices: false }, []],
    [{ price: 100, resetPrices: true }, [{ price: 0.5 }]],
  ])('refuses non-integer or negative money %j', (item, options) => {
    expect(() => linePrice(item, options)).toThrow(RuleError);
  });
});

describe('priceBasket', () => {
  it('adds products, delivery and service fee; extra fee below the threshold is not due here', () => {
    expect(priceBasket(base)).toEqual({
      productsValue: 5490,
      deliveryValue: 999,
      discountValue: 0,
      minBasketValue: 2000,
      extraFee: 0,
      serviceFee: 199,
      totalValue: 6688,
    });
  });

  it.each([
    [3999, 500],
    [4000, 0],
    [2000, 500],
  ])('products %d → extra fee %d', (products, extra) => {
    const s = priceBasket({ ...base, lines: [{ unitPrice: products, quantity: 1 }] });
    expect(s.extraFee).toBe(extra);
    expect(s.totalValue).toBe(products + 999 + 199 + extra);
  });

  it.each(DELIVERY_METHODS.filter((m) => m !== 'pickup'))('%s charges delivery', (deliveryMethod) => {
    expect(priceBasket({ ...base, deliveryMethod }).deliveryValue).toBe(999);
  });

  it('pickup shows delivery 0 and leaves it out of the total', () => {
    const s = priceBasket({ ...base, deliveryMethod: 'pickup' });
    expect(s.deliveryValue).toBe(0);
    expect(s.totalValue).toBe(5490 + 199);
  });

  it('an empty basket costs nothing', () => {
    expect(priceBasket({ ...base, lines: [] })).toEqual({
      productsValue: 0,
      deliveryValue: 0,
      discountValue: 0,
      minBasketValue: 2000,
      extraFee: 0,
      serviceFee: 0,
      totalValue: 0,
    });
  });

  it('free lines count for nothing', () => {
    const s = priceBasket({ ...base, lines: [...base.lines, { unitPrice: 0, quantity: 3 }] });
    expect(s.productsValue).toBe(5490);
  });

  describe('discounts', () => {
    it.each<[Discount, number, number]>([
      [{ type: 'amount', value: 1000 }, 1000, 5688],
      [{ type: 'amount', value: 9999 }, 5490, 1198],
      [{ type: 'amount', value: 0 }, 0, 6688],
      [{ type: 'percentage', value: 15 }, 824, 5864], // 823.5 → 824 (half up)
      [{ type: 'percentage', value: 10 }, 549, 6139],
      [{ type: 'percentage', value: 100 }, 5490, 1198],
      [{ type: 'percentage', value: 0 }, 0, 6688],
      [{ type: 'freeDelivery', value: 0 }, 999, 5689],
    ])('%j → discount %d, total %d', (discount, discountValue, totalValue) => {
      const s = priceBasket({ ...base, discount });
      expect(s.discountValue).toBe(discountValue);
      expect(s.totalValue).toBe(totalValue);
    });

    it('freeDelivery on pickup discounts nothing', () => {
      const s = priceBasket({ ...base, deliveryMethod: 'pickup', discount: { type: 'freeDelivery', value: 0 } });
      expect(s.discountValue).toBe(0);
      expect(s.totalValue).toBe(5490 + 199);
    });

    it('null and undefined discounts are no discount', () => {
      expect(priceBasket({ ...base, discount: null }).discountValue).toBe(0);
      expect(discountValueOf(undefined, 100, 100)).toBe(0);
    });

    it.each<Discount>([
      { type: 'percentage', value: 12.5 },
      { type: 'percentage', value: 101 },
      { type: 'percentage', value: -5 },
      { type: 'amount', value: -100 },
      { type: 'amount', value: 10.5 },
    ])('refuses %j', (discount) => {
      expect(() => priceBasket({ ...base, discount })).toThrow(RuleError);
    });
  });

  it('percentOf rounds half up to the minor unit', () => {
    expect(percentOf(3333, 15)).toBe(500); // 499.95
    expect(percentOf(3330, 15)).toBe(500); // 499.5
    expect(percentOf(3329, 15)).toBe(499); // 499.35
    expect(percentOf(1, 50)).toBe(1); // 0.5
    expect(percentOf(1, 49)).toBe(0); // 0.49
    expect(percentOf(0, 99)).toBe(0);
  });

  it.each<[string, Partial<PriceBasketInput>]>([
    ['fractional price', { lines: [{ unitPrice: 1.5, quantity: 1 }] }],
    ['negative price', { lines: [{ unitPrice: -100, quantity: 1 }] }],
    ['zero quantity', { lines: [{ unitPrice: 100, quantity: 0 }] }],
    ['fractional quantity', { lines: [{ unitPrice: 100, quantity: 1.5 }] }],
    ['huge total', { lines: [{ unitPrice: 2 ** 52, quantity: 4 }] }],
    ['fractional service fee', { serviceFee: 0.99 }],
    ['negative delivery', { restaurant: { ...restaurant, deliveryValue: -1 } }],
    ['bad minimum', { restaurant: { ...restaurant, minBasketValue: NaN } }],
    ['bad threshold', { restaurant: { ...restaurant, smallOrderThreshold: -1 } }],
    ['bad extra fee', { restaurant: { ...restaurant, extraFee: 1.1 } }],
  ])('refuses %s', (_name, patch) => {
    expect(() => priceBasket({ ...base, ...patch })).toThrow(RuleError);
  });
});

describe('meetsMinimum (the hard minimum, before discount)', () => {
  it.each([
    [1999, false],
    [2000, true],
    [2001, true],
  ])('products %d vs minimum 2000 → %s', (products, ok) => {
    expect(meetsMinimum(priceBasket({ ...base, lines: [{ unitPrice: products, quantity: 1 }] }))).toBe(ok);
  });
  it('a discount does not push a basket under the minimum', () => {
    const s = priceBasket({
      ...base,
      lines: [{ unitPrice: 2000, quantity: 1 }],
      discount: { type: 'amount', value: 500 },
    });
    expect(meetsMinimum(s)).toBe(true);
  });
  it('missingForMinimum is what the products lack, 0 once met, and agrees with meetsMinimum', () => {
    expect(missingForMinimum({ productsValue: 1500, minBasketValue: 2000 })).toBe(500);
    expect(missingForMinimum({ productsValue: 2500, minBasketValue: 2000 })).toBe(0);
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), (productsValue, minBasketValue) => {
        const missing = missingForMinimum({ productsValue, minBasketValue });
        expect(missing).toBeGreaterThanOrEqual(0);
        expect(missing === 0).toBe(meetsMinimum({ productsValue, minBasketValue }));
        if (missing > 0) expect(productsValue + missing).toBe(minBasketValue);
      }),
    );
  });
  it('no minimum means any basket', () => {
    expect(meetsMinimum({ productsValue: 0, minBasketValue: 0 })).toBe(true);
  });
});

describe('pricing invariants (property-based)', () => {
  const money = fc.integer({ min: 0, max: 100_000 });
  const discountArb: fc.Arbitrary<Discount | null> = fc.oneof(
    fc.constant(null),
    fc.record({ type: fc.constant('amount' as const), value: fc.integer({ min: 0, max: 200_000 }) }),
    fc.record({ type: fc.constant('percentage' as const), value: fc.integer({ min: 0, max: 100 }) }),
    fc.record({ type: fc.constant('freeDelivery' as const), value: fc.integer({ min: 0, max: 1000 }) }),
  );
  const inputArb: fc.Arbitrary<PriceBasketInput> = fc.record({
    lines: fc.array(fc.record({ unitPrice: money, quantity: fc.integer({ min: 1, max: 20 }) }), { maxLength: 8 }),
    deliveryMethod: fc.constantFrom(...DELIVERY_METHODS),
    restaurant: fc.record({ deliveryValue: money, minBasketValue: money, smallOrderThreshold: money, extraFee: money }),
    serviceFee: money,
    discount: discountArb,
  });

  it('total = products + delivery + fees − discount, all integers, never negative', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = priceBasket(input);
        expect(Object.values(s).every(Number.isSafeInteger)).toBe(true);
        expect(s.totalValue).toBe(s.productsValue + s.deliveryValue + s.extraFee + s.serviceFee - s.discountValue);
        expect(s.totalValue).toBeGreaterThanOrEqual(0);
        expect(Object.values(s).every((v) => v >= 0)).toBe(true);
      }),
    );
  });

  it('pickup never charges delivery', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = priceBasket({ ...input, deliveryMethod: 'pickup' });
        expect(s.deliveryValue).toBe(0);
        const withoutDelivery = priceBasket({ ...input, deliveryMethod: 'pickup', discount: null });
        expect(withoutDelivery.totalValue).toBe(s.productsValue + s.extraFee + s.serviceFee);
      }),
    );
  });

  it('a discount never exceeds what it discounts', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = priceBasket(input);
        const limit = input.discount?.type === 'freeDelivery' ? s.deliveryValue : s.productsValue;
        expect(s.discountValue).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('percentage rounding never gains or loses more than one minor unit (at most half of one)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 100 }), (amount, percent) => {
        const exact = (amount * percent) / 100;
        const rounded = percentOf(amount, percent);
        expect(Number.isInteger(rounded)).toBe(true);
        expect(Math.abs(rounded - exact)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(rounded - exact)).toBeLessThan(1);
      }),
    );
  });

  it('more products never lower the total', () => {
    fc.assert(
      fc.property(inputArb, money, (input, extra) => {
        const before = priceBasket({ ...input, discount: null });
        const after = priceBasket({
          ...input,
          discount: null,
          lines: [...input.lines, { unitPrice: extra, quantity: 1 }],
        });
        // The extra fee can drop once the threshold is crossed, but never by more than it costs.
        expect(after.totalValue).toBeGreaterThanOrEqual(before.totalValue - input.restaurant.extraFee);
      }),
    );
  });
});
