import { eq } from 'drizzle-orm';
import { concepts } from '#db/schema/index.ts';
import type { ConceptBody } from '#domain/admin-forms.ts';
import { notFound } from '#server/errors.ts';
import { audit, orNull, uniqueOr, type AdminCtx } from './context.ts';

export type AdminConcept = typeof concepts.$inferSelect;

const values = (input: ConceptBody) => ({
  slug: input.slug,
  domain: input.domain.toLowerCase(),
  name: input.name.trim(),
  country: input.country,
  shortDescription: input.shortDescription.trim(),
  description: input.description.trim(),
  contactEmail: input.contactEmail,
  chef: orNull(input.chef),
  chefsComment: orNull(input.chefsComment),
  facebook: orNull(input.facebook),
  instagram: orNull(input.instagram),
  tiktok: orNull(input.tiktok),
  logo: orNull(input.logo),
  cover: orNull(input.cover),
  defaultRestaurantSlug: orNull(input.defaultRestaurantSlug),
  showOnCompanyPortfolio: input.showOnCompanyPortfolio,
  active: input.active,
});

export async function readConcept(ctx: AdminCtx, id: number): Promise<AdminConcept> {
  const [row] = await ctx.db.select().from(concepts).where(eq(concepts.id, id));
  if (!row) throw notFound();
  return row;
}

/** A taken slug or domain answers notUniqueSlug. */
export const createConcept = (ctx: AdminCtx, input: ConceptBody): Promise<AdminConcept> =>
  uniqueOr('notUniqueSlug', () =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(concepts).values(values(input)).returning();
      if (!row) throw new Error('insert returned nothing');
      await audit(tx, ctx, 'concept.created', 'concept', row.id, values(input));
      return row;
    }),
  );

export const updateConcept = (ctx: AdminCtx, id: number, input: ConceptBody): Promise<AdminConcept> =>
  uniqueOr('notUniqueSlug', () =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(concepts).set(values(input)).where(eq(concepts.id, id)).returning();
      if (!row) throw notFound();
      await audit(tx, ctx, 'concept.updated', 'concept', id, values(input));
      return row;
    }),
  );

/** Soft delete: the concept leaves the shop and its brand site, its orders keep pointing at it. */
export const deleteConcept = (ctx: AdminCtx, id: number): Promise<void> =>
  ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(concepts).set({ active: false }).where(eq(concepts.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx, ctx, 'concept.deleted', 'concept', id, { active: false });
  });
