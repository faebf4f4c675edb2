import { and, eq, isNull } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { validationError } from '#server/errors.ts';
import { placeOrder, type PlacedOrder, type PlaceOrderInput } from '../orders/place.ts';
import type { ServiceCtx } from '#server/context.ts';

export type PlacePhoneOrderCall = {
  /** A basket the acting agent built (createStaffBasket). */
  basketId: string;
  idempotencyKey: string;
  input: PlaceOrderInput;
};

/**
 * Places the order a call-centre agent took by phone: the place-order orchestration itself, on channel cc (its
 * payment rules: Blik; payment on delivery in Poland and Ukraine), with the actor 'staff acting for a customer'.
 * The order's source is cc, its creator the agent (in the order and its audit row), its owner the caller's account
 * when the agent picked one, and the confirmation e-mail with the status link goes to the address the caller gave.
 * validation { customerUserId: 'notFound' } when the picked account does not exist (or was deleted).
 */
export async function placePhoneOrder(
  ctx: ServiceCtx<'db' | 'env' | 'payments'>,
  call: PlacePhoneOrderCall,
): Promise<PlacedOrder> {
  const { actor, db } = ctx;
  if (actor.kind !== 'staff') throw new Error('a phone order is placed by staff for a customer');
  if (actor.customerUserId !== null) {
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, actor.customerUserId), isNull(users.deletedAt)));
    if (!account) throw validationError({ customerUserId: 'notFound' });
  }
  return placeOrder(ctx, {
    basketId: call.basketId,
    channel: 'cc',
    idempotencyKey: call.idempotencyKey,
    input: call.input,
  });
}
