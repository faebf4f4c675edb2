import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '#db/client.ts';
import { auditLog, emailOutbox, orders, restaurants, users } from '#db/schema/index.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { startMailCatcher } from '../helpers/mail.ts';
import {
  allConsents,
  makeBasket,
  orderStatus,
  PL,
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

let mail: Awaited<ReturnType<typeof startMailCatcher>> | null = null;
afterEach(async () => {
  await mail?.close();
  mail = null;
});

async function login(email: string, password: string) {
  const response = await request(ctx, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}
const asAdmin = () => login('admin@example.com', 'admin-demo-2026');
const asCallCentre = () => login('callcenter@example.com', 'cc-demo-2026');

/** An order that reached the kitchen: PL is paid by Blik (the payment makes it new), UA on delivery. */
async function order(restaurant: typeof PL | typeof UA = PL) {
  const ua = restaurant === UA;
  const b = await makeBasket(ctx.database.db, { restaurant });
  const response = await placeOrder(ctx, b.basketId, {
    ...(ua ? uaCustomer : plCustomer),
    zip: b.zip,
    consents: allConsents,
    paymentMethod: ua ? 'cashOnDelivery' : 'blik',
    blikCode: '123456',
  });
  expect(response.status).toBe(201);
  const body = await response.json();
  await settle(ctx);
  return { id: body.order.id as string, token: body.accessToken as string, displayId: body.order.displayId as string };
}

const post = (cookie: string, path: string, body: unknown = {}) =>
  request(ctx, path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie },
  });
const act = (cookie: string, id: string, body: Record<string, unknown>) =>
  post(cookie, `/api/admin/orders/${id}/actions`, body);
const board = async (cookie: string, slug = PL) =>
  (await (await request(ctx, `/api/admin/kitchen/${slug}`, { headers: { cookie } })).json()) as {
    orders: { id: string; status: string; alarm: boolean; escalatedAt: string | null }[];
  };
const setRestaurant = (slug: string, values: Partial<typeof restaurants.$inferInsert>) =>
  ctx.database.db.update(restaurants).set(values).where(eq(restaurants.slug, slug));

describe('rejecting with a reason', () => {
  it('refuses a reject without a valid reason, stores the reason and shows it to the customer', async () => {
    const admin = await asAdmin();
    const placed = await order();
    for (const body of [{ action: 'reject' }, { action: 'reject', rejectionReason: 'bored' }]) {
      const response = await act(admin, placed.id, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'rejectionReasonRequired' });
    }
    expect((await orderStatus(ctx, placed.id, placed.token)).status).toBe('new');

    const response = await act(admin, placed.id, { action: 'reject', rejectionReason: 'soldOut' });
    expect(response.status).toBe(200);
    expect((await response.json()).order.order).toMatchObject({ status: 'rejected', rejectionReason: 'soldOut' });
    expect(await orderStatus(ctx, placed.id, placed.token)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'soldOut',
    });
  });

  it('leaves the reason empty for an order nobody accepted in time', async () => {
    const placed = await order();
    ctx.setNow(at(10));
    await sweepOverdueOrders(ctx.deps);
    expect(await orderStatus(ctx, placed.id, placed.token)).toMatchObject({
      status: 'rejected',
      rejectionReason: null,
    });
  });
});

describe('the new-order alarm', () => {
  it('rings on every board until someone acknowledges it; accepting acknowledges too', async () => {
    const admin = await asAdmin();
    const first = await order();
    const second = await order();
    const ringing = async () =>
      (await board(admin)).orders
        .filter((o) => o.alarm)
        .map((o) => o.id)
        .sort();
    expect(await ringing()).toEqual([first.id, second.id].sort());

    const acknowledged = await post(admin, `/api/admin/kitchen/${PL}/orders/${first.id}/acknowledge`);
    expect(acknowledged.status).toBe(200);
    expect(await ringing()).toEqual([second.id]);
    // Still new: acknowledging is noticing it, not accepting it.
    expect((await orderStatus(ctx, first.id, first.token)).status).toBe('new');
    // Twice is no error.
    expect((await post(admin, `/api/admin/kitchen/${PL}/orders/${first.id}/acknowledge`)).status).toBe(200);

    await act(admin, second.id, { action: 'accept', preparationMinutes: 20 });
    expect(await ringing()).toEqual([]);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, first.id));
    expect(row!.alarmAcknowledgedAt).toEqual(START);
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, first.id));
    expect(entries.map((e) => e.action)).toContain('order.alarmAcknowledged');
  });

  it('answers notFound for an order of another restaurant and 401 without a session', async () => {
    const admin = await asAdmin();
    const ua = await order(UA);
    expect((await post(admin, `/api/admin/kitchen/${PL}/orders/${ua.id}/acknowledge`)).status).toBe(404);
    expect((await post(admin, `/api/admin/kitchen/${PL}/orders/${crypto.randomUUID()}/acknowledge`)).status).toBe(404);
    expect((await post(admin, `/api/admin/kitchen/${PL}/orders/not-an-id/acknowledge`)).status).toBe(404);
    expect((await post('', `/api/admin/kitchen/${UA}/orders/${ua.id}/acknowledge`)).status).toBe(401);
    expect((await board(admin, UA)).orders.find((o) => o.id === ua.id)?.alarm).toBe(true);
  });
});

describe('escalation', () => {
  it('e-mails the kitchen’s manager once, in their language, after the escalation minutes, and shows the order to the call centre', async () => {
    mail = await startMailCatcher();
    await ctx.database.db.update(users).set({ lang: 'en' }).where(eq(users.email, 'manager@example.com'));
    await setRestaurant(PL, { phone: '+48 22 123 45 67' });
    const placed = await order();
    const cc = await asCallCentre();
    const list = async () =>
      (await (await request(ctx, '/api/cc/escalations', { headers: { cookie: cc } })).json()) as {
        orders: { id: string; displayId: string; restaurant: { phone: string | null; name: string } }[];
      };

    ctx.setNow(at(4.9));
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ escalated: 0 });
    expect(await list()).toMatchObject({ orders: [] });

    ctx.setNow(at(5));
    // Two server processes sweeping at the same moment (separate connections) escalate it once.
    const other = await openDatabase({ url: ctx.database.url, max: 3 });
    try {
      const results = await Promise.all([
        sweepOverdueOrders(ctx.deps),
        sweepOverdueOrders({ ...ctx.deps, db: other.db }),
      ]);
      expect(results.reduce((n, r) => n + r.escalated, 0)).toBe(1);
    } finally {
      await other.close();
    }
    ctx.setNow(at(6));
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ escalated: 0 });

    // The customer's confirmation aside, one e-mail: the manager's.
    const delivered = (await mail.deliver(ctx.database.db)).filter((m) => !m.to.includes(plCustomer.email));
    expect(delivered).toHaveLength(1);
    const [message] = delivered;
    expect(message!.to).toEqual(['manager@example.com']);
    expect(message!.subject).toContain(`#${placed.displayId}`);
    expect(message!.subject).toContain('is not accepted yet');
    expect(message!.text).toContain('has waited 5 min');
    expect(message!.text).toContain('+48 22 123 45 67');
    expect(message!.links).toContain('tel:+48221234567');
    expect(message!.links.some((link) => link.endsWith(`/en/admin/kitchen/${PL}`))).toBe(true);

    expect((await list()).orders).toMatchObject([
      { id: placed.id, displayId: placed.displayId, restaurant: { phone: '+48 22 123 45 67' } },
    ]);
    expect((await request(ctx, '/api/cc/escalations')).status).toBe(401);
    const admin = await asAdmin();
    expect((await board(admin)).orders[0]).toMatchObject({ id: placed.id, escalatedAt: at(5).toISOString() });

    // Accepted: it leaves the call centre's list.
    await act(admin, placed.id, { action: 'accept', preparationMinutes: 30 });
    expect((await list()).orders).toEqual([]);
  });

  it('follows the restaurant’s escalation minutes, and e-mails the admins of a kitchen without a manager', async () => {
    await setRestaurant(UA, { escalationMinutes: 3 });
    const placed = await order(UA);
    ctx.setNow(at(2.9));
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ escalated: 0 });
    ctx.setNow(at(3));
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ escalated: 1 });
    const queued = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'orderEscalation'));
    expect(queued.map((e) => e.to)).toEqual(['admin@example.com']);
    expect(queued[0]!.text).toContain(`#${(await orderStatus(ctx, placed.id, placed.token)).displayId}`);
  });
});

describe('auto-accept', () => {
  it('is off by default: a new order waits for the kitchen', async () => {
    const placed = await order(UA);
    expect((await orderStatus(ctx, placed.id, placed.token)).status).toBe('new');
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ autoAccepted: 0 });
  });

  it('accepts an order on delivery and a paid one at once with the default preparation time, as a tap would', async () => {
    await setRestaurant(UA, { autoAccept: true, preparationMinutes: 35 });
    await setRestaurant(PL, { autoAccept: true, preparationMinutes: 25 });
    const onDelivery = await order(UA);
    const paid = await order(PL);
    expect(await orderStatus(ctx, onDelivery.id, onDelivery.token)).toMatchObject({
      status: 'processing',
      preparationMinutes: 35,
      estimatedReadyAt: at(35).toISOString(),
    });
    expect(await orderStatus(ctx, paid.id, paid.token)).toMatchObject({ status: 'processing', preparationMinutes: 25 });
    const history = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, onDelivery.id));
    expect(history.filter((e) => e.action === 'order.status').map((e) => e.data)).toContainEqual(
      expect.objectContaining({ from: 'new', to: 'processing', reason: 'autoAccept', preparationMinutes: 35 }),
    );
    // Nobody has seen it yet: it still rings on the board.
    const admin = await asAdmin();
    expect((await board(admin, UA)).orders.find((o) => o.id === onDelivery.id)?.alarm).toBe(true);
  });

  it('the sweeper accepts a new order left waiting when auto-accept was switched on', async () => {
    const placed = await order(UA);
    await setRestaurant(UA, { autoAccept: true });
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ autoAccepted: 1, rejected: 0 });
    expect((await orderStatus(ctx, placed.id, placed.token)).status).toBe('processing');
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from orders where status = 'new'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});
