import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments, refunds } from '#db/schema/index.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';
import { signBody } from '#server/services/payments/signature.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plCustomer } from '../helpers/orders.ts';
import { captureWarnings } from '../helpers/log.ts';

const ctx = useTestApp();

/** An order paid by fast transfer, waiting for the bank's notification. */
async function waitingOrder() {
  const b = await makeBasket(ctx.database.db);
  const placed = await placeOrder(ctx, b.basketId, {
    ...plCustomer,
    zip: b.zip,
    consents: allConsents,
    paymentMethod: 'fastTransfer',
  });
  expect(placed.status).toBe(201);
  const { order } = (await placed.json()) as { order: { id: string } };
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, order.id));
  return payment!;
}

const paid = (payment: { id: string; externalId: string | null; amount: number }) => {
  const raw = JSON.stringify({
    id: `ntf_${crypto.randomUUID()}`,
    paymentId: payment.id,
    externalId: payment.externalId,
    status: 'paid',
    amount: payment.amount,
    currency: 'PLN',
  });
  return request(ctx, '/api/payments/notify', {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(ctx.deps.env.paymentWebhookSecret, raw) },
  });
};

// Decision 040: every path that locks an order and its payment locks the order first. The notification locked the
// payment and then the order while the payment-timeout sweep locked the order and then canceled its payment: 10
// deadlocks in 300 racing orders, webhooks answering 500 and sweep batches rolled back.
describe('the one lock order: notifications racing the payment-timeout sweep', () => {
  it('300 paid notifications arriving as their orders time out: no deadlock, no 500, every payment ends right', async () => {
    const start = new Date('2026-03-04T11:00:00Z');
    ctx.setNow(start);
    const waiting = [];
    for (let i = 0; i < 300; i += 10)
      waiting.push(...(await Promise.all(Array.from({ length: 10 }, () => waitingOrder()))));
    // Past the 15 minutes an order may wait for its payment: the sweep cancels whatever it reaches first.
    ctx.setNow(new Date(start.getTime() + 16 * 60_000));
    const warn = captureWarnings();
    try {
      const sweeps = Array.from({ length: 6 }, () => sweepOverdueOrders(ctx.deps, 10));
      // From the newest: the sweeps take the oldest first, so both meet somewhere in the middle.
      const answers = await Promise.all(waiting.toReversed().map((payment) => paid(payment)));
      const swept = await Promise.allSettled(sweeps);
      expect(swept.filter((result) => result.status === 'rejected')).toEqual([]);
      expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    } finally {
      warn.mockRestore();
    }
    await sweepOverdueOrders(ctx.deps, 100);

    const ids = waiting.map((payment) => payment.orderId);
    const ended = await ctx.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, ids));
    const settled = await ctx.database.db
      .select({ orderId: payments.orderId, status: payments.status })
      .from(payments)
      .where(inArray(payments.orderId, ids));
    const givenBack = await ctx.database.db
      .select({ orderId: payments.orderId, status: refunds.status })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(inArray(payments.orderId, ids));
    const paymentOf = new Map(settled.map((row) => [row.orderId, row.status]));
    const refundOf = new Map(givenBack.map((row) => [row.orderId, row.status]));
    expect(ended).toHaveLength(300);
    for (const order of ended) {
      // Paid in time: the order went to the restaurant. Paid after the sweep canceled it: the money went back.
      if (order.status === 'new') expect(paymentOf.get(order.id), order.id).toBe('paid');
      else {
        expect(order.status, order.id).toBe('canceled');
        expect(refundOf.get(order.id), order.id).toBe('succeeded');
      }
    }
  });
});
