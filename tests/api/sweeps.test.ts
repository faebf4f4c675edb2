import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { auditLog, discountCodes, payments, rateLimits, refunds, sessions, users } from '#db/schema/index.ts';
import { openDatabase } from '#db/client.ts';
import { createSession, hashToken } from '#server/services/auth/sessions.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';
import { hitRateLimit } from '#server/services/rate-limit/hit.ts';
import { startSweeper } from '#server/workers/sweeper.ts';
import { request, useTestApp } from '../helpers/app.ts';
import {
  allConsents,
  makeBasket,
  orderStatus,
  placeOrder,
  plCustomer,
  settle,
  UA,
  uaCustomer,
} from '../helpers/orders.ts';

const ctx = useTestApp();
const START = new Date('2026-03-04T11:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
beforeEach(() => ctx.setNow(START));

async function order(method: 'fastTransfer' | 'blik' | 'cashOnDelivery', code?: string) {
  const ua = method === 'cashOnDelivery';
  const b = await makeBasket(ctx.database.db, { restaurant: ua ? UA : undefined, ...(code ? { code } : {}) });
  const response = await placeOrder(ctx, b.basketId, {
    ...(ua ? uaCustomer : plCustomer),
    zip: b.zip,
    consents: allConsents,
    paymentMethod: method,
    blikCode: '123456',
  });
  const body = await response.json();
  await settle(ctx);
  return { id: body.order.id as string, token: body.accessToken as string };
}

describe('sweeps', () => {
  it('cancels an order waiting for payment after 15 minutes, not before, and gives the code back', async () => {
    const o = await order('fastTransfer', 'OSTATNI');
    const used = async () =>
      (await ctx.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'OSTATNI')))[0]!.used;
    expect(await used()).toBe(50);
    ctx.setNow(at(14.9));
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ canceled: 0 });
    ctx.setNow(at(15));
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ canceled: 1 });
    const view = await orderStatus(ctx, o.id, o.token);
    expect(view).toMatchObject({ status: 'canceled', payment: { status: 'canceled' }, refund: null });
    expect(await used()).toBe(49);
  });

  it('rejects a new order the restaurant did not accept in time; a paid one is refunded once', async () => {
    const cash = await order('cashOnDelivery');
    const paid = await order('blik');
    expect((await orderStatus(ctx, paid.id, paid.token)).acceptSecondsLeft).toBe(600);
    ctx.setNow(at(5));
    expect((await orderStatus(ctx, paid.id, paid.token)).acceptSecondsLeft).toBe(300);
    ctx.setNow(at(10));
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ canceled: 0, rejected: 2, refunded: 1 });
    expect(await orderStatus(ctx, cash.id, cash.token)).toMatchObject({ status: 'rejected', refund: null });
    const view = await orderStatus(ctx, paid.id, paid.token);
    expect(view).toMatchObject({ status: 'rejected', groups: { finished: true, rejected: true } });
    expect(view.refund).toMatchObject({ status: 'succeeded' });
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ canceled: 0, rejected: 0, refunded: 0 });
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, paid.id));
    expect(payment!.status).toBe('refunded');
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id))).toHaveLength(1);
  });

  it('several sweepers at once (separate connections) move each order exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push((await order('fastTransfer')).id);
    ctx.setNow(at(16));
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url: ctx.database.url, max: 3 })));
    try {
      const results = await Promise.all(
        [ctx.database.db, ...others.map((o) => o.db)].map((db) => sweepOverdueOrders({ ...ctx.deps, db }, 2)),
      );
      expect(results.reduce((n, r) => n + r.canceled, 0)).toBe(12);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'order.status'));
    expect(entries.filter((e) => ids.includes(e.entityId))).toHaveLength(12);
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from orders where status = 'canceled'`,
    )) as [{ n: number }];
    expect(n).toBe(12);
  });
});

describe('the sweeper deletes what nothing reads any more', () => {
  it('expired sessions and ended rate-limit windows go; live ones stay and keep working', async () => {
    const db = ctx.database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
    const expired = await createSession({ db, now: () => at(-31 * 24 * 60) }, { userId: user!.id }); // 30-day sessions: ended a day ago
    const live = await createSession({ db, now: () => at(-60) }, { userId: user!.id });
    const hit = (address: string, minutes: number) =>
      hitRateLimit({ db, now: () => at(minutes) }, { key: `login:${address}`, limit: 10, windowSeconds: 15 * 60 });
    await hit('203.0.113.1', -61); // older than the longest window any limit uses
    await hit('203.0.113.2', -10);

    const ids = async () => (await db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);
    expect(await ids()).toContain(hashToken(expired.token));

    await startSweeper(ctx.deps, 60_000).stop(); // one round, as each process runs every 15 s

    expect(await ids()).toEqual([hashToken(live.token)]);
    expect(await db.select({ key: rateLimits.key }).from(rateLimits)).toEqual([{ key: 'login:203.0.113.2' }]);
    const me = await request(ctx, '/api/auth/getUser', { headers: { cookie: `sid=${live.token}` } });
    expect((await me.json()).user).toMatchObject({ email: 'user@example.com' });
    expect((await hit('203.0.113.2', 0)).count).toBe(2);
    expect((await hit('203.0.113.1', 0)).count).toBe(1);
  });
});
