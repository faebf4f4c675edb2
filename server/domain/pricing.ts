import { RuleError } from './errors.ts';

export const DELIVERY_METHODS = ['door2door', 'outside', 'leave@door', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const DISCOUNT_TYPES = ['amount', 'percentage', 'freeDelivery'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** unitPrice: the item's price (0 when resetPrices) plus its chosen options, in minor units. */
export type PricedLine = { unitPrice: number; quantity: number };

/**
 * amount: minor units off the products. percentage: whole percent (15 = 15 %) of the products.
 * freeDelivery: value is ignored; the delivery value is taken off.
 */
/** `base`: the products' value it discounts when that is not all of them (a code for some categories, issue 38). */
export type Discount = { type: DiscountType; value: number; base?: number };

export type RestaurantPricing = {
  deliveryValue: number;
  /** Hard minimum: below it the order cannot be placed (minBasketValueError). */
  minBasketValue: number;
  /** Below this products value the extraFee is added. */
  smallOrderThreshold: number;
  extraFee: number;
};

/** Spec section 3 names; every value is an integer number of minor units. */
export type BasketSummary = {
  productsValue: number;
  deliveryValue: number;
  discountValue: number;
  minBasketValue: number;
  extraFee: number;
  serviceFee: number;
  totalValue: number;
};

export const EMPTY_SUMMARY: Readonly<BasketSummary> = Object.freeze({
  productsValue: 0,
  deliveryValue: 0,
  discountValue: 0,
  minBasketValue: 0,
  extraFee: 0,
  serviceFee: 0,
  totalValue: 0,
});

function minorUnits(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RuleError('validation', `${what} must be a non-negative integer of minor units, got ${value}`);
  }
  return value;
}

/**
 * The unit price of a basket line: item price plus chosen options. resetPrices zeroes the item's own
 * price only (spec: the item's "price becomes 0"): it marks a build-your-own item, whose description
 * promises that the customer pays for the components chosen, so the options are still charged.
 */
export function linePrice(item: { price: number; resetPrices: boolean }, chosenOptions: { price: number }[]): number {
  minorUnits(item.price, 'item price');
  for (const o of chosenOptions) minorUnits(o.price, 'option price');
  return chosenOptions.reduce((sum, o) => sum + o.price, item.resetPrices ? 0 : item.price);
}

/**
 * Percentage discounts are `value` percent of productsValue rounded half up to the minor unit,
 * computed in integers (no floating point): 15 % of 3333 = 499.95 → 500; 15 % of 3330 = 499.5 → 500;
 * 15 % of 3329 = 499.35 → 499.
 */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/**
 * What a discount takes off, never more than what it discounts: an amount or percentage discounts
 * the products (so at most productsValue), freeDelivery discounts the delivery (0 on pickup).
 */
export function discountValueOf(
  discount: Discount | null | undefined,
  productsValue: number,
  deliveryValue: number,
): number {
  if (!discount) return 0;
  const discounted = Math.min(productsValue, discount.base ?? productsValue);
  switch (discount.type) {
    case 'freeDelivery':
      return deliveryValue;
    case 'amount':
      return Math.min(minorUnits(discount.value, 'discount amount'), discounted);
    case 'percentage': {
      const percent = discount.value;
      if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
        throw new RuleError('validation', `percentage discount must be a whole 0…100, got ${percent}`);
      }
      return percentOf(discounted, percent);
    }
  }
}

export type PriceBasketInput = {
  lines: PricedLine[];
  deliveryMethod: DeliveryMethod;
  restaurant: RestaurantPricing;
  /** Per country (design.md), passed in by the caller. */
  serviceFee: number;
  discount?: Discount | null;
};

/**
 * Prices a basket (spec sections 3 and 9, design.md):
 * - productsValue = Σ unitPrice × quantity;
 * - deliveryValue = the restaurant's delivery value, 0 for pickup (and left out of the total);
 * - extraFee when productsValue is below the small-order threshold;
 * - the minimum and the threshold compare productsValue before any discount;
 * - totalValue = products + delivery + extraFee + serviceFee − discount, never negative because no
 *   discount exceeds what it discounts.
 * An empty basket costs nothing at all: no delivery, no fees (the spec's summary defaults are 0).
 */
export function priceBasket(input: PriceBasketInput): BasketSummary {
  const { restaurant } = input;
  minorUnits(restaurant.deliveryValue, 'deliveryValue');
  minorUnits(restaurant.minBasketValue, 'minBasketValue');
  minorUnits(restaurant.smallOrderThreshold, 'smallOrderThreshold');
  minorUnits(restaurant.extraFee, 'extraFee');
  minorUnits(input.serviceFee, 'serviceFee');

  let productsValue = 0;
  for (const line of input.lines) {
    minorUnits(line.unitPrice, 'unitPrice');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RuleError('validation', `quantity must be a positive integer, got ${line.quantity}`);
    }
    productsValue += line.unitPrice * line.quantity;
  }
  minorUnits(productsValue, 'productsValue');

  if (input.lines.length === 0) return { ...EMPTY_SUMMARY, minBasketValue: restaurant.minBasketValue };

  const deliveryValue = input.deliveryMethod === 'pickup' ? 0 : restaurant.deliveryValue;
  const extraFee = productsValue < restaurant.smallOrderThreshold ? restaurant.extraFee : 0;
  const serviceFee = input.serviceFee;
  const discountValue = discountValueOf(input.discount, productsValue, deliveryValue);
  return {
    productsValue,
    deliveryValue,
    discountValue,
    minBasketValue: restaurant.minBasketValue,
    extraFee,
    serviceFee,
    totalValue: productsValue + deliveryValue + extraFee + serviceFee - discountValue,
  };
}

/** The hard minimum (minBasketValueError below it), on the products value before discount. */
export function meetsMinimum(summary: Pick<BasketSummary, 'productsValue' | 'minBasketValue'>): boolean {
  return missingForMinimum(summary) === 0;
}

/** How much the products still lack to reach the hard minimum (minor units); 0 once it is met. */
export function missingForMinimum(summary: Pick<BasketSummary, 'productsValue' | 'minBasketValue'>): number {
  return Math.max(0, summary.minBasketValue - summary.productsValue);
}
