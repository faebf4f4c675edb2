import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orders, payments, refunds } from '#db/schema/index.ts';
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
beforeEach(() => ctx.setNow(START));

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

type Placed = { id: string; token: string };
async function order(
  options: { method?: 'blik' | 'cashOnDelivery'; delivery?: 'door2door' | 'pickup' } = {},
): Promise<Placed> {
  const method = options.method ?? 'cashOnDelivery';
  const ua = method === 'cashOnDelivery';
  const b = await makeBasket(ctx.database.db, {
    restaurant: ua ? UA : undefined,
    deliveryMethod: options.delivery ?? 'door2door',
  });
  const response = await placeOrder(ctx, b.basketId, {
    ...(ua ? uaCustomer : plCustomer),
    zip: b.zip,
    consents: allConsents,
    paymentMethod: method,
    blikCode: '123456',
  });
  expect(response.status).toBe(201);
  const body = await response.json();
  await settle(ctx);
  return { id: body.order.id, token: body.accessToken };
}

async function act(cookie: string, id: string, body: Record<string, unknown>) {
  return request(ctx, `/api/admin/orders/${id}/actions`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie },
  });
}

async function statusAudit(id: string) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.status')))
    .orderBy(auditLog.id);
}

describe('staff order actions', () => {
  it('takes a delivery order through accept, ready and hand to courier, each audited with the admin as actor', async () => {
    const admin = await asAdmin();
    const placed = await order();
    const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

    ctx.setNow(at(2));
    let response = await act(admin, placed.id, { action: 'accept', preparationMinutes: 25 });
    expect(response.status).toBe(200);
    let body = await response.json();
    expect(body.change).toEqual({ from: 'new', to: 'processing', refundQueued: false });
    expect(body.order.actions).toEqual(['ready', 'cancel']);
    // The customer's page shows the time the kitchen promised, from when it accepted.
    const view = await orderStatus(ctx, placed.id, placed.token);
    expect(view).toMatchObject({ status: 'processing', preparationMinutes: 25 });
    expect(view.estimatedReadyAt).toBe(at(27).toISOString());

    ctx.setNow(at(20));
    response = await act(admin, placed.id, { action: 'ready' });
    expect((await response.json()).change).toMatchObject({ from: 'processing', to: 'waiting_for_courier' });
    ctx.setNow(at(30));
    response = await act(admin, placed.id, { action: 'handToCourier' });
    body = await response.json();
    expect(body.change).toMatchObject({ from: 'waiting_for_courier', to: 'finished' });
    expect(body.order.actions).toEqual([]);
    expect((await orderStatus(ctx, placed.id, placed.token)).status).toBe('finished');

    const audit = await statusAudit(placed.id);
    expect(audit.map((a) => [a.data, a.at.toISOString()])).toEqual([
      [{ from: 'new', to: 'processing', reason: 'accept', preparationMinutes: 25 }, at(2).toISOString()],
      [{ from: 'processing', to: 'waiting_for_courier', reason: 'ready' }, at(20).toISOString()],
      [{ from: 'waiting_for_courier', to: 'finished', reason: 'handToCourier' }, at(30).toISOString()],
    ]);
    const adminId = audit[0]!.actorUserId;
    expect(adminId).not.toBeNull();
    expect(audit.every((a) => a.actorUserId === adminId)).toBe(true);

    // The staff view names the admin in the history, after the placing.
    const detail = await (await request(ctx, `/api/admin/orders/${placed.id}`, { headers: { cookie: admin } })).json();
    expect(detail.order.history.map((h: { action: string; to: string | null }) => [h.action, h.to])).toEqual([
      ['order.placed', null],
      ['order.status', 'processing'],
      ['order.status', 'waiting_for_courier'],
      ['order.status', 'finished'],
    ]);
    expect(detail.order.history[1]).toMatchObject({
      actor: { email: 'admin@example.com', name: 'Anna Adminowska' },
      from: 'new',
      preparationMinutes: 25,
    });
  });

  it('readies a pickup order for collection and finishes it when collected; accept without minutes takes the restaurant’s', async () => {
    const admin = await asAdmin();
    const placed = await order({ delivery: 'pickup' });
    const accepted = await (await act(admin, placed.id, { action: 'accept' })).json();
    expect(accepted.order.order.preparationMinutes).toBeGreaterThan(0);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.preparationMinutes).toBe(accepted.order.order.preparationMinutes);
    expect(row!.acceptedAt!.toISOString()).toBe(START.toISOString());

    const ready = await (await act(admin, placed.id, { action: 'ready' })).json();
    expect(ready.change.to).toBe('ready_for_pickup');
    expect(ready.order.actions).toEqual(['finish']);
    expect((await act(admin, placed.id, { action: 'handToCourier' })).status).toBe(409);
    const finished = await (await act(admin, placed.id, { action: 'finish' })).json();
    expect(finished.change).toMatchObject({ from: 'ready_for_pickup', to: 'finished' });
  });

  it('refuses an action the status does not allow with invalidStatusTransition, and changes nothing', async () => {
    const admin = await asAdmin();
    const placed = await order();
    const refusedFromNew = ['ready', 'handToCourier', 'finish', 'cancel'];
    for (const action of refusedFromNew) {
      const response = await act(admin, placed.id, { action });
      expect(response.status, action).toBe(409);
      expect(await response.json()).toMatchObject({
        error: 'invalidStatusTransition',
        details: { from: 'new', action },
      });
    }
    await act(admin, placed.id, { action: 'accept', preparationMinutes: 15 });
    for (const action of ['accept', 'reject', 'handToCourier', 'finish']) {
      const response = await act(admin, placed.id, { action });
      expect(response.status, action).toBe(409);
      expect((await response.json()).error).toBe('invalidStatusTransition');
    }
    await act(admin, placed.id, { action: 'cancel' });
    for (const action of ['accept', 'reject', 'ready', 'handToCourier', 'finish', 'cancel']) {
      expect((await act(admin, placed.id, { action })).status, action).toBe(409);
    }
    expect((await statusAudit(placed.id)).map((a) => (a.data as { to: string }).to)).toEqual([
      'processing',
      'canceled',
    ]);
  });

  it('refuses an unpaid order and answers validation and notFound for bad input', async () => {
    const admin = await asAdmin();
    const b = await makeBasket(ctx.database.db);
    const unpaid = await (
      await placeOrder(ctx, b.basketId, {
        ...plCustomer,
        zip: b.zip,
        consents: allConsents,
        paymentMethod: 'fastTransfer',
      })
    ).json();
    const response = await act(admin, unpaid.order.id, { action: 'accept' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: 'invalidStatusTransition',
      details: { from: 'waiting_for_payment' },
    });

    const placed = await order();
    for (const body of [
      { action: 'explode' },
      { action: 'accept', preparationMinutes: 0 },
      { action: 'accept', preparationMinutes: 241 },
      { action: 'accept', preparationMinutes: 12.5 },
    ]) {
      const bad = await act(admin, placed.id, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect((await bad.json()).error).toBe('validation');
    }
    expect((await act(admin, crypto.randomUUID(), { action: 'accept' })).status).toBe(404);
    expect((await act(admin, 'not-a-uuid', { action: 'accept' })).status).toBe(404);
    expect(
      (await request(ctx, `/api/admin/orders/${crypto.randomUUID()}`, { headers: { cookie: admin } })).status,
    ).toBe(404);
  });

  it('refunds a paid order it rejects, and shows the payment and its refund to staff', async () => {
    const admin = await asAdmin();
    const paid = await order({ method: 'blik' });
    expect((await orderStatus(ctx, paid.id, paid.token)).status).toBe('new');
    const response = await act(admin, paid.id, { action: 'reject', rejectionReason: 'soldOut' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.change).toEqual({ from: 'new', to: 'rejected', refundQueued: true });
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, paid.id));
    const refundRows = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(refundRows).toHaveLength(1);
    expect(refundRows[0]).toMatchObject({ amount: payment!.amount, reason: 'reject', status: 'succeeded' });
    expect(body.order.payments).toEqual([
      expect.objectContaining({
        method: 'blik',
        status: 'refunded',
        amount: payment!.amount,
        refunds: [expect.objectContaining({ amount: payment!.amount, status: 'succeeded', reason: 'reject' })],
      }),
    ]);
    const view = await orderStatus(ctx, paid.id, paid.token);
    expect(view).toMatchObject({ status: 'rejected', refund: { status: 'succeeded' } });
  });

  it('gives staff the lines, customer, address and restaurant of an order', async () => {
    const admin = await asAdmin();
    const placed = await order();
    const response = await request(ctx, `/api/admin/orders/${placed.id}`, { headers: { cookie: admin } });
    expect(response.status).toBe(200);
    const { order: detail } = await response.json();
    expect(detail.order).toMatchObject({
      id: placed.id,
      status: 'new',
      customer: { firstname: uaCustomer.firstname, phone: uaCustomer.phone, street: uaCustomer.street },
      currency: 'UAH',
    });
    expect(detail.order.items.length).toBeGreaterThan(0);
    expect(detail.restaurant).toMatchObject({ slug: UA });
    expect(detail.actions).toEqual(['accept', 'reject']);
    expect(detail.account).toBeNull();
  });
});

describe('kitchen queue', () => {
  it('lists the restaurant’s open orders with their actions, and not other restaurants’ or finished ones', async () => {
    const admin = await asAdmin();
    const first = await order();
    const second = await order();
    await order({ method: 'blik' });
    await act(admin, second.id, { action: 'accept', preparationMinutes: 20 });
    const done = await order();
    await act(admin, done.id, { action: 'reject', rejectionReason: 'tooBusy' });

    const response = await request(ctx, `/api/admin/kitchen/${UA}`, { headers: { cookie: admin } });
    expect(response.status).toBe(200);
    const queue = await response.json();
    expect(queue.restaurant).toMatchObject({ slug: UA });
    // Both orders were placed at the same moment of the test's clock, so their order in the queue is not the point.
    const byId = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(
      queue.orders
        .map((o: { id: string; status: string; actions: string[] }) => [o.id, o.status, o.actions])
        .toSorted(byId),
    ).toEqual(
      [
        [first.id, 'new', ['accept', 'reject']],
        [second.id, 'processing', ['ready', 'cancel']],
      ].toSorted(byId),
    );
    expect(queue.orders.find((o: { id: string }) => o.id === first.id).acceptSecondsLeft).toBe(600);
    expect((await request(ctx, '/api/admin/kitchen/no-such-place', { headers: { cookie: admin } })).status).toBe(404);
  });

  it('streams the whole queue on connect and again after a change', async () => {
    const admin = await asAdmin();
    const placed = await order();
    const response = await request(ctx, `/api/admin/kitchen/${UA}/events`, { headers: { cookie: admin } });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const next = async () => {
      while (!buffer.includes('\n\n')) buffer += decoder.decode((await reader.read()).value, { stream: true });
      const end = buffer.indexOf('\n\n');
      const chunk = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      return { event: /^event: (.*)$/m.exec(chunk)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(chunk)![1]!) };
    };
    const first = await next();
    expect(first.event).toBe('queue');
    expect(first.data.orders.map((o: { status: string }) => o.status)).toEqual(['new']);
    await act(admin, placed.id, { action: 'accept', preparationMinutes: 10 });
    const second = await next();
    expect(second.data.orders.map((o: { status: string }) => o.status)).toEqual(['processing']);
    await reader.cancel();
  });
});

describe('dashboard', () => {
  it('counts orders and revenue per currency, concept and restaurant for today, 7 and 30 days', async () => {
    const admin = await asAdmin();
    const get = async (days: number) =>
      (await request(ctx, `/api/admin/dashboard?days=${days}`, { headers: { cookie: admin } })).json();
    const empty = await get(1);
    expect(empty).toMatchObject({ days: 1, since: '2026-03-03T23:00:00.000Z', totals: [], byConcept: [], waiting: [] });

    // Two UAH orders today (one accepted), one PLN order paid today, one rejected (not sold: counted apart, tests/api/admin-figures.test.ts), one 10 days ago.
    const a = await order();
    const b = await order();
    await act(admin, b.id, { action: 'accept', preparationMinutes: 10 });
    const pl = await order({ method: 'blik' });
    const rejected = await order();
    await act(admin, rejected.id, { action: 'reject', rejectionReason: 'closed' });
    ctx.setNow(new Date(START.getTime() - 10 * 86_400_000));
    const old = await order();
    ctx.setNow(START);
    const totals = Object.fromEntries(
      (await ctx.database.db.select({ id: orders.id, total: orders.total }).from(orders)).map((o) => [o.id, o.total]),
    );

    const today = await get(1);
    expect(today.totals).toMatchObject([
      { currency: 'PLN', orders: 1, revenue: totals[pl.id] },
      { currency: 'UAH', orders: 2, revenue: totals[a.id]! + totals[b.id]! },
    ]);
    expect(today.byRestaurant.map((r: { slug: string; orders: number }) => [r.slug, r.orders])).toEqual([
      ['pasta-fresca-warszawa-mokotow', 1],
      [UA, 2],
    ]);
    expect(today.byConcept).toHaveLength(2);
    expect(today.byConcept.find((c: { currency: string }) => c.currency === 'UAH')).toMatchObject({
      orders: 2,
      revenue: totals[a.id]! + totals[b.id]!,
    });
    // Waiting: every order still new (the old one too: no sweep ran), soonest deadline first, with its countdown.
    expect(today.waiting.map((w: { id: string }) => w.id).sort()).toEqual([a.id, pl.id, old.id].sort());
    expect(today.waiting.find((w: { id: string }) => w.id === a.id)).toMatchObject({
      acceptSecondsLeft: 600,
      restaurant: { slug: UA },
    });

    expect((await get(7)).totals.find((t: { currency: string }) => t.currency === 'UAH').orders).toBe(2);
    const month = await get(30);
    expect(month.totals.find((t: { currency: string }) => t.currency === 'UAH')).toMatchObject({
      orders: 3,
      revenue: totals[a.id]! + totals[b.id]! + totals[old.id]!,
    });
    const bad = await request(ctx, '/api/admin/dashboard?days=2', { headers: { cookie: admin } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('validation');
  });
});
