import { and, eq, sql } from 'drizzle-orm';
import { reusable } from '#db/reusable.ts';
import type { Db, Tx } from '#db/client.ts';
import { orders, payments, refunds, restaurants } from '#db/schema/index.ts';
import { assertTransition, isOrderStatus, type OrderStatus } from '#domain/orders.ts';
import { statusEmailOf } from '#domain/order-emails.ts';
import { timeStampsOf } from '#domain/order-times.ts';
import type { RejectionReason } from '#domain/kitchen-alarms.ts';
import type { Actor, AppDeps, Env } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { actorUserId } from '../actor.ts';
import { processPendingRefunds } from '../payments/process-refunds.ts';
import { giveBackDiscountUse, recordAudit } from './bookkeeping.ts';
import { announceOrderChange, transactionAnnouncing } from './events.ts';
import { enqueueStatusEmail } from './enqueue-status-email.ts';
import { issueInvoiceInTx } from '../invoices/issue.ts';
import { countStatusChange } from '#server/observability/metrics.ts';
import { traced } from '#server/observability/tracing.ts';

export type StatusChange = {
  orderId: string;
  to: OrderStatus;
  /** Why, for the audit log: 'paymentTimeout', 'acceptanceTimeout', 'paid', 'paymentFailed', 'admin', … */
  reason: string;
  /** Who changes it: staff or a customer by their session, the system for timeouts and payments' outcomes. */
  actor: Actor;
  /** On accepting (→ processing): the minutes the kitchen promises; the restaurant's usual time otherwise. */
  preparationMinutes?: number;
  /** On rejecting at a board: the reason the kitchen chose (null for one nobody accepted in time). */
  rejectionReason?: RejectionReason;
  /** A person at a board decided on the order (accepted or rejected it): its alarm stops on every board. */
  acknowledgeAlarm?: boolean;
  /** When its payment came in, written with the status (a paid order reaching the restaurant). */
  paidAt?: Date;
  /** The customer's e-mail about the change is written with it: its links and brand come from the configuration. */
  env: Env;
  now: Date;
};

export type LockedOrder = Awaited<ReturnType<typeof lockOrderToChange>>[number];

export type StatusChanged = { orderId: string; from: OrderStatus; to: OrderStatus; refundQueued: boolean };

// Built once (decision 036): every status change reads the order through it. Exported for a payment's outcome,
// which locks the order before it knows whether the status changes (decision 037).
/** What a status change reads of the order it locks (lockOrderToChange, and a payment's lockOrderOfPayment). */
export const ORDER_TO_CHANGE = {
  id: orders.id,
  status: orders.status,
  discountCodeId: orders.discountCodeId,
  acceptanceMinutes: restaurants.acceptanceMinutes,
  restaurantPreparationMinutes: restaurants.preparationMinutes,
};

export const lockOrderToChange = reusable((db) =>
  db
    .select(ORDER_TO_CHANGE)
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update', { of: orders }),
);

/**
 * The one way an order changes status (webhook, sweeps, staff). Locks the order row, checks the transition
 * with the domain's table, applies what the new status implies, writes the audit log and announces the change
 * to every server process. Runs inside the caller's transaction.
 */
export async function changeStatusInTx(
  tx: Tx,
  change: StatusChange,
  /** The order as `lockOrderToChange` read it in this transaction, when the caller locked it already. */
  locked?: LockedOrder,
): Promise<StatusChanged> {
  const [order] = locked ? [locked] : await lockOrderToChange(tx, { id: change.orderId });
  if (!order) throw new AppError('notFound');
  const from = order.status;
  if (!isOrderStatus(from)) throw new Error(`order ${order.id} has an unknown status ${from}`);
  assertTransition(from, change.to);

  const set: Partial<typeof orders.$inferInsert> = { status: change.to, updatedAt: change.now };
  // The restaurant's acceptance window starts when the order reaches it.
  if (change.to === 'new') set.acceptDeadline = new Date(change.now.getTime() + order.acceptanceMinutes * 60_000);
  // Accepting starts the preparation clock the customer's status page counts from.
  const preparationMinutes =
    change.to === 'processing' ? (change.preparationMinutes ?? order.restaurantPreparationMinutes) : undefined;
  if (preparationMinutes !== undefined) {
    set.acceptedAt = change.now;
    set.preparationMinutes = preparationMinutes;
  }
  if (change.paidAt) set.paidAt = change.paidAt;
  // Promise accuracy (issue 34): when the food was marked ready and when the order was handed over.
  const stamps = timeStampsOf(change.to);
  if (stamps.readyAt) set.readyAt = change.now;
  if (stamps.finishedAt) set.finishedAt = change.now;
  if (change.to === 'rejected' && change.rejectionReason) set.rejectionReason = change.rejectionReason;
  // The first acknowledgement is the one kept: a board that tapped it earlier stays the one recorded.
  const acknowledged = change.acknowledgeAlarm
    ? { alarmAcknowledgedAt: sql`coalesce(${orders.alarmAcknowledgedAt}, ${change.now.toISOString()}::timestamptz)` }
    : {};
  // Independent writes, sent together on the transaction's connection (one round trip on PostgreSQL).
  const writes: PromiseLike<unknown>[] = [
    tx
      .update(orders)
      .set({ ...set, ...acknowledged })
      .where(eq(orders.id, order.id)),
  ];

  if (from === 'waiting_for_payment' && change.to === 'canceled') {
    // Never paid: the online payment is void and a limited discount code gets its use back.
    writes.push(
      tx
        .update(payments)
        .set({ status: 'canceled', updatedAt: change.now })
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending'))),
    );
    if (order.discountCodeId !== null) writes.push(giveBackDiscountUse(tx, order.discountCodeId, order.id));
  }

  let refundQueued = false;
  if (change.to === 'rejected' || (change.to === 'canceled' && from !== 'waiting_for_payment')) {
    // The refund reads the payments as the writes above left them.
    await Promise.all(writes.splice(0));
    refundQueued = await queueRefund(tx, order.id, change.reason, change.now);
  }

  writes.push(
    recordAudit(tx, {
      at: change.now,
      actorUserId: actorUserId(change.actor),
      action: 'order.status',
      entity: 'order',
      entityId: order.id,
      data: {
        from,
        to: change.to,
        reason: change.reason,
        ...(preparationMinutes ? { preparationMinutes } : {}),
        ...(change.to === 'rejected' && change.rejectionReason ? { rejectionReason: change.rejectionReason } : {}),
      },
    }),
  );
  await Promise.all(writes);
  // A finished order that asked for a company invoice gets its number now, or not at all (issue 36).
  if (change.to === 'finished') await issueInvoiceInTx(tx, order.id, change.now);
  // In this transaction, after the writes it reports on (the e-mail reads the reason and the ready time back).
  const template = statusEmailOf(from, change.to);
  if (template === 'orderRejected')
    await enqueueStatusEmail(tx, change.env, order.id, { template, refunded: refundQueued });
  else if (template === 'orderCanceled')
    await enqueueStatusEmail(tx, change.env, order.id, { template, reason: change.reason, refunded: refundQueued });
  else if (template !== null) await enqueueStatusEmail(tx, change.env, order.id, { template });
  await announceOrderChange(tx, order.id);
  // Counted as the change is made: a transaction that then rolls back (rare: a later statement of the caller's
  // failing) has counted one change too many.
  countStatusChange(from, change.to);
  return { orderId: order.id, from, to: change.to, refundQueued };
}

/**
 * A paid order that will not be delivered is refunded in full: one pending refund per payment (the unique
 * index makes a second attempt a no-op), sent to the provider after the transaction commits. `paymentId`
 * narrows it to one payment (a late one), leaving the attempt that paid for the order alone.
 */
export async function queueRefund(
  tx: Tx,
  orderId: string,
  reason: string,
  now: Date,
  paymentId?: string,
): Promise<boolean> {
  const paid = await tx
    .select({ id: payments.id, amount: payments.amount })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'paid'),
        paymentId === undefined ? undefined : eq(payments.id, paymentId),
      ),
    );
  let queued = false;
  for (const payment of paid) {
    if (payment.amount <= 0) continue;
    const inserted = await tx
      .insert(refunds)
      .values({ paymentId: payment.id, amount: payment.amount, status: 'pending', reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    queued ||= inserted.length > 0;
  }
  return queued;
}

/** changeStatusInTx in its own transaction, then any refund it queued is sent to the provider. */
export async function changeOrderStatus(
  deps: Pick<AppDeps, 'db' | 'env' | 'payments'>,
  change: Omit<StatusChange, 'env'>,
): Promise<StatusChanged> {
  const result = await traced('orders.changeStatus', () =>
    transactionAnnouncing(deps.db as Db, (tx) => changeStatusInTx(tx, { ...change, env: deps.env })),
  );
  if (result.refundQueued) await processPendingRefunds(deps, { now: change.now });
  return result;
}
