/**
 * The basket's lines by brand, in the basket's order of brands (issue 35): one group without a heading while the
 * basket holds one brand's food; a line of a brand the basket does not list (none should be) stays, in a last group
 * without a heading, so that no line is ever hidden from the agent.
 */
export function brandGroups<L extends { kitchen: { restaurantId: number } }, B extends { restaurantId: number }>(
  lines: readonly L[],
  brands: readonly B[],
): { brand: B | null; lines: L[] }[] {
  if (brands.length < 2) return [{ brand: null, lines: [...lines] }];
  const ofBrand = (brand: B) => lines.filter((line) => line.kitchen.restaurantId === brand.restaurantId);
  const groups = brands
    .map((brand) => ({ brand: brand as B | null, lines: ofBrand(brand) }))
    .filter((group) => group.lines.length > 0);
  const rest = lines.filter((line) => !brands.some((brand) => brand.restaurantId === line.kitchen.restaurantId));
  return rest.length > 0 ? [...groups, { brand: null, lines: rest }] : groups;
}
