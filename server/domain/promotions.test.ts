import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  type PromotionFacts,
  type PromotionRules,
  asksForCustomer,
  assertPromotionApplies,
  assertPromotionWindow,
  customerKeys,
  eligibleValue,
  localMinute,
  promotionRefusal,
} from './promotions.ts';
import type { RuleError } from './rule-error.ts';

const NONE: PromotionRules = {
  validFrom: null,
  validTo: null,
  minBasketValue: null,
  oncePerCustomer: false,
  firstOrderOnly: false,
  conceptIds: null,
  restaurantIds: null,
  categoryIds: null,
};
const at = (local: string, zone: string) => Temporal.ZonedDateTime.from(`${local}[${zone}]`).toInstant();
const facts = (over: Partial<PromotionFacts> = {}): PromotionFacts => ({
  now: at('2026-11-27T19:00', 'Europe/Warsaw'),
  timeZone: 'Europe/Warsaw',
  restaurant: { id: 1, conceptId: 3 },
  lines: [
    { categoryId: 10, value: 4000 },
    { categoryId: 11, value: 1500 },
  ],
  customerUses: 0,
  customerOrders: 0,
  ...over,
});

function refusal(rules: Partial<PromotionRules>, over: Partial<PromotionFacts> = {}) {
  try {
    assertPromotionApplies({ ...NONE, ...rules }, facts(over));
    return null;
  } catch (error) {
    return { key: (error as RuleError).key, details: (error as RuleError).details };
  }
}

describe('a discount code’s rules', () => {
  it('with none set, applies to any order', () => {
    expect(refusal({})).toBeNull();
    expect(refusal({ conceptIds: [], restaurantIds: [], categoryIds: [] })).toBeNull();
  });

  it('holds from its start, inclusive, to its end, exclusive, on the restaurant’s clock', () => {
    const friday = { validFrom: '2026-11-27T18:00', validTo: '2026-11-27T22:00' };
    expect(refusal(friday, { now: at('2026-11-27T17:59', 'Europe/Warsaw') })).toMatchObject({
      key: 'discountNotYetValid',
      details: { validFrom: '2026-11-27T18:00' },
    });
    expect(refusal(friday, { now: at('2026-11-27T18:00', 'Europe/Warsaw') })).toBeNull();
    expect(refusal(friday, { now: at('2026-11-27T22:00', 'Europe/Warsaw') })?.key).toBe('discountExpired');
    // 18:30 in Kyiv is 17:30 in Warsaw: a Kyiv restaurant's code for 18:00 holds by Kyiv's clock.
    const kyiv = { now: at('2026-11-27T18:30', 'Europe/Kyiv'), timeZone: 'Europe/Kyiv' };
    expect(refusal(friday, kyiv)).toBeNull();
    expect(refusal(friday, { now: kyiv.now })?.key).toBe('discountNotYetValid');
  });

  it('is refused for another brand or restaurant, and for a basket with nothing of its categories', () => {
    expect(refusal({ conceptIds: [4] })?.key).toBe('discountNotHere');
    expect(refusal({ restaurantIds: [2, 5] })?.key).toBe('discountNotHere');
    expect(refusal({ conceptIds: [3], restaurantIds: [1] })).toBeNull();
    expect(refusal({ categoryIds: [99] })?.key).toBe('discountNoEligibleItems');
  });

  it('counts its minimum on the lines it applies to, and says how much is missing', () => {
    expect(refusal({ minBasketValue: 5500 })).toBeNull();
    expect(refusal({ minBasketValue: 5501 })).toEqual({
      key: 'discountBelowMinimum',
      details: { minimum: 5501, missing: 1 },
    });
    expect(refusal({ minBasketValue: 2000, categoryIds: [11] })).toEqual({
      key: 'discountBelowMinimum',
      details: { minimum: 2000, missing: 500 },
    });
  });

  it('first order only and once per customer look at the customer’s history', () => {
    expect(refusal({ firstOrderOnly: true }, { customerOrders: 1 })?.key).toBe('discountFirstOrderOnly');
    expect(refusal({ firstOrderOnly: true })).toBeNull();
    expect(refusal({ oncePerCustomer: true }, { customerUses: 1, customerOrders: 3 })?.key).toBe('discountAlreadyUsed');
    expect(refusal({ oncePerCustomer: true }, { customerOrders: 3 })).toBeNull();
  });

  it('the eligible value is the lines of its categories, or every line (property)', () => {
    const line = fc.record({ categoryId: fc.integer({ min: 1, max: 5 }), value: fc.integer({ min: 0, max: 10_000 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), fc.array(fc.integer({ min: 1, max: 5 })), (lines, categories) => {
        const all = lines.reduce((sum, l) => sum + l.value, 0);
        const chosen = eligibleValue({ categoryIds: categories }, lines);
        expect(chosen).toBeLessThanOrEqual(all);
        if (categories.length === 0) expect(chosen).toBe(all);
        expect(eligibleValue({ categoryIds: null }, lines)).toBe(all);
      }),
    );
  });
});

describe('a discount code’s refusal as a value, and its customer', () => {
  it('promotionRefusal answers what assertPromotionApplies throws, for any rules', () => {
    const rules = fc.record({
      validFrom: fc.constantFrom(null, '2026-11-27T18:00', '2026-11-28T00:00'),
      validTo: fc.constantFrom(null, '2026-11-27T20:00', '2026-11-27T19:00'),
      minBasketValue: fc.option(fc.integer({ min: 0, max: 10_000 })),
      oncePerCustomer: fc.boolean(),
      firstOrderOnly: fc.boolean(),
      conceptIds: fc.option(fc.array(fc.integer({ min: 1, max: 4 }))),
      restaurantIds: fc.option(fc.array(fc.integer({ min: 1, max: 3 }))),
      categoryIds: fc.option(fc.array(fc.integer({ min: 9, max: 12 }))),
    });
    const uses = fc.record({ customerUses: fc.nat(2), customerOrders: fc.nat(2) });
    fc.assert(
      fc.property(rules, uses, (r, u) => {
        expect(promotionRefusal(r, facts(u))?.key ?? null).toBe(refusal(r, u)?.key ?? null);
      }),
    );
  });

  it('the window alone judges a basket with no food yet', () => {
    const rules = { ...NONE, validTo: '2026-11-27T18:00', minBasketValue: 99_999, categoryIds: [1] };
    expect(() => assertPromotionWindow(rules, facts().now, 'Europe/Warsaw')).toThrow('expired');
    expect(() => assertPromotionWindow({ ...rules, validTo: null }, facts().now, 'Europe/Warsaw')).not.toThrow();
  });

  it('knows a customer by account, e-mail in lower case and the phone’s last nine digits', () => {
    expect(customerKeys({ userId: 'u1', email: ' Jan@Example.com ', phone: '+48 600 700 800' })).toEqual([
      'user:u1',
      'email:jan@example.com',
      'phone:600700800',
    ]);
    expect(customerKeys({ userId: null, email: '', phone: '123' })).toEqual([]);
    expect(asksForCustomer({ oncePerCustomer: false, firstOrderOnly: true })).toBe(true);
  });

  it('reads a stored bound on the minute', () => {
    expect(localMinute('2026-12-24 18:00:00')).toBe('2026-12-24T18:00');
    expect(localMinute('2026-12-24T18:00:00')).toBe('2026-12-24T18:00');
    expect(localMinute(null)).toBeNull();
  });
});
