import type { Db } from '#db/client.ts';
import { CALL_CENTRE_CANCEL } from '#domain/order-emails.ts';
import { isCancellableForCustomer, isOrderStatus } from '#domain/orders.ts';
import type { ServiceCtx } from '#server/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import { changeStatusInTx, lockOrderToChange } from '../orders/change-status.ts';
import { transactionAnnouncing } from '../orders/events.ts';
import { processPendingRefunds } from '../payments/process-refunds.ts';
import { loadFollowUpOrder, type FollowUpOrder } from './follow-up-order.ts';

/**
 * The call centre cancels an order for its customer while the restaurant has not accepted it (waiting_for_payment or
 * new; decision 045). One transaction through change-status: the order row is locked first, so a kitchen accepting
 * it at the same moment either wins (orderNotCancellable) or waits; the audit log names the agent; a paid order gets
 * its refund queued, sent to the provider after the commit, as a rejection's is; the customer's canceled e-mail is
 * queued with the change.
 */
export async function cancelForCustomer(
  ctx: ServiceCtx<'db' | 'env' | 'payments' | 'now'>,
  input: { orderId: string },
): Promise<FollowUpOrder> {
  if (!(await loadFollowUpOrder(ctx, input))) throw notFound();
  const now = ctx.now();
  const result = await transactionAnnouncing(ctx.db as Db, async (tx) => {
    const [locked] = await lockOrderToChange(tx, { id: input.orderId });
    if (!locked) throw notFound();
    if (!isOrderStatus(locked.status) || !isCancellableForCustomer(locked.status))
      throw new AppError('orderNotCancellable', { status: locked.status });
    return changeStatusInTx(
      tx,
      { orderId: input.orderId, to: 'canceled', reason: CALL_CENTRE_CANCEL, actor: ctx.actor, env: ctx.env, now },
      locked,
    );
  });
  if (result.refundQueued) await processPendingRefunds(ctx, { now });
  const order = await loadFollowUpOrder(ctx, input);
  if (!order) throw notFound();
  return order;
}
