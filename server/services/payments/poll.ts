import { and, eq, lte, ne } from 'drizzle-orm';
import { payments } from '#db/schema/index.ts';
import type { AppDeps } from '#server/context.ts';
import { applyPaymentOutcome } from './apply.ts';
import { processPendingRefunds } from './process-refunds.ts';
import { transactionAnnouncing } from '../orders/events.ts';
import { log } from '#server/observability/log.ts';

/** A notification normally arrives within seconds; after this long we ask the provider ourselves. */
const POLL_AFTER_MS = 3 * 60_000;

/**
 * Asks the providers about payments still pending a few minutes after they started, so a lost notification
 * does not leave a paid order waiting until the payment timeout cancels it. Run by the sweep before the
 * timeouts; a provider that does not answer leaves its payments for the next sweep.
 */
export async function pollPendingPayments(
  deps: Pick<AppDeps, 'db' | 'env' | 'now' | 'payments'>,
  limit = 50,
): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({
      id: payments.id,
      provider: payments.provider,
      externalId: payments.externalId,
      amount: payments.amount,
      currency: payments.currency,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        ne(payments.provider, 'sandbox'),
        lte(payments.createdAt, new Date(now.getTime() - POLL_AFTER_MS)),
      ),
    )
    .limit(limit);
  let settled = 0;
  let refundQueued = false;
  for (const payment of due) {
    const provider = deps.payments.byName(payment.provider);
    if (!provider) continue;
    const state = await provider.fetchState(payment).catch((error: Error) => {
      log.warn(`payment ${payment.id}: status poll failed: ${error.message}`);
      return 'pending' as const;
    });
    if (state === 'pending') continue;
    const applied = await transactionAnnouncing(deps.db, (tx) =>
      applyPaymentOutcome(tx, deps.env, { paymentId: payment.id, outcome: state, now }),
    );
    if (applied.applied) settled += 1;
    if (applied.applied && applied.refundQueued) refundQueued = true;
  }
  if (refundQueued) await processPendingRefunds(deps, { now });
  return settled;
}
