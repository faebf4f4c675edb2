import { retryingLostRaces } from '#db/errors.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { AppDeps } from '#server/context.ts';
import { PAYMENT_TIMEOUT_MINUTES } from '#domain/orders.ts';
import { pollPendingPayments } from '../payments/poll.ts';
import { processPendingRefunds } from '../payments/process-refunds.ts';
import { SYSTEM } from '../actor.ts';
import { changeStatusInTx } from './change-status.ts';
import { transactionAnnouncing } from './events.ts';
import { autoAcceptWaitingOrders } from './auto-accept.ts';
import { escalateWaitingOrders } from './escalate.ts';

export type SweepResult = {
  canceled: number;
  rejected: number;
  refunded: number;
  autoAccepted: number;
  escalated: number;
};

/**
 * The timeouts of design.md: waiting_for_payment for 15 minutes → canceled; new past its acceptance deadline →
 * rejected (and refunded when paid). Before them, new orders of auto-accepting restaurants are accepted and orders
 * waiting past their restaurant's escalation minutes are escalated (auto-accept.ts, escalate.ts). Each batch is one transaction that takes its orders FOR UPDATE SKIP LOCKED,
 * so several server processes sweep side by side without taking the same order, and an order being changed
 * by a request right now is simply left for the next sweep.
 */
export async function sweepOverdueOrders(
  deps: Pick<AppDeps, 'db' | 'env' | 'now' | 'payments'>,
  batch = 100,
): Promise<SweepResult> {
  const now = deps.now();
  // A payment whose notification was lost is settled from the provider's answer before it can time out.
  await pollPendingPayments(deps);
  const paymentCutoff = new Date(now.getTime() - PAYMENT_TIMEOUT_MINUTES * 60_000).toISOString();
  const result: SweepResult = { canceled: 0, rejected: 0, refunded: 0, autoAccepted: 0, escalated: 0 };
  // Before the timeouts: an auto-accepting restaurant's order is never rejected for waiting, and an order is
  // escalated while there is still time to phone its restaurant.
  result.autoAccepted = await autoAcceptWaitingOrders(deps);
  result.escalated = await escalateWaitingOrders(deps);

  for (;;) {
    // A batch is all database work: run again should it lose a race with a request changing the same orders.
    const swept = await retryingLostRaces(() =>
      transactionAnnouncing(deps.db, async (tx) => {
        const due = await queryRows<{ id: string; status: 'waiting_for_payment' | 'new' }>(
          tx,
          sql`select id, status from orders
            where (status = 'waiting_for_payment' and created_at <= ${paymentCutoff})
               or (status = 'new' and accept_deadline <= ${now.toISOString()})
            order by created_at
            limit ${batch}
            for update skip locked`,
        );
        for (const order of due) {
          const to = order.status === 'waiting_for_payment' ? 'canceled' : 'rejected';
          await changeStatusInTx(tx, {
            orderId: order.id,
            to,
            reason: to === 'canceled' ? 'paymentTimeout' : 'acceptanceTimeout',
            actor: SYSTEM,
            env: deps.env,
            now,
          });
          if (to === 'canceled') result.canceled += 1;
          else result.rejected += 1;
        }
        return due.length;
      }),
    );
    if (swept < batch) break;
  }
  // Also picks up refunds a crashed process queued but never sent.
  for (let sent = -1; sent !== 0;) {
    sent = await processPendingRefunds(deps, { now });
    result.refunded += sent;
  }
  return result;
}
