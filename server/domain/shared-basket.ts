/*
 * One basket across the brands one kitchen cooks (issue 35, decision 066). A location that shares baskets takes the
 * dishes of every brand cooked there into one basket, one order and one bag. What the bag costs and must reach is the
 * location's rule below; which lines stop an order is the availability rule below it.
 */

/** What one brand's restaurant asks of a basket on its own: its zone's fee and minimum, its fees and times. */
export type BrandTerms = {
  deliveryValue: number;
  minBasketValue: number;
  smallOrderThreshold: number;
  extraFee: number;
  preparationMinutes: number;
  autoAccept: boolean;
};

/**
 * The terms of a shared basket: one delivery fee, one minimum, one small-order threshold and one packaging fee for
 * the whole bag, each the largest any of its brands asks alone, and the longest preparation time (the bag leaves
 * when its slowest dish is ready). One courier carries the bag, so the fee is paid once; taking the largest means
 * no brand delivers for less than its own published terms, the answer does not depend on which brand went into
 * the basket first, and removing a brand can only lower what the bag asks. The whole basket's value counts toward
 * the minimum. A bag is accepted by itself only when every brand accepts its orders by itself.
 */
export function sharedTerms(terms: readonly BrandTerms[]): BrandTerms {
  const [first, ...rest] = terms;
  if (!first) throw new Error('a shared basket has at least one brand');
  return rest.reduce(
    (bag, brand) => ({
      deliveryValue: Math.max(bag.deliveryValue, brand.deliveryValue),
      minBasketValue: Math.max(bag.minBasketValue, brand.minBasketValue),
      smallOrderThreshold: Math.max(bag.smallOrderThreshold, brand.smallOrderThreshold),
      extraFee: Math.max(bag.extraFee, brand.extraFee),
      preparationMinutes: Math.max(bag.preparationMinutes, brand.preparationMinutes),
      autoAccept: bag.autoAccept && brand.autoAccept,
    }),
    { ...first },
  );
}

/** A brand of a shared basket as availability judges it: switched on, and open now. */
export type BrandAvailability = { restaurantId: number; isEnabled: boolean; open: boolean };

/**
 * The brands whose lines stop the order with restaurantClosed: one switched off, or one closed while another brand of
 * the basket is open. When none is open the whole kitchen is closed, and the basket is judged as a one-brand basket
 * is (restaurantClosed, or a pre-order where the kitchen takes them), so no line is singled out.
 */
export function closedBrands(brands: readonly BrandAvailability[]): Set<number> {
  const anyOpen = brands.some((b) => b.isEnabled && b.open);
  return new Set(brands.filter((b) => !b.isEnabled || (anyOpen && !b.open)).map((b) => b.restaurantId));
}

/** Why a line stops the order, so the basket can say so and offer to remove just those lines; null when it does not. */
export type LineBlock = 'productUnavailable' | 'restaurantClosed' | null;

export const lineBlock = (
  line: { unavailable: boolean; restaurantId: number },
  closed: ReadonlySet<number>,
): LineBlock => (line.unavailable ? 'productUnavailable' : closed.has(line.restaurantId) ? 'restaurantClosed' : null);
