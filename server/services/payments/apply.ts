import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { placeholderFor, reusable } from '#db/reusable.ts';
import type { Tx } from '#db/client.ts';
import { auditLog, orders, payments, restaurants } from '#db/schema/index.ts';
import { isOrderStatus, isRejected } from '#domain/orders.ts';
import type { Env } from '#server/context.ts';
import { SYSTEM } from '../actor.ts';
import { changeStatusInTx, ORDER_TO_CHANGE, queueRefund, type LockedOrder } from '../orders/change-status.ts';
import { autoAcceptInTx } from '../orders/auto-accept.ts';
import { enqueueOrderConfirmation } from '../orders/confirmation.ts';
import { announceOrderChange } from '../orders/events.ts';
import { countPaymentOutcome } from '#server/observability/metrics.ts';
import { traced } from '#server/observability/tracing.ts';

export type PaymentOutcome = 'paid' | 'failed' | 'canceled';

/**
 * Why money taken for an order goes back: the payment had been given up on (failed, or canceled by us or the
 * customer), its order had ended (canceled, rejected), or another attempt had already paid for the order
 * (paidTwice) when the provider said paid.
 */
export type LatePaymentReason =
  'paidAfterFailed' | 'paidAfterCanceled' | 'paidForCanceledOrder' | 'paidForRejectedOrder' | 'paidTwice';

export type LatePayment = { reason: LatePaymentReason; orderId: string; amount: number; currency: string };

export type Applied =
  | { applied: true; refundQueued: boolean; latePayment?: LatePayment }
  | { applied: false; reason: 'unknownPayment' | 'alreadySettled' | 'amountMismatch' };

// Every online payment's outcome runs these: built once (decision 036).

/**
 * The order a payment is for, locked as a status change locks it (lockOrderToChange's row), found through the
 * payment without locking the payment. Order first, then its payment: the one lock order of every path that
 * locks both (decision 040). The payment-timeout sweep and staff lock the order and then cancel or refund its
 * payments; a notification that locked the payment first deadlocked with them.
 */
export const lockOrderOfPayment = reusable((db) =>
  db
    .select(ORDER_TO_CHANGE)
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(
      inArray(
        orders.id,
        db
          .select({ orderId: payments.orderId })
          .from(payments)
          .where(eq(payments.id, sql.placeholder('paymentId'))),
      ),
    )
    .for('update', { of: orders }),
);

export const lockPayment = reusable((db) =>
  db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      provider: payments.provider,
      externalId: payments.externalId,
      providerOrderId: payments.providerOrderId,
    })
    .from(payments)
    .where(eq(payments.id, sql.placeholder('id')))
    .for('update'),
);
const settlePayment = reusable((db) =>
  db
    .update(payments)
    .set({ status: placeholderFor<string>('status'), updatedAt: placeholderFor<Date>('updatedAt') })
    .where(eq(payments.id, sql.placeholder('id'))),
);

export type LockedPayment = Awaited<ReturnType<typeof lockPayment>>[number];

/**
 * What a payment's outcome does to its order, whether it came in a notification or straight from
 * createPayment. Locks the payment row, so a notification and a synchronous answer about the same payment
 * are applied once. Paid → the order reaches the restaurant (new) and the confirmation is queued; paid after
 * the payment failed or was canceled, after its order was canceled or rejected, or after another attempt paid
 * for the order → this payment alone is refunded, with an audit row saying why; failed or canceled → the order
 * keeps waiting for payment, so that the customer may try again (POST /api/orders/:id/payments) until the
 * payment timeout cancels it.
 */
export async function applyPaymentOutcome(
  tx: Tx,
  env: Env,
  input: Parameters<typeof applyOutcome>[2],
): Promise<Applied> {
  const applied = await traced('payments.applyOutcome', () => applyOutcome(tx, env, input));
  // What the provider's answer did: counted once per payment (a repeat is not applied).
  if (applied.applied) countPaymentOutcome(applied.latePayment ? 'late' : input.outcome);
  return applied;
}

async function applyOutcome(
  tx: Tx,
  env: Env,
  input: {
    paymentId: string;
    outcome: PaymentOutcome;
    amount?: number;
    currency?: string;
    now: Date;
    /** What `lockOrderOfPayment` answered in this transaction, when the caller locked the order already. */
    lockedOrder?: LockedOrder[];
    /** What `lockPayment` answered in this transaction, after the order's lock, when the caller sent it already. */
    locked?: LockedPayment[];
  },
): Promise<Applied> {
  // The order first, then the payment (decision 040); sent together when neither is locked yet.
  const [[order], [payment]] = await Promise.all([
    input.lockedOrder ?? lockOrderOfPayment(tx, { paymentId: input.paymentId }),
    input.locked ?? lockPayment(tx, { id: input.paymentId }),
  ]);
  if (!payment) return { applied: false, reason: 'unknownPayment' };
  // A late "paid" for a payment we gave up on (timeout, the customer's Cancel, a declined first attempt the bank
  // later charged after all) still moves money: take it and refund it.
  const late = (payment.status === 'canceled' || payment.status === 'failed') && input.outcome === 'paid';
  if (payment.status !== 'pending' && !late) return { applied: false, reason: 'alreadySettled' };
  if (
    input.outcome === 'paid' &&
    ((input.amount !== undefined && input.amount !== payment.amount) ||
      (input.currency !== undefined && input.currency !== payment.currency))
  ) {
    return { applied: false, reason: 'amountMismatch' };
  }

  // The order is locked as a status change locks it, so that the change below need not lock it again (decision 037).
  await settlePayment(tx, { id: payment.id, status: input.outcome, updatedAt: input.now });
  if (order?.status !== 'waiting_for_payment') {
    if (input.outcome !== 'paid') return { applied: true, refundQueued: false };
    const ended = order !== undefined && isOrderStatus(order.status) && isRejected(order.status);
    // An order has several payments once the customer retries: a second one that paid is money taken twice.
    const [otherPaid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, payment.orderId),
          ne(payments.id, payment.id),
          inArray(payments.status, ['paid', 'refunded']),
        ),
      )
      .limit(1);
    // Paid for an order that went on without waiting for it (staff took it): the money is the order's.
    if (!late && !ended && !otherPaid) return { applied: true, refundQueued: false };
    const reason: LatePaymentReason =
      payment.status === 'failed'
        ? 'paidAfterFailed'
        : payment.status === 'canceled'
          ? 'paidAfterCanceled'
          : order?.status === 'rejected'
            ? 'paidForRejectedOrder'
            : order?.status === 'canceled'
              ? 'paidForCanceledOrder'
              : 'paidTwice';
    // Only this payment: another attempt that paid for the order keeps its money.
    const refundQueued = await queueRefund(tx, payment.orderId, 'latePayment', input.now, payment.id);
    await tx.insert(auditLog).values({
      at: input.now,
      action: 'payment.latePaid',
      entity: 'payment',
      entityId: payment.id,
      data: {
        reason,
        orderId: payment.orderId,
        paymentStatus: payment.status,
        orderStatus: order?.status ?? null,
        amount: payment.amount,
        currency: payment.currency,
        refundQueued,
      },
    });
    return {
      applied: true,
      refundQueued,
      latePayment: { reason, orderId: payment.orderId, amount: payment.amount, currency: payment.currency },
    };
  }
  if (input.outcome === 'paid') {
    // The status change's writes and the confirmation's reads go out together; the e-mail reads none of what the
    // change writes. Both are settled before the transaction may end, whichever fails.
    const settled = await Promise.allSettled([
      changeStatusInTx(
        tx,
        {
          orderId: payment.orderId,
          to: 'new',
          reason: 'paid',
          actor: SYSTEM,
          env,
          now: input.now,
          paidAt: input.now,
        },
        order,
      ),
      enqueueOrderConfirmation(tx, env, payment.orderId),
    ]);
    for (const result of settled) if (result.status === 'rejected') throw result.reason;
    await autoAcceptInTx(tx, env, payment.orderId, input.now);
  } else {
    // The order stays waiting_for_payment; its summary page hears of the failed attempt and offers a retry.
    await announceOrderChange(tx, payment.orderId);
  }
  return { applied: true, refundQueued: false };
}
