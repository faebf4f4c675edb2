import { and, eq } from 'drizzle-orm';
import { concepts, restaurants } from '#db/schema/index.ts';
import type { ConceptBody } from '#domain/admin-forms.ts';
import { checkLegalEntity } from '#domain/invoice.ts';
import { notFound, validationError } from '#server/errors.ts';
import { audit, orNull } from './context.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';

export type AdminConcept = typeof concepts.$inferSelect;

// Only the operators' columns: the marketers' come from tenants/ at every start (decision 043).
const values = (input: ConceptBody) => ({
  defaultRestaurantSlug: orNull(input.defaultRestaurantSlug),
  showOnCompanyPortfolio: input.showOnCompanyPortfolio,
  active: input.active,
});

export async function readConcept(ctx: ServiceCtx<'db'>, id: number): Promise<AdminConcept> {
  const [row] = await ctx.db.select().from(concepts).where(eq(concepts.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * The default restaurant is one of this brand's active restaurants (its menu is what the brand site shows), and an
 * active brand has one: without it the brand site's menu and the shop's brand page would be empty.
 */
export const updateConcept = (ctx: ServiceCtx<'db'>, id: number, input: ConceptBody): Promise<AdminConcept> =>
  withTransaction(ctx, async ({ db: tx }) => {
    const changes: Partial<typeof concepts.$inferInsert> = values(input);
    if (input.legalEntity) {
      const [concept] = await tx.select({ country: concepts.country }).from(concepts).where(eq(concepts.id, id));
      if (!concept) throw notFound();
      const checked = checkLegalEntity(input.legalEntity, concept.country);
      if (!checked.ok) throw validationError(checked.problems);
      changes.legalEntity = checked.entity;
    }
    if (changes.defaultRestaurantSlug) {
      const [own] = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(
          and(
            eq(restaurants.slug, changes.defaultRestaurantSlug),
            eq(restaurants.conceptId, id),
            eq(restaurants.active, true),
          ),
        );
      if (!own) throw validationError({ defaultRestaurantSlug: 'notFound' });
    } else if (changes.active) throw validationError({ defaultRestaurantSlug: 'notEmpty' });
    const [row] = await tx.update(concepts).set(changes).where(eq(concepts.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx, ctx, 'concept.updated', 'concept', id, changes);
    return row;
  });

/** Soft delete: the concept leaves the shop and its brand site, its orders keep pointing at it. */
export const deleteConcept = (ctx: ServiceCtx<'db'>, id: number): Promise<void> =>
  withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx.update(concepts).set({ active: false }).where(eq(concepts.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx, ctx, 'concept.deleted', 'concept', id, { active: false });
  });
