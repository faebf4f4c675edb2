import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { restaurants } from '#db/schema/index.ts';
import type { RestaurantOpeningBody } from '#domain/admin-forms.ts';
import { notFound } from '#server/errors.ts';
import { audit } from './context.ts';
import { checkHours, readHours, writeHours } from './restaurants.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';

export type RestaurantOpening = RestaurantOpeningBody & { id: number; name: string; slug: string };

async function readIn(db: Tx | Db, id: number): Promise<RestaurantOpening> {
  const [row] = await db
    .select({ id: restaurants.id, name: restaurants.name, slug: restaurants.slug, isEnabled: restaurants.isEnabled })
    .from(restaurants)
    .where(eq(restaurants.id, id));
  if (!row) throw notFound();
  return { ...row, hours: await readHours(db, id) };
}

/** A restaurant's week hours and whether it takes orders now: what a kitchen manager edits (issue 37). */
export const readOpening = (ctx: ServiceCtx<'db'>, id: number): Promise<RestaurantOpening> => readIn(ctx.db, id);

/**
 * Writes the hours and isEnabled only, so whoever edits them cannot touch fees, delivery area or owners. The
 * restaurant row's trigger moves the menu version, so the shop shows the change on its next request.
 */
export function updateOpening(
  ctx: ServiceCtx<'db'>,
  id: number,
  input: RestaurantOpeningBody,
): Promise<RestaurantOpening> {
  checkHours(input);
  return withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(restaurants)
      .set({ isEnabled: input.isEnabled })
      .where(eq(restaurants.id, id))
      .returning({ id: restaurants.id });
    if (!row) throw notFound();
    await writeHours(tx, id, input.hours);
    await audit(tx, ctx, 'restaurant.updated', 'restaurant', id, input);
    return readIn(tx, id);
  });
}
