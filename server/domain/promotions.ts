import { Temporal } from 'temporal-polyfill';
import { RuleError } from './rule-error.ts';

// What a discount code may ask of an order beyond the spec's code, type, value, country, limit and active flag
// (issue 38): a validity window on the restaurant's clock, a minimum basket, once per customer, first order only, and
// a scope of brands, restaurants or menu categories. Each refusal has a key of its own, so the basket can say which.

export type PromotionRules = {
  /** Local date and time on the restaurant's clock, 'YYYY-MM-DDTHH:MM'; null is no bound. */
  validFrom: string | null;
  validTo: string | null;
  /** The products' value the basket must reach, in minor units; null is none. */
  minBasketValue: number | null;
  oncePerCustomer: boolean;
  firstOrderOnly: boolean;
  /** Null or empty: every brand, restaurant or category. */
  conceptIds: readonly number[] | null;
  restaurantIds: readonly number[] | null;
  categoryIds: readonly number[] | null;
};

export type PromotionFacts = {
  now: Temporal.Instant;
  timeZone: string;
  restaurant: { id: number; conceptId: number };
  /**
   * A line's own brand restaurant where a basket holds several brands (issue 35: a location sharing baskets); a line
   * without one is the restaurant's above.
   */
  lines: readonly { categoryId: number; value: number; restaurantId?: number; conceptId?: number }[];
  /** How often this customer (by account, or a guest's e-mail or phone) used the code on orders not canceled. */
  customerUses: number;
  /** The customer's earlier orders not canceled. */
  customerOrders: number;
};

const inScope = (list: readonly number[] | null, id: number) => !list || list.length === 0 || list.includes(id);
const onClock = (local: string, timeZone: string) =>
  Temporal.PlainDateTime.from(local).toZonedDateTime(timeZone, { disambiguation: 'earlier' }).toInstant();

type Scope = Pick<PromotionRules, 'categoryIds'> & Partial<Pick<PromotionRules, 'conceptIds' | 'restaurantIds'>>;
type Line = PromotionFacts['lines'][number];

/** A line's brand and restaurant: its own, or the basket's restaurant's when it names none. */
const brandOf = (line: Line, restaurant?: PromotionFacts['restaurant']) => ({
  id: line.restaurantId ?? restaurant?.id ?? 0,
  conceptId: line.conceptId ?? restaurant?.conceptId ?? 0,
});
const brandInScope = (rules: Scope, brand: { id: number; conceptId: number }): boolean =>
  inScope(rules.conceptIds ?? null, brand.conceptId) && inScope(rules.restaurantIds ?? null, brand.id);

/**
 * The value the discount is worked out on: the lines of its categories, brands and restaurants, or the whole
 * basket's products. In a basket of several brands (issue 35) a code for some brands discounts their lines only.
 */
export function eligibleValue(
  rules: Scope,
  lines: PromotionFacts['lines'],
  restaurant?: PromotionFacts['restaurant'],
): number {
  return lines.filter((line) => lineEligible(rules, line, restaurant)).reduce((sum, l) => sum + l.value, 0);
}

/** Whether a code's scope takes in a line: its category, brand and restaurant (the order keeps it per line). */
export const lineEligible = (rules: Scope, line: Line, restaurant?: PromotionFacts['restaurant']): boolean =>
  inScope(rules.categoryIds, line.categoryId) && brandInScope(rules, brandOf(line, restaurant));

/**
 * Throws the first rule the order breaks, in the order a customer can act on: when, where, what, how much, who. The
 * window is read on the restaurant's clock (from inclusive, to exclusive), so a code for "Friday 18:00–22:00" means
 * the same in Warsaw and in Kyiv. The minimum is on the eligible lines.
 */
export function assertPromotionApplies(rules: PromotionRules, facts: PromotionFacts): void {
  if (rules.validFrom && Temporal.Instant.compare(facts.now, onClock(rules.validFrom, facts.timeZone)) < 0)
    throw new RuleError('discountNotYetValid', 'the code is not valid yet', { validFrom: rules.validFrom });
  if (rules.validTo && Temporal.Instant.compare(facts.now, onClock(rules.validTo, facts.timeZone)) >= 0)
    throw new RuleError('discountExpired', 'the code has expired', { validTo: rules.validTo });
  // A basket of several brands takes a code for some of them when it holds any of their food (issue 35).
  const here =
    facts.lines.length > 0
      ? facts.lines.some((line) => brandInScope(rules, brandOf(line, facts.restaurant)))
      : brandInScope(rules, facts.restaurant);
  if (!here) throw new RuleError('discountNotHere', 'the code is for other brands or restaurants');
  const eligible = eligibleValue(rules, facts.lines, facts.restaurant);
  if (rules.categoryIds && rules.categoryIds.length > 0 && eligible === 0)
    throw new RuleError('discountNoEligibleItems', 'nothing in the basket is in the code’s categories');
  if (rules.minBasketValue !== null && eligible < rules.minBasketValue)
    throw new RuleError('discountBelowMinimum', 'the basket is below the code’s minimum', {
      minimum: rules.minBasketValue,
      missing: rules.minBasketValue - eligible,
    });
  if (rules.firstOrderOnly && facts.customerOrders > 0)
    throw new RuleError('discountFirstOrderOnly', 'the code is for a first order only');
  if (rules.oncePerCustomer && facts.customerUses > 0)
    throw new RuleError('discountAlreadyUsed', 'the customer has used the code');
}

/** The rule the order breaks, or null: assertPromotionApplies as a value, for an answer that shows it. */
export function promotionRefusal(rules: PromotionRules, facts: PromotionFacts): PromotionRefusal | null {
  try {
    assertPromotionApplies(rules, facts);
    return null;
  } catch (error) {
    if (error instanceof RuleError) return { key: error.key as PromotionRefusal['key'], details: error.details ?? {} };
    throw error;
  }
}

/** Why a discount code does not apply to this order: one of the rule keys above and what it says. */
export type PromotionRefusal = {
  key:
    | 'discountNotYetValid'
    | 'discountExpired'
    | 'discountNotHere'
    | 'discountNoEligibleItems'
    | 'discountBelowMinimum'
    | 'discountFirstOrderOnly'
    | 'discountAlreadyUsed';
  details: Record<string, unknown>;
};

/**
 * The window alone, for a basket that holds no food yet (no restaurant, so no scope, minimum or categories to judge):
 * read on the clock of the basket's country.
 */
export function assertPromotionWindow(rules: PromotionRules, now: Temporal.Instant, timeZone: string): void {
  assertPromotionApplies(
    { ...rules, minBasketValue: null, oncePerCustomer: false, firstOrderOnly: false, categoryIds: null },
    {
      now,
      timeZone,
      restaurant: { id: 0, conceptId: 0 },
      lines: [],
      customerUses: 0,
      customerOrders: 0,
    },
  );
}

/** A code asks who the customer is: once per customer or first order only. */
export const asksForCustomer = (rules: Pick<PromotionRules, 'oncePerCustomer' | 'firstOrderOnly'>): boolean =>
  rules.oncePerCustomer || rules.firstOrderOnly;

/**
 * The ways a once-per-customer code knows its customer, each kept once per code (discount_redemptions): the account,
 * and the e-mail and phone the order gives, so that logging out or ordering as a guest with the same e-mail or phone
 * does not use the code again. The e-mail in lower case; the phone by its last nine digits (phone-lookup.ts), as the
 * order search reads it.
 */
export function customerKeys(customer: { userId: string | null; email?: string | null; phone?: string | null }) {
  const keys: string[] = [];
  if (customer.userId) keys.push(`user:${customer.userId}`);
  const email = customer.email?.trim().toLowerCase();
  if (email) keys.push(`email:${email}`);
  const digits = customer.phone?.replace(/\D/g, '') ?? '';
  if (digits.length >= 9) keys.push(`phone:${digits.slice(-9)}`);
  return keys;
}

/** A stored window bound ('2026-12-24 18:00:00' or '2026-12-24T18:00') as the rules read it: 'YYYY-MM-DDTHH:MM'. */
export const localMinute = (value: string | null | undefined): string | null =>
  value ? value.replace(' ', 'T').slice(0, 16) : null;
