import postgres from 'postgres';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeOrderStatus } from '#server/services/orders/change-status.ts';
import { ORDER_STATUS_CHANNEL } from '#server/services/orders/events.ts';
import { SYSTEM } from '#server/services/actor.ts';
import { useTestApp } from '../helpers/app.ts';
import { makeBasket, placeOrder, UA, uaCustomer } from '../helpers/orders.ts';

const ctx = useTestApp();
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

// Place-order announces a new order right behind its COMMIT rather than inside the transaction (decision 034):
// the status page and the kitchen board still hear of it, once, and of nothing that was not placed.
describe('a placed order is announced to listeners', () => {
  it('once, with its id; a replay and a refused second order announce nothing', async () => {
    const listener = postgres(ctx.database.url, { max: 1, onnotice: () => {} });
    const heard: string[] = [];
    try {
      await listener.listen(ORDER_STATUS_CHANNEL, (id) => heard.push(id));
      const b = await makeBasket(ctx.database.db, { restaurant: UA });
      const body = {
        ...uaCustomer,
        zip: b.zip,
        consents: { orderWithObligation: true },
        paymentMethod: 'cashOnDelivery',
      };
      const key = crypto.randomUUID();
      const placed = await placeOrder(ctx, b.basketId, body, key);
      expect(placed.status).toBe(201);
      const { order } = (await placed.json()) as { order: { id: string } };
      expect((await placeOrder(ctx, b.basketId, body, key)).status).toBe(201);
      expect((await placeOrder(ctx, b.basketId, body)).status).toBe(409);
      await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThan(0);
      // Anything announced late would arrive within this wait.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(heard).toEqual([order.id]);
    } finally {
      await listener.end();
    }
  });
});

// Status changes are announced after their commit as well (decision 035), through transactionAnnouncing.
describe('a status change is announced to listeners', () => {
  it('once, after its commit; a change the rules refuse announces nothing', async () => {
    const b = await makeBasket(ctx.database.db, { restaurant: UA });
    const placed = await placeOrder(ctx, b.basketId, {
      ...uaCustomer,
      zip: b.zip,
      consents: { orderWithObligation: true },
      paymentMethod: 'cashOnDelivery',
    });
    const { order } = (await placed.json()) as { order: { id: string } };
    const listener = postgres(ctx.database.url, { max: 1, onnotice: () => {} });
    const heard: string[] = [];
    try {
      await listener.listen(ORDER_STATUS_CHANNEL, (id) => heard.push(id));
      const change = { orderId: order.id, reason: 'admin', actor: SYSTEM, now: ctx.deps.now() };
      // new → finished skips the kitchen: refused.
      await expect(changeOrderStatus(ctx.deps, { ...change, to: 'finished' })).rejects.toThrow();
      await changeOrderStatus(ctx.deps, { ...change, to: 'processing' });
      await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(heard).toEqual([order.id]);
    } finally {
      await listener.end();
    }
  });
});
