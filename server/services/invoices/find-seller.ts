import { eq, or } from 'drizzle-orm';
import { concepts, locations, restaurants } from '#db/schema/index.ts';
import type { LegalEntity } from '#domain/invoice.ts';
import type { ServiceCtx } from '#server/context.ts';

export type SellerAnswer = {
  /** The company selling under the restaurant's brand; null until the operator names it. */
  seller: LegalEntity | null;
  /** Whether its orders can have a company invoice: restaurants in Poland only (issue 36). */
  invoices: boolean;
};

/** Who sells at a restaurant (by id or slug), for the checkout's last step; null for no such restaurant. */
export async function restaurantSeller(
  ctx: Pick<ServiceCtx<'db'>, 'db'>,
  idOrSlug: string,
): Promise<SellerAnswer | null> {
  const id = /^\d+$/.test(idOrSlug) ? Number(idOrSlug) : -1;
  const [row] = await ctx.db
    .select({ seller: concepts.legalEntity, country: locations.country })
    .from(restaurants)
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(or(eq(restaurants.slug, idOrSlug), eq(restaurants.id, id)));
  return row ? { seller: row.seller, invoices: row.country === 'pl' } : null;
}
