import { paymentNotifications } from '#db/schema/index.ts';
import type { AppDeps } from '#server/app.ts';
import { applyPaymentOutcome, type Applied } from './apply.ts';
import type { PaymentNotification } from './provider.ts';
import { processPendingRefunds } from './refunds.ts';

export type NotificationResult = { duplicate: true } | ({ duplicate: false } & Applied);

/**
 * Applies one verified notification. The notification id is recorded in the same transaction as its effect,
 * so a replay (same id) changes nothing and two deliveries of one notification racing each other apply once.
 */
export async function handlePaymentNotification(
  deps: Pick<AppDeps, 'db' | 'env' | 'now'>,
  provider: string,
  notification: PaymentNotification,
): Promise<NotificationResult> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx): Promise<NotificationResult> => {
    const recorded = await tx
      .insert(paymentNotifications)
      .values({ id: `${provider}:${notification.id}`, provider, payload: notification, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.id });
    if (recorded.length === 0) return { duplicate: true };
    const applied = await applyPaymentOutcome(tx, deps.env, {
      paymentId: notification.paymentId,
      outcome: notification.status,
      amount: notification.amount,
      currency: notification.currency,
      now,
    });
    return { duplicate: false, ...applied };
  });
  if (!result.duplicate && result.applied && result.latePayment) {
    const late = result.latePayment;
    // For staff reading the log: money came in for nothing and is on its way back (the audit row has the rest).
    console.warn(
      `payment ${notification.paymentId} of order ${late.orderId} paid late (${late.reason}): refunding ${late.amount} ${late.currency}`,
    );
  }
  if (!result.duplicate && result.applied && result.refundQueued) await processPendingRefunds(deps, now);
  return result;
}
