import type { Db } from '#db/client.ts';
import type { ServiceCtx } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { actorUserId } from '../actor.ts';
import { recordAudit } from '../orders/bookkeeping.ts';
import { enqueueStatusEmail } from '../orders/enqueue-status-email.ts';
import { loadFollowUpOrder } from './follow-up-order.ts';

/**
 * Sends the customer the link to their order's status page again (a caller who lost the confirmation), through the
 * outbox, to the address the order was placed with: never to one the caller dictates, so the link reaches only the
 * order's own customer. The audit log records which agent sent it. How often is limited at the edge.
 */
export async function resendStatusLink(
  ctx: ServiceCtx<'db' | 'env' | 'now'>,
  input: { orderId: string },
): Promise<{ sentTo: string }> {
  const order = await loadFollowUpOrder(ctx, input);
  if (!order) throw notFound();
  await (ctx.db as Db).transaction(async (tx) => {
    await enqueueStatusEmail(tx, ctx.env, input.orderId, { template: 'orderStatusLink' });
    await recordAudit(tx, {
      at: ctx.now(),
      actorUserId: actorUserId(ctx.actor),
      action: 'order.statusLinkSent',
      entity: 'order',
      entityId: input.orderId,
      data: {},
    });
  });
  return { sentTo: order.order.customer.email };
}
