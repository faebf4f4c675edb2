import { baskets } from '#db/schema/index.ts';
import type { ServiceCtx } from '#server/context.ts';
import { loadPricedBasket, type PricedBasket } from '../basket/priced.ts';

/**
 * A new, empty basket a call-centre agent builds for the caller on the line: built by the agent
 * (baskets.built_by_user_id), so it is neither the agent's own shop basket nor any visitor's, and only the agent
 * opens it (by its id, under /api/cc/baskets). An agent may build several at once, one per call.
 */
export async function createStaffBasket(ctx: ServiceCtx<'db'>): Promise<PricedBasket> {
  const { actor, db } = ctx;
  if (actor.kind !== 'staff') throw new Error('only staff build a basket for a customer');
  const now = ctx.now();
  const [row] = await db
    .insert(baskets)
    .values({ builtByUserId: actor.user.id, createdAt: now, updatedAt: now })
    .returning({ id: baskets.id });
  if (!row) throw new Error('the basket was not created');
  const basket = await loadPricedBasket(db, row.id, now);
  if (!basket) throw new Error(`basket ${row.id} vanished`);
  return basket;
}
