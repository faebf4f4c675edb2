import { paymentNotifications } from '#db/schema/index.ts';
import type { AppDeps } from '#server/context.ts';
import { applyPaymentOutcome, lockOrderOfPayment, lockPayment, type Applied } from './apply.ts';
import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import { placeholderFor, reusable } from '#db/reusable.ts';
import { retryingLostRaces } from '#db/errors.ts';
import { auditLog, payments } from '#db/schema/index.ts';
import type { PaymentNotification, PaymentProvider } from './provider.ts';
import { processPendingRefunds } from './process-refunds.ts';
import { isUuid } from '#domain/ids.ts';
import { transactionAnnouncing } from '../orders/events.ts';
import { log } from '#server/observability/log.ts';

export type NotificationResult =
  | { duplicate: true }
  | ({ duplicate: false } & Applied)
  /** The provider did not confirm the payment (Przelewy24's verify): nothing recorded, it will notify again. */
  | { duplicate: false; applied: false; reason: 'unconfirmed' }
  /** It names another of the provider's orders than the one the payment is: audited, not applied. */
  | { duplicate: false; applied: false; reason: 'otherProviderOrder' };

const paymentOf = reusable((db) =>
  db
    .select({ amount: payments.amount, currency: payments.currency, provider: payments.provider })
    .from(payments)
    .where(eq(payments.id, sql.placeholder('id'))),
);

const recordNotification = reusable((db) =>
  db
    .insert(paymentNotifications)
    .values({
      id: sql.placeholder('id'),
      provider: sql.placeholder('provider'),
      payload: sql.placeholder('payload'),
      receivedAt: sql.placeholder('receivedAt'),
    })
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.id }),
);

const forgetNotification = reusable((db) =>
  db.delete(paymentNotifications).where(eq(paymentNotifications.id, sql.placeholder('id'))),
);

const fillExternalId = reusable((db) =>
  db
    .update(payments)
    .set({ externalId: placeholderFor<string>('externalId') })
    .where(
      and(
        eq(payments.id, sql.placeholder('id')),
        or(isNull(payments.externalId), like(payments.externalId, 'ext:%'), like(payments.externalId, 'failed:%')),
      ),
    ),
);

const rememberProviderOrder = reusable((db) =>
  db
    .update(payments)
    .set({ providerOrderId: placeholderFor<string>('providerOrderId') })
    .where(eq(payments.id, sql.placeholder('id'))),
);

/** Rolls the notification's transaction back: the payment it names is not this provider's. */
class NotOurPayment extends Error {}

/**
 * Applies one verified notification. The notification id is recorded in the same transaction as its effect,
 * so a replay (same id) changes nothing and two deliveries of one notification racing each other apply once.
 */
export async function handlePaymentNotification(
  deps: Pick<AppDeps, 'db' | 'env' | 'now' | 'payments'>,
  { provider, notification }: { provider: PaymentProvider; notification: PaymentNotification },
): Promise<NotificationResult> {
  const now = deps.now();
  if (!isUuid(notification.paymentId)) return { duplicate: false, applied: false, reason: 'unknownPayment' };
  if (notification.status === 'paid' && provider.confirmPaid) {
    // Verifying settles the money with the provider, over HTTP: before the transaction, and only for one of this
    // provider's payments and the amount we expect.
    const [payment] = await paymentOf(deps.db, { id: notification.paymentId });
    if (payment?.provider !== provider.name) return { duplicate: false, applied: false, reason: 'unknownPayment' };
    if (
      payment.amount === notification.amount &&
      payment.currency === notification.currency &&
      !(await provider.confirmPaid(notification))
    )
      return { duplicate: false, applied: false, reason: 'unconfirmed' };
  }
  // What makes a notification the same one again: who sent it, about which of their orders and of our payments,
  // saying what. A provider's own notification id alone named neither the payment nor the amount.
  const key = `${provider.name}:${notification.externalId}:${notification.paymentId}:${notification.status}`;
  let result: NotificationResult;
  try {
    // All of it in the database (the provider's confirmation came before): run again should it lose a race.
    result = await retryingLostRaces(() =>
      transactionAnnouncing(deps.db, async (tx): Promise<NotificationResult> => {
        // Sent together (one round trip on PostgreSQL), in this order: the order's lock before anything touches the
        // payment (the one lock order, decision 040), the record, the provider id (a payment whose creation answer was
        // lost has none yet, or a placeholder; refunds need it) and the payment's lock. On a replay the id is already
        // the one this notification filled in, so nothing changes (decision 037).
        const [lockedOrder, recorded, , locked] = await Promise.all([
          lockOrderOfPayment(tx, { paymentId: notification.paymentId }),
          recordNotification(tx, { id: key, provider: provider.name, payload: notification, receivedAt: now }),
          fillExternalId(tx, { id: notification.paymentId, externalId: notification.externalId }),
          lockPayment(tx, { id: notification.paymentId }),
        ]);
        // One provider's notification never settles another's payment (nor one that is not ours at all): nothing of
        // it is kept.
        if (locked[0]?.provider !== provider.name) throw new NotOurPayment();
        if (recorded.length === 0) return { duplicate: true };
        // The provider id was filled in above if the payment had none yet: another one names another of the provider's
        // orders, which must not settle this payment (issue 39). A provider that names its order only in notifications
        // (Przelewy24) is held to the one its first applied notification named. Kept for support, not applied.
        const payment = locked[0];
        const stored = provider.notificationsNameStoredId ? payment.externalId : payment.providerOrderId;
        if (stored !== notification.externalId && (provider.notificationsNameStoredId || stored !== null)) {
          await Promise.all([
            forgetNotification(tx, { id: key }),
            tx.insert(auditLog).values({
              at: now,
              action: 'payment.otherProviderOrder',
              entity: 'payment',
              entityId: notification.paymentId,
              data: { stored, notified: notification.externalId, status: notification.status, provider: provider.name },
            }),
          ]);
          return { duplicate: false, applied: false, reason: 'otherProviderOrder' };
        }
        const applied = await applyPaymentOutcome(tx, deps.env, {
          paymentId: notification.paymentId,
          outcome: notification.status,
          amount: notification.amount,
          currency: notification.currency,
          now,
          lockedOrder,
          locked,
        });
        // Recorded only when applied: a notification refused (a wrong amount, say) must not make the right one that
        // follows it a duplicate.
        if (!applied.applied) await forgetNotification(tx, { id: key });
        else if (!provider.notificationsNameStoredId && stored === null)
          await rememberProviderOrder(tx, { id: notification.paymentId, providerOrderId: notification.externalId });
        return { duplicate: false, ...applied };
      }),
    );
  } catch (error) {
    if (error instanceof NotOurPayment) return { duplicate: false, applied: false, reason: 'unknownPayment' };
    throw error;
  }
  if (!result.duplicate && result.applied && result.latePayment) {
    const late = result.latePayment;
    // For staff reading the log: money came in for nothing and is on its way back (the audit row has the rest).
    log.warn(
      `payment ${notification.paymentId} of order ${late.orderId} paid late (${late.reason}): refunding ${late.amount} ${late.currency}`,
    );
  }
  if (!result.duplicate && result.applied && result.refundQueued) await processPendingRefunds(deps, { now });
  return result;
}
