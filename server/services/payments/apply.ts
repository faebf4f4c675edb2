import { eq } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { orders, payments } from '#db/schema/index.ts';
import type { Env } from '#server/env.ts';
import { changeStatusInTx, queueRefund } from '../orders/change-status.ts';
import { enqueueOrderConfirmation } from '../orders/confirmation.ts';

export type PaymentOutcome = 'paid' | 'failed' | 'canceled';

export type Applied =
  | { applied: true; refundQueued: boolean }
  | { applied: false; reason: 'unknownPayment' | 'alreadySettled' | 'amountMismatch' };

/**
 * What a payment's outcome does to its order, whether it came in a notification or straight from
 * createPayment. Locks the payment row, so a notification and a synchronous answer about the same payment
 * are applied once. Paid → the order reaches the restaurant (new) and the confirmation is queued; paid after
 * the order was already canceled → refunded; failed or canceled → the order is canceled.
 */
export async function applyPaymentOutcome(
  tx: Tx,
  env: Env,
  input: { paymentId: string; outcome: PaymentOutcome; amount?: number; currency?: string; now: Date },
): Promise<Applied> {
  const [payment] = await tx
    .select({
      id: payments.id,
      orderId: payments.orderId,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
    })
    .from(payments)
    .where(eq(payments.id, input.paymentId))
    .for('update');
  if (!payment) return { applied: false, reason: 'unknownPayment' };
  // A late "paid" for a payment we gave up on (timeout) still moves money: take it and refund it.
  const late = payment.status === 'canceled' && input.outcome === 'paid';
  if (payment.status !== 'pending' && !late) return { applied: false, reason: 'alreadySettled' };
  if (
    input.outcome === 'paid' &&
    ((input.amount !== undefined && input.amount !== payment.amount) ||
      (input.currency !== undefined && input.currency !== payment.currency))
  ) {
    return { applied: false, reason: 'amountMismatch' };
  }

  await tx.update(payments).set({ status: input.outcome, updatedAt: input.now }).where(eq(payments.id, payment.id));
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, payment.orderId))
    .for('update');
  if (order?.status !== 'waiting_for_payment') {
    const refundQueued =
      input.outcome === 'paid' ? await queueRefund(tx, payment.orderId, 'latePayment', input.now) : false;
    return { applied: true, refundQueued };
  }
  if (input.outcome === 'paid') {
    await tx.update(orders).set({ paidAt: input.now }).where(eq(orders.id, payment.orderId));
    await changeStatusInTx(tx, { orderId: payment.orderId, to: 'new', reason: 'paid', now: input.now });
    await enqueueOrderConfirmation(tx, env, payment.orderId);
  } else {
    const reason = input.outcome === 'failed' ? 'paymentFailed' : 'paymentCanceled';
    await changeStatusInTx(tx, { orderId: payment.orderId, to: 'canceled', reason, now: input.now });
  }
  return { applied: true, refundQueued: false };
}
