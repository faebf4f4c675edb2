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
  lines: readonly { categoryId: number; value: number }[];
  /** How often this customer (by account, or a guest's e-mail or phone) used the code on orders not canceled. */
  customerUses: number;
  /** The customer's earlier orders not canceled. */
  customerOrders: number;
};

const inScope = (list: readonly number[] | null, id: number) => !list || list.length === 0 || list.includes(id);
const onClock = (local: string, timeZone: string) =>
  Temporal.PlainDateTime.from(local).toZonedDateTime(timeZone, { disambiguation: 'earlier' }).toInstant();

/** The value the discount is worked out on: the lines of its categories, or the whole basket's products. */
export function eligibleValue(rules: Pick<PromotionRules, 'categoryIds'>, lines: PromotionFacts['lines']): number {
  return lines.filter((line) => inScope(rules.categoryIds, line.categoryId)).reduce((sum, l) => sum + l.value, 0);
}

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
  if (!inScope(rules.conceptIds, facts.restaurant.conceptId) || !inScope(rules.restaurantIds, facts.restaurant.id))
    throw new RuleError('discountNotHere', 'the code is for other brands or restaurants');
  const eligible = eligibleValue(rules, facts.lines);
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
