import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '#db/client.ts';
import { orders, restaurants } from '#db/schema/index.ts';
import { MAX_PREPARATION_MINUTES } from '#domain/staff-actions.ts';
import type { AppDeps, Env } from '#server/context.ts';
import { SYSTEM } from '../actor.ts';
import { changeStatusInTx } from './change-status.ts';
import { transactionAnnouncing } from './events.ts';

/**
 * A restaurant that accepts by itself (restaurants.auto_accept) accepts an order the moment it reaches the kitchen,
 * promising its usual preparation time, through the same status change as a tap on the board: the status history, the
 * announcement to every screen and the customer's status page are the same. Its alarm is left ringing: nobody has
 * seen the order yet, and somebody must start cooking it.
 *
 * Called in the transaction that made the order new (a payment's outcome, paying on delivery after a failed online
 * payment), right after placing an order paid on delivery, and by the sweeper for any order a crash left behind.
 * Answers whether it accepted the order.
 */
export async function autoAcceptInTx(tx: Tx, env: Env, orderId: string, now: Date): Promise<boolean> {
  const [order] = await tx
    .select({ status: orders.status, autoAccept: restaurants.autoAccept, minutes: restaurants.preparationMinutes })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  if (!order || order.status !== 'new' || !order.autoAccept) return false;
  await changeStatusInTx(tx, {
    orderId,
    to: 'processing',
    reason: 'autoAccept',
    actor: SYSTEM,
    // An order promises at most what a kitchen may promise by hand.
    preparationMinutes: Math.min(order.minutes, MAX_PREPARATION_MINUTES),
    env,
    now,
  });
  return true;
}

/** autoAcceptInTx in its own transaction (after an order paid on delivery was placed). */
export const autoAcceptOrder = (deps: Pick<AppDeps, 'db' | 'env' | 'now'>, orderId: string): Promise<boolean> =>
  transactionAnnouncing(deps.db as Db, (tx) => autoAcceptInTx(tx, deps.env, orderId, deps.now()));

/**
 * The sweeper's safety net: new orders of auto-accepting restaurants that nothing accepted (the process died between
 * placing and accepting, or the restaurant switched auto-accept on while they waited). SKIP LOCKED, as every sweep.
 */
export async function autoAcceptWaitingOrders(deps: Pick<AppDeps, 'db' | 'env' | 'now'>, batch = 100): Promise<number> {
  const now = deps.now();
  let total = 0;
  for (;;) {
    const { taken, accepted } = await transactionAnnouncing(deps.db as Db, async (tx) => {
      const due = await queryRows<{ id: string }>(
        tx,
        sql`select o.id from orders o join restaurants r on r.id = o.restaurant_id
          where o.status = 'new' and r.auto_accept
          order by o.created_at
          limit ${batch}
          for update of o skip locked`,
      );
      let accepted = 0;
      for (const { id } of due) if (await autoAcceptInTx(tx, deps.env, id, now)) accepted += 1;
      return { taken: due.length, accepted };
    });
    total += accepted;
    if (taken < batch) return total;
  }
}
