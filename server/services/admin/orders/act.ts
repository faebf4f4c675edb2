import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { orders } from '#db/schema/index.ts';
import { isOrderStatus } from '#domain/orders.ts';
import { assertStaffAction, rejectionReasonFor, type StaffAction } from '#domain/staff-actions.ts';
import type { ServiceCtx } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { processPendingRefunds } from '#server/services/payments/process-refunds.ts';
import { changeStatusInTx, type StatusChanged } from '#server/services/orders/change-status.ts';
import { transactionAnnouncing } from '#server/services/orders/events.ts';

export type StaffActionInput = {
  orderId: string;
  action: StaffAction;
  /** Only for accept: the minutes the kitchen promises (the restaurant's usual time when absent). */
  preparationMinutes?: number | undefined;
  /** Required for reject: why (one of REJECTION_REASONS; the customer's status page says it). */
  rejectionReason?: string | undefined;
};

/**
 * A staff member (ctx.actor: the session's user, acting for themselves) moves an order one step (accept, reject, ready, …) through change-status, so the audit log names
 * them and the customer's status page hears of it. The order row is locked first, so the action is judged against
 * the status it will change (two tablets tapping at once: the second answers invalidStatusTransition).
 */
export async function actOnOrder(
  deps: ServiceCtx<'db' | 'env' | 'payments' | 'now'>,
  input: StaffActionInput,
): Promise<StatusChanged> {
  const now = deps.now();
  const result = await transactionAnnouncing(deps.db as Db, async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, deliveryType: orders.deliveryType })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    if (!order) throw new AppError('notFound');
    if (!isOrderStatus(order.status)) throw new Error(`order ${input.orderId} has an unknown status ${order.status}`);
    const to = assertStaffAction(input.action, order.status, order.deliveryType);
    // After the transition's check: an order already past rejecting answers that, whatever reason came with it.
    const rejectionReason = rejectionReasonFor(input.action, input.rejectionReason);
    return changeStatusInTx(tx, {
      orderId: input.orderId,
      to,
      reason: input.action,
      actor: deps.actor,
      env: deps.env,
      ...(input.action === 'accept' && input.preparationMinutes !== undefined
        ? { preparationMinutes: input.preparationMinutes }
        : {}),
      ...(rejectionReason ? { rejectionReason } : {}),
      // Deciding on a new order is noticing it: its alarm stops on every board of the kitchen.
      acknowledgeAlarm: order.status === 'new',
      now,
    });
  });
  // A rejected or canceled paid order: its refund goes to the provider once the change has committed.
  if (result.refundQueued) await processPendingRefunds(deps, { now });
  return result;
}
