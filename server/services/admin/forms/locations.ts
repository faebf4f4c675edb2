import { eq } from 'drizzle-orm';
import { locations } from '#db/schema/index.ts';
import type { KitchenSettingsBody, LocationBody } from '#domain/admin-forms.ts';
import { validKitchenSettings } from '#domain/kitchen-settings.ts';
import { isValidZipCode } from '#domain/country.ts';
import { notFound, validationError } from '#server/errors.ts';
import { audit, uniqueOr } from './context.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { rebuildSlotCounters } from '../../capacity/counters.ts';

export type AdminLocation = typeof locations.$inferSelect;

function values(input: LocationBody) {
  // The zip follows the location's country rules (spec section 5), as the customer's address does.
  if (!isValidZipCode(input.country, input.zip.trim())) throw validationError({ zip: 'isValidZipCode' });
  return {
    ...input,
    name: input.name.trim(),
    street: input.street.trim(),
    no: input.no.trim(),
    zip: input.zip.trim(),
    city: input.city.trim(),
  };
}

export async function readLocation(ctx: ServiceCtx<'db'>, id: number): Promise<AdminLocation> {
  const [row] = await ctx.db.select().from(locations).where(eq(locations.id, id));
  if (!row) throw notFound();
  return row;
}

export function createLocation(ctx: ServiceCtx<'db'>, input: LocationBody): Promise<AdminLocation> {
  const row = values(input);
  return uniqueOr('notUniqueSlug', () =>
    withTransaction(ctx, async ({ db: tx }) => {
      const [created] = await tx.insert(locations).values(row).returning();
      if (!created) throw new Error('insert returned nothing');
      await audit(tx, ctx, 'location.created', 'location', created.id, row);
      return created;
    }),
  );
}

/** Edits the fields; a deleted location stays deleted (its flag is the delete verb's). */
export function updateLocation(ctx: ServiceCtx<'db'>, id: number, input: LocationBody): Promise<AdminLocation> {
  const row = values(input);
  return uniqueOr('notUniqueSlug', () =>
    withTransaction(ctx, async ({ db: tx }) => {
      const [updated] = await tx.update(locations).set(row).where(eq(locations.id, id)).returning();
      if (!updated) throw notFound();
      await audit(tx, ctx, 'location.updated', 'location', id, row);
      return updated;
    }),
  );
}

/** Soft delete (the deleted flag): the location and its restaurants leave the shop; orders keep their history. */
export const deleteLocation = (ctx: ServiceCtx<'db'>, id: number): Promise<void> =>
  withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx.update(locations).set({ deleted: true }).where(eq(locations.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx, ctx, 'location.deleted', 'location', id, { deleted: true });
  });

/** A kitchen's capacity settings (slot limits, pre-orders, horizon, delivery time), validated and audited. */
export const updateKitchenSettings = (
  ctx: ServiceCtx<'db'>,
  id: number,
  input: KitchenSettingsBody,
): Promise<AdminLocation> =>
  withTransaction(ctx, async ({ db: tx }) => {
    const row = validKitchenSettings(input);
    const [updated] = await tx.update(locations).set(row).where(eq(locations.id, id)).returning();
    if (!updated) throw notFound();
    if (row.slotOrders !== null || row.slotItems !== null) await rebuildSlotCounters(tx, id, ctx.now());
    await audit(tx, ctx, 'location.updated', 'location', id, row);
    return updated;
  });
