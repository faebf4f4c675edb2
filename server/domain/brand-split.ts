/**
 * How a multi-brand order's value is split among the brands that cooked it (issue 35, decision 067), so each brand's
 * revenue in the reports is its own. An order is one order (one total, one payment) led by the restaurant it was
 * placed at; each line names the brand restaurant that cooks it. Every part of the price is split on its own, in
 * integer minor units, so each column of a report sums over the brands to the order's own column:
 * - products: each brand's lines' value;
 * - an amount or percentage discount: pro rata over the value of the lines it applied to (all lines, unless the
 *   lines say otherwise);
 * - delivery (and a free-delivery discount, which discounts it), service fee and extra fee: pro rata over each
 *   brand's products value. The lead brand is only where the customer happened to start the basket; giving it the
 *   fees would make a brand's revenue depend on that.
 * Each split gives the minor units a pro rata share leaves over to the largest remainders (ties: lowest restaurant
 * id), so the shares always sum exactly to the amount. A brand's total is its products less its discount plus its
 * fees. The reports' SQL (server/services/admin/figures/brand-shares.ts) is this rule written for a grouped query.
 */

/** A line as the split reads it: the brand restaurant cooking it, its value, and whether the discount applied to it. */
export type SplitLine = { restaurantId: number; value: number; discounted?: boolean };

/** The order's own money columns, in minor units, and its lines. */
export type SplitOrder = {
  /** The restaurant the order was placed at: it takes everything when the order has no lines. */
  restaurantId: number;
  value: number;
  discountValue: number;
  /** 'freeDelivery' discounts the delivery; any other (or null) discounts the products. */
  discountType: string | null;
  deliveryCosts: number;
  serviceFee: number;
  extraFee: number;
  lines: readonly SplitLine[];
};

export type BrandShare = {
  restaurantId: number;
  value: number;
  discountValue: number;
  deliveryCosts: number;
  serviceFee: number;
  extraFee: number;
  /** value − discountValue + deliveryCosts + serviceFee + extraFee. */
  total: number;
};

/**
 * `amount` split in proportion to `weights` (largest remainder): each gets ⌊amount·w/W⌋, and the units left over go
 * one each to the largest remainders, ties to the earlier weight. All-zero weights share equally. Amounts and weights
 * are non-negative whole minor units (amount·weight stays far below 2^53 for any order).
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount must be whole and ≥ 0: ${amount}`);
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('weights must be whole and ≥ 0');
  if (weights.length === 0) {
    if (amount === 0) return [];
    throw new RangeError('no weights to split a non-zero amount over');
  }
  const sum = weights.reduce((a, w) => a + w, 0);
  const total = sum === 0 ? weights.length : sum;
  const quotas = weights.map((w, index) => {
    const scaled = amount * (sum === 0 ? 1 : w);
    return { index, share: Math.floor(scaled / total), remainder: scaled % total };
  });
  let left = amount - quotas.reduce((a, q) => a + q.share, 0);
  for (const quota of [...quotas].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    quota.share += 1;
    left -= 1;
  }
  return quotas.map((q) => q.share);
}

/** Each brand's share of the order, by restaurant id ascending; one share (the whole order) for a single brand. */
export function splitByBrand(order: SplitOrder): BrandShare[] {
  const products = new Map<number, number>();
  const discounted = new Map<number, number>();
  for (const line of order.lines) {
    products.set(line.restaurantId, (products.get(line.restaurantId) ?? 0) + line.value);
    if (line.discounted !== false)
      discounted.set(line.restaurantId, (discounted.get(line.restaurantId) ?? 0) + line.value);
  }
  if (products.size === 0) products.set(order.restaurantId, 0);
  const ids = [...products.keys()].sort((a, b) => a - b);
  const byProducts = ids.map((id) => products.get(id) ?? 0);
  const byDiscounted = ids.map((id) => discounted.get(id) ?? 0);
  const productDiscount = order.discountType !== 'freeDelivery';
  const discountWeights = productDiscount && byDiscounted.some((w) => w > 0) ? byDiscounted : byProducts;

  const value = apportion(order.value, byProducts);
  const discountValue = apportion(order.discountValue, discountWeights);
  const deliveryCosts = apportion(order.deliveryCosts, byProducts);
  const serviceFee = apportion(order.serviceFee, byProducts);
  const extraFee = apportion(order.extraFee, byProducts);
  return ids.map((restaurantId, i) => {
    const share = {
      restaurantId,
      value: value[i] ?? 0,
      discountValue: discountValue[i] ?? 0,
      deliveryCosts: deliveryCosts[i] ?? 0,
      serviceFee: serviceFee[i] ?? 0,
      extraFee: extraFee[i] ?? 0,
    };
    return {
      ...share,
      total: share.value - share.discountValue + share.deliveryCosts + share.serviceFee + share.extraFee,
    };
  });
}
