import { eq, sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { payments, refunds } from '#db/schema/index.ts';
import type { AppDeps } from '#server/context.ts';
import { announceOrderChange, transactionAnnouncing } from '../orders/events.ts';
import { enqueueStatusEmail } from '../orders/enqueue-status-email.ts';
import { countRefund } from '#server/observability/metrics.ts';

/**
 * Sends pending refunds to the provider. SKIP LOCKED so that two processes (or the sweep and a request) never
 * send one refund twice; a refund that fails stays recorded as failed for staff to see.
 */
export async function processPendingRefunds(
  deps: Pick<AppDeps, 'db' | 'env' | 'payments'>,
  input: { now: Date; limit?: number },
): Promise<number> {
  const { now, limit = 20 } = input;
  const names = deps.payments.all.map((p) => p.name);
  return transactionAnnouncing(deps.db, async (tx) => {
    const due = await queryRows<{
      id: string;
      amount: number;
      payment_id: string;
      order_id: string;
      external_id: string | null;
      payment_amount: number;
      currency: string;
      provider: string;
    }>(
      tx,
      sql`select r.id, r.amount, p.id as payment_id, p.order_id, p.external_id, p.amount as payment_amount, p.currency,
            p.provider
          from refunds r join payments p on p.id = r.payment_id
          where r.status = 'pending' and p.provider in ${sql`(${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )})`}
          order by r.created_at
          limit ${limit}
          for update of r skip locked`,
    );
    for (const refund of due) {
      // The query picked only refunds of configured providers.
      const provider = deps.payments.byName(refund.provider);
      if (!provider) throw new Error(`refund ${refund.id}: provider ${refund.provider} is not configured`);
      const result = await provider.refund(
        {
          id: refund.payment_id,
          externalId: refund.external_id,
          amount: refund.payment_amount,
          currency: refund.currency,
        },
        refund.amount,
        refund.id,
      );
      await tx
        .update(refunds)
        .set({ status: result.status, externalId: result.externalId })
        .where(eq(refunds.id, refund.id));
      countRefund(result.status);
      if (result.status === 'succeeded') {
        await tx.update(payments).set({ status: 'refunded', updatedAt: now }).where(eq(payments.id, refund.payment_id));
        // Told once the money is on its way back, with the refund's own record: in the same transaction.
        await enqueueStatusEmail(tx, deps.env, refund.order_id, { template: 'orderRefunded', amount: refund.amount });
      }
      // The summary page shows the refund: its stream hears about it like about a status change.
      await announceOrderChange(tx, refund.order_id);
    }
    return due.length;
  });
}
