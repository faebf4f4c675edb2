// The lines of a shared basket under their brands (issue 35, decision 066): the basket page, the navbar's basket and
// the checkout's recap group them the same way, from here. Pure and small: it runs in the shop's islands.

/** One brand and its lines, in the basket's order. */
export type BrandGroup<L, B> = { brand: B; lines: L[] };

/**
 * The lines under their brands, the groups in the order of `brands` (the order the brands came into the basket, the
 * lead first), each group's lines in their own order; a brand no line names has no group. A basket of one brand (or
 * of a location that does not share baskets, whose `brands` are empty) has no groups at all: it shows its lines as it
 * always did. A line whose brand is not listed (a list out of step with the lines) joins the first group, so no
 * line is ever hidden from the customer.
 */
export function groupByBrand<L, B extends { restaurantId: number }>(
  lines: readonly L[],
  brands: readonly B[],
  restaurantOf: (line: L) => number,
): BrandGroup<L, B>[] {
  if (brands.length < 2) return [];
  const groups = brands.map((brand) => ({ brand, lines: [] as L[] }));
  const byId = new Map(groups.map((group) => [group.brand.restaurantId, group]));
  // Two brands at least, so there is a first group.
  const first = groups[0] as BrandGroup<L, B>;
  for (const line of lines) (byId.get(restaurantOf(line)) ?? first).lines.push(line);
  return groups.filter((group) => group.lines.length > 0);
}
