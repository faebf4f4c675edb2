import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, splitByBrand, type SplitOrder } from './brand-split.ts';
import { percentOf } from './pricing.ts';

const PASTA = 11;
const SUSHI = 14;
const PIEROGI = 13;

describe('apportion', () => {
  it('splits in proportion and gives the leftover units to the largest remainders', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(100, [2, 1])).toEqual([67, 33]);
    // 10·3/7 = 4.29, 10·4/7 = 5.71: the one unit left goes to the larger remainder (the second).
    expect(apportion(10, [3, 4])).toEqual([4, 6]);
    expect(apportion(0, [5, 7])).toEqual([0, 0]);
    expect(apportion(7, [0, 3])).toEqual([0, 7]);
  });

  it('shares equally when every weight is zero, and refuses what it cannot split', () => {
    expect(apportion(5, [0, 0])).toEqual([3, 2]);
    expect(apportion(0, [])).toEqual([]);
    expect(() => apportion(1, [])).toThrow(RangeError);
    expect(() => apportion(-1, [1])).toThrow(RangeError);
    expect(() => apportion(1.5, [1])).toThrow(RangeError);
    expect(() => apportion(1, [-1, 2])).toThrow(RangeError);
  });

  it('always sums to the amount, each share within one unit of its exact quota', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000_000 }),
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        (amount, weights) => {
          const shares = apportion(amount, weights);
          expect(shares.reduce((a, s) => a + s, 0)).toBe(amount);
          const sum = weights.reduce((a, w) => a + w, 0);
          shares.forEach((share, i) => {
            const quota = sum === 0 ? amount / weights.length : (amount * weights[i]!) / sum;
            expect(share).toBeGreaterThanOrEqual(Math.floor(quota));
            expect(share).toBeLessThanOrEqual(Math.ceil(quota));
          });
        },
      ),
    );
  });
});

/** An order priced as the basket prices one: products, a discount no larger than what it discounts, fees. */
const orderArb = fc
  .record({
    lead: fc.constantFrom(PASTA, SUSHI, PIEROGI),
    lines: fc.array(
      fc.record({
        restaurantId: fc.constantFrom(PASTA, SUSHI, PIEROGI, 15),
        value: fc.nat({ max: 50_000 }),
        discounted: fc.boolean(),
      }),
      { minLength: 0, maxLength: 8 },
    ),
    discount: fc.oneof(
      fc.constant(null),
      fc.record({ type: fc.constant('percentage' as const), value: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ type: fc.constant('amount' as const), value: fc.nat({ max: 20_000 }) }),
      fc.record({ type: fc.constant('freeDelivery' as const), value: fc.constant(0) }),
    ),
    perLine: fc.boolean(),
    deliveryCosts: fc.nat({ max: 2_000 }),
    serviceFee: fc.nat({ max: 500 }),
    extraFee: fc.nat({ max: 900 }),
  })
  .map(({ lead, lines, discount, perLine, deliveryCosts, serviceFee, extraFee }): SplitOrder => {
    const value = lines.reduce((a, l) => a + l.value, 0);
    // A code for some brands or categories discounts its lines only, when the order says which (perLine).
    const base = perLine ? lines.filter((l) => l.discounted).reduce((a, l) => a + l.value, 0) : value;
    const discountValue =
      discount === null
        ? 0
        : discount.type === 'percentage'
          ? percentOf(base, discount.value)
          : discount.type === 'amount'
            ? Math.min(discount.value, base)
            : deliveryCosts;
    return {
      restaurantId: lead,
      value,
      discountValue,
      discountType: discount?.type ?? null,
      deliveryCosts,
      serviceFee,
      extraFee,
      lines: perLine ? lines : lines.map(({ restaurantId, value }) => ({ restaurantId, value })),
    };
  });
const totalOf = (o: SplitOrder) => o.value - o.discountValue + o.deliveryCosts + o.serviceFee + o.extraFee;

describe('splitByBrand', () => {
  it('gives a multi-brand order to its brands by their lines, discount and fees pro rata', () => {
    const shares = splitByBrand({
      restaurantId: PASTA,
      value: 6000,
      discountValue: 600,
      discountType: 'percentage',
      deliveryCosts: 999,
      serviceFee: 199,
      extraFee: 0,
      lines: [
        { restaurantId: PASTA, value: 2000 },
        { restaurantId: SUSHI, value: 3000 },
        { restaurantId: PASTA, value: 1000 },
      ],
    });
    // Half each by products; 999 and 199 leave one unit each, to the lower id on a tie.
    expect(shares).toEqual([
      {
        restaurantId: PASTA,
        value: 3000,
        discountValue: 300,
        deliveryCosts: 500,
        serviceFee: 100,
        extraFee: 0,
        total: 3300,
      },
      {
        restaurantId: SUSHI,
        value: 3000,
        discountValue: 300,
        deliveryCosts: 499,
        serviceFee: 99,
        extraFee: 0,
        total: 3298,
      },
    ]);
    expect(shares.reduce((a, s) => a + s.total, 0)).toBe(6000 - 600 + 999 + 199);
  });

  it('takes a discount from the lines it applied to, when the lines say so', () => {
    const [pasta, sushi] = splitByBrand({
      restaurantId: PASTA,
      value: 5000,
      discountValue: 500,
      discountType: 'amount',
      deliveryCosts: 0,
      serviceFee: 0,
      extraFee: 0,
      lines: [
        { restaurantId: PASTA, value: 2000, discounted: false },
        { restaurantId: SUSHI, value: 3000, discounted: true },
      ],
    });
    expect(pasta).toMatchObject({ value: 2000, discountValue: 0, total: 2000 });
    expect(sushi).toMatchObject({ value: 3000, discountValue: 500, total: 2500 });
  });

  it('splits a free-delivery discount as the delivery it discounts', () => {
    const shares = splitByBrand({
      restaurantId: PASTA,
      value: 4000,
      discountValue: 999,
      discountType: 'freeDelivery',
      deliveryCosts: 999,
      serviceFee: 0,
      extraFee: 0,
      lines: [
        { restaurantId: PASTA, value: 1000, discounted: false },
        { restaurantId: SUSHI, value: 3000, discounted: false },
      ],
    });
    expect(shares.map((s) => [s.deliveryCosts, s.discountValue, s.total])).toEqual([
      [250, 250, 1000],
      [749, 749, 3000],
    ]);
  });

  it('gives an order without lines to the restaurant it was placed at', () => {
    const shares = splitByBrand({
      restaurantId: SUSHI,
      value: 1500,
      discountValue: 0,
      discountType: null,
      deliveryCosts: 500,
      serviceFee: 0,
      extraFee: 100,
      lines: [],
    });
    expect(shares).toEqual([
      {
        restaurantId: SUSHI,
        value: 1500,
        discountValue: 0,
        deliveryCosts: 500,
        serviceFee: 0,
        extraFee: 100,
        total: 2100,
      },
    ]);
  });

  it('sums every column over the brands to the order’s own, and no brand’s share is negative', () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const shares = splitByBrand(order);
        const sum = (key: keyof Omit<SplitOrder, 'lines' | 'restaurantId' | 'discountType'>) =>
          shares.reduce((a, s) => a + s[key], 0);
        expect(sum('value')).toBe(order.value);
        expect(sum('discountValue')).toBe(order.discountValue);
        expect(sum('deliveryCosts')).toBe(order.deliveryCosts);
        expect(sum('serviceFee')).toBe(order.serviceFee);
        expect(sum('extraFee')).toBe(order.extraFee);
        expect(shares.reduce((a, s) => a + s.total, 0)).toBe(totalOf(order));
        for (const share of shares) {
          expect(share.total).toBeGreaterThanOrEqual(0);
          expect(share.value).toBe(
            order.lines.filter((l) => l.restaurantId === share.restaurantId).reduce((a, l) => a + l.value, 0),
          );
        }
        expect(new Set(shares.map((s) => s.restaurantId)).size).toBe(shares.length);
      }),
    );
  });

  it('reports a single-brand order exactly as the order itself', () => {
    fc.assert(
      fc.property(orderArb, (generated) => {
        // The same lines, all cooked by the order's own restaurant: the products value and the discount stay.
        const single = {
          ...generated,
          lines: generated.lines.map((l) => ({ ...l, restaurantId: generated.restaurantId })),
        };
        expect(splitByBrand(single)).toEqual([
          {
            restaurantId: single.restaurantId,
            value: single.value,
            discountValue: single.discountValue,
            deliveryCosts: single.deliveryCosts,
            serviceFee: single.serviceFee,
            extraFee: single.extraFee,
            total: totalOf(single),
          },
        ]);
      }),
    );
  });
});
