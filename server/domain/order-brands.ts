// The brands of one order (issue 35): at a kitchen that shares baskets, one order holds lines of several brands, each
// cooked by that brand's restaurant there. Every screen and paper that shows an order groups its lines by brand the
// same way, from here, so the board, the ticket, the e-mails and the status page never disagree about the order of
// the sections.

/** What a line says of the brand that cooks it: the brand's restaurant at the order's kitchen, and its concept. */
export type LineBrand = {
  restaurantId: number;
  restaurantSlug: string;
  restaurantName: string;
  conceptSlug: string;
  conceptName: string;
};

/** A brand's look on a staff screen or a customer's page, from its tenant config; null for a brand without one. */
export type BrandLook = {
  /** The brand's primary colour (#rrggbb). */
  colour: string;
  /** White or near-black, whichever reads on `colour`. */
  onColour: string;
  /** Where the shop host serves the brand's logo. */
  logo: string;
};

/** One entry of an order's brands. */
export type OrderBrand = LineBrand & { look: BrandLook | null };

/** A section of an order's lines: one brand and its lines, in the order they were placed. */
export type BrandSection<L, B> = { brand: B; lines: L[] };

/**
 * The brands the lines name, each once, in the order the lines first name them: the lead brand's lines come first
 * when the basket put them first, and a screen never reorders what the customer ordered.
 */
export function brandsOfLines<L extends { restaurantId: number }, B>(
  lines: readonly L[],
  brandOf: (line: L) => B,
): B[] {
  const seen = new Map<number, B>();
  for (const line of lines) if (!seen.has(line.restaurantId)) seen.set(line.restaurantId, brandOf(line));
  return [...seen.values()];
}

/**
 * The lines under their brands, the sections in the order the lines first name the brands, each section's lines in
 * their own order. A line whose brand is not among `brands` (a list out of step with the lines) joins the first
 * section: a line is never dropped from what the kitchen cooks or the customer reads. With no brands at all there is
 * no section to hold them (an empty list): such a screen shows its lines as an ordinary order's.
 */
export function linesByBrand<L extends { restaurantId: number }, B extends { restaurantId: number }>(
  lines: readonly L[],
  brands: readonly B[],
): BrandSection<L, B>[] {
  const byId = new Map(brands.map((brand) => [brand.restaurantId, brand]));
  const sections = new Map<number, BrandSection<L, B>>();
  const strays: L[] = [];
  for (const line of lines) {
    const brand = byId.get(line.restaurantId);
    if (!brand) {
      strays.push(line);
      continue;
    }
    const section = sections.get(brand.restaurantId) ?? { brand, lines: [] };
    section.lines.push(line);
    sections.set(brand.restaurantId, section);
  }
  const result = [...sections.values()];
  const first = result[0] ?? (brands[0] ? { brand: brands[0], lines: [] } : undefined);
  if (strays.length > 0 && first) {
    first.lines.push(...strays);
    if (result.length === 0) result.push(first);
  }
  return result;
}

/**
 * Whether a screen names the brands at all: only an order of several does. An ordinary order looks as it always did,
 * its one brand already named by its restaurant.
 */
export const namesBrands = (brands: readonly unknown[]): boolean => brands.length > 1;

/** The brands' names as one phrase for a sentence or a paper's head: "Pasta Fresca, Sushi Kaizen". */
export const brandNames = (brands: readonly Pick<LineBrand, 'conceptName'>[]): string =>
  brands.map((brand) => brand.conceptName).join(', ');

/**
 * The lines as a list shows them with a brand beside each (a compact screen: the customer's orders, the staff's order
 * page, the call centre's): each brand's lines together, each with its brand, when several brands cook the order;
 * an ordinary order's lines as placed, with no brand.
 */
export function linesWithBrands<L extends { restaurantId: number }, B extends { restaurantId: number }>(
  lines: readonly L[],
  brands: readonly B[],
): { line: L; brand: B | null }[] {
  if (!namesBrands(brands)) return lines.map((line) => ({ line, brand: null }));
  return linesByBrand(lines, brands).flatMap((section) =>
    section.lines.map((line) => ({ line, brand: section.brand })),
  );
}
