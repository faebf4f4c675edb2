import { and, eq } from 'drizzle-orm';
import { baskets } from '#db/schema/index.ts';
import { isUuid } from '#domain/ids.ts';
import { notFound } from '#server/errors.ts';
import type { ServiceCtx } from '#server/context.ts';
import { loadPricedBasket, type PricedBasket } from '../basket/priced.ts';

/**
 * A basket the acting agent built for a caller, priced now; notFound for any other basket (a visitor's, another
 * agent's) and for one already ordered, so an agent never reads or reuses someone else's.
 */
export async function getStaffBasket(ctx: ServiceCtx<'db'>, input: { basketId: string }): Promise<PricedBasket> {
  const { actor, db } = ctx;
  if (actor.kind !== 'staff' || !isUuid(input.basketId)) throw notFound();
  const [row] = await db
    .select({ id: baskets.id })
    .from(baskets)
    .where(
      and(eq(baskets.id, input.basketId), eq(baskets.builtByUserId, actor.user.id), eq(baskets.status, 'collecting')),
    );
  const basket = row ? await loadPricedBasket(db, row.id, ctx.now()) : null;
  if (!basket) throw notFound();
  return basket;
}
