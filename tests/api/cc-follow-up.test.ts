import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, refunds, payments, users } from '#db/schema/index.ts';
import { SYSTEM } from '#server/services/actor.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { changeOrderStatus } from '#server/services/orders/change-status.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { startMailCatcher } from '../helpers/mail.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, settle, UA, uaCustomer } from '../helpers/orders.ts';

const ctx = useTestApp();
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail.close());

const NOW = new Date('2026-03-04T11:00:00Z');
beforeEach(() => ctx.setNow(NOW));

type Placed = { order: { id: string; displayId: string }; accessToken: string };

async function session(email: string): Promise<{ id: string; cookie: string }> {
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no ${email}`);
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user.id });
  return { id: user.id, cookie: `${SESSION_COOKIE}=${token}` };
}
const agent = () => session('callcenter@example.com');

const call = (cookie: string | null, path: string, body?: unknown) =>
  request(ctx, `/api/cc${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(cookie ? { cookie } : {}),
      origin: 'http://localhost',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A cash order of the Ukrainian restaurant, waiting for it to accept (new). */
async function cashOrder(customer: Partial<typeof uaCustomer> = {}): Promise<Placed> {
  const b = await makeBasket(ctx.database.db, { restaurant: UA });
  const response = await placeOrder(ctx, b.basketId, {
    ...uaCustomer,
    ...customer,
    zip: b.zip,
    consents: { orderWithObligation: true },
    paymentMethod: 'cashOnDelivery',
    lang: 'en',
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Placed;
}

/** A Polish order paid by Blik in the sandbox, waiting for the restaurant (new). */
async function paidOrder(): Promise<Placed> {
  const b = await makeBasket(ctx.database.db);
  const response = await placeOrder(ctx, b.basketId, {
    ...plCustomer,
    zip: b.zip,
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '000000',
    lang: 'pl',
  });
  expect(response.status).toBe(201);
  await settle(ctx);
  return (await response.json()) as Placed;
}

const search = async (cookie: string, query: string) => {
  const response = await call(cookie, '/orders/search', { query });
  expect(response.status).toBe(200);
  return ((await response.json()) as { orders: { id: string }[] }).orders.map((o) => o.id);
};

describe('who may follow up orders', () => {
  it('only the call centre and admins: a guest and a customer get 401 on every call', async () => {
    const placed = await cashOrder();
    const customer = await session('user@example.com');
    for (const cookie of [null, customer.cookie]) {
      expect((await call(cookie, '/orders/search', { query: uaCustomer.phone })).status).toBe(401);
      expect((await call(cookie, `/orders/${placed.order.id}`)).status).toBe(401);
      expect((await call(cookie, `/orders/${placed.order.id}/status-link`, {})).status).toBe(401);
      expect((await call(cookie, `/orders/${placed.order.id}/cancel`, {})).status).toBe(401);
    }
    const admin = await session('admin@example.com');
    expect(await search(admin.cookie, placed.order.displayId)).toEqual([placed.order.id]);
  });
});

describe('searching orders', () => {
  it('finds a caller’s orders by phone however typed, by e-mail in any case, or by number; newest first', async () => {
    const first = await cashOrder();
    ctx.setNow(new Date(NOW.getTime() + 60_000));
    const second = await cashOrder();
    const other = await cashOrder({ phone: '0671112233', email: 'someone@example.com' });
    const { cookie } = await agent();
    expect(await search(cookie, '+38 (050) 123-45-67')).toEqual([second.order.id, first.order.id]);
    expect(await search(cookie, 'OLENA@Example.COM')).toEqual([second.order.id, first.order.id]);
    expect(await search(cookie, `#${other.order.displayId.toUpperCase()}`)).toEqual([other.order.id]);

    const response = await call(cookie, '/orders/search', { query: uaCustomer.phone });
    const { orders } = await response.json();
    expect(orders[0]).toEqual({
      id: second.order.id,
      displayId: second.order.displayId,
      status: 'new',
      createdAt: new Date(NOW.getTime() + 60_000).toISOString(),
      restaurant: { slug: UA, name: expect.any(String) },
      country: 'ua',
      customerName: `${uaCustomer.firstname} ${uaCustomer.lastname}`,
      currency: 'UAH',
      total: expect.any(Number),
    });
  });

  it('shows nothing older than 7 days', async () => {
    ctx.setNow(new Date(NOW.getTime() - 8 * 24 * 3600_000));
    const old = await cashOrder();
    ctx.setNow(NOW);
    const { cookie } = await agent();
    expect(await search(cookie, uaCustomer.phone)).toEqual([]);
    expect(await search(cookie, old.order.displayId)).toEqual([]);
    expect((await call(cookie, `/orders/${old.order.id}`)).status).toBe(404);
  });

  it('answers orderSearchQuery to what is neither a phone, an e-mail nor an order number', async () => {
    const { cookie } = await agent();
    for (const query of ['', 'Kowalski', '1234', 'jan@']) {
      const response = await call(cookie, '/orders/search', { query });
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'orderSearchQuery' });
    }
  });
});

describe('an order followed up', () => {
  it('shows its live status, items and status history with who made each change', async () => {
    const placed = await paidOrder();
    const { cookie } = await agent();
    await changeOrderStatus(ctx.deps, {
      orderId: placed.order.id,
      to: 'processing',
      reason: 'accept',
      actor: SYSTEM,
      now: new Date(NOW.getTime() + 120_000),
      preparationMinutes: 20,
    });
    const response = await call(cookie, `/orders/${placed.order.id}`);
    expect(response.status).toBe(200);
    const { order } = await response.json();
    expect(order.order).toMatchObject({
      id: placed.order.id,
      status: 'processing',
      customer: { email: plCustomer.email },
    });
    expect(order.order.items.length).toBeGreaterThan(0);
    expect(order.history.map((h: { to: string | null }) => h.to).filter(Boolean)).toEqual(['new', 'processing']);
    expect(order.cancellable).toBe(false);
    expect(order).not.toHaveProperty('actions');
  });

  it('is 404 for an id that is no order', async () => {
    const { cookie } = await agent();
    expect((await call(cookie, `/orders/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call(cookie, '/orders/not-an-id')).status).toBe(404);
  });
});

describe('sending the status link again', () => {
  it('e-mails the link to the order’s own address, audited, and at most 3 times an hour for one order', async () => {
    const placed = await cashOrder();
    const { id: agentId, cookie } = await agent();
    await mail.deliver(ctx.database.db);
    const response = await call(cookie, `/orders/${placed.order.id}/status-link`, {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sentTo: uaCustomer.email });
    const [message, ...more] = await mail.deliver(ctx.database.db);
    expect(more).toEqual([]);
    expect(message!.to).toEqual([uaCustomer.email]);
    expect(message!.subject).toBe(`Status link for order ${placed.order.displayId}`);
    expect(message!.links).toContain(
      `${ctx.deps.env.publicBaseUrl}/en/status/${placed.order.id}/${placed.accessToken}`,
    );
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, placed.order.id), eq(auditLog.action, 'order.statusLinkSent')));
    expect(audit.map((a) => a.actorUserId)).toEqual([agentId]);

    expect((await call(cookie, `/orders/${placed.order.id}/status-link`, {})).status).toBe(200);
    expect((await call(cookie, `/orders/${placed.order.id}/status-link`, {})).status).toBe(200);
    const refused = await call(cookie, `/orders/${placed.order.id}/status-link`, {});
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ requestId: expect.any(String), error: 'tooManyRequests' });
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await mail.deliver(ctx.database.db)).toHaveLength(2);
  });
});

describe('canceling for the customer', () => {
  it('cancels a new cash order: audited with the agent, the customer told, no refund', async () => {
    const placed = await cashOrder();
    const { id: agentId, cookie } = await agent();
    await mail.deliver(ctx.database.db);
    const response = await call(cookie, `/orders/${placed.order.id}/cancel`, {});
    expect(response.status).toBe(200);
    const { order } = await response.json();
    expect(order.order.status).toBe('canceled');
    expect(order.cancellable).toBe(false);
    expect(order.history.at(-1)).toMatchObject({
      from: 'new',
      to: 'canceled',
      reason: 'callCentre',
      actor: { id: agentId, email: 'callcenter@example.com' },
    });
    const [message, ...more] = await mail.deliver(ctx.database.db);
    expect(more).toEqual([]);
    expect(message!.subject).toBe(`Order ${placed.order.displayId} canceled`);
    expect(message!.text).toContain('Our customer service canceled it.');
    expect(message!.text).not.toContain('refunded');
  });

  it('cancels a paid order and refunds it as a rejection would be', async () => {
    const placed = await paidOrder();
    const { cookie } = await agent();
    await mail.deliver(ctx.database.db);
    const response = await call(cookie, `/orders/${placed.order.id}/cancel`, {});
    expect(response.status).toBe(200);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, placed.order.id));
    const [refund] = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(refund).toMatchObject({ amount: payment!.amount, status: 'succeeded', reason: 'callCentre' });
    expect(payment!.status).toBe('refunded');
    const received = await mail.deliver(ctx.database.db);
    expect(received.map((m) => m.subject)).toEqual([
      `Zamówienie ${placed.order.displayId} anulowane`,
      `Zwrot pieniędzy za zamówienie ${placed.order.displayId}`,
    ]);
    expect(received[0]!.text).toContain('Pieniądze za zamówienie zwrócimy w ciągu kilku dni roboczych.');
  });

  it('cancels an order still waiting for its payment', async () => {
    const b = await makeBasket(ctx.database.db);
    const placed = (await (
      await placeOrder(ctx, b.basketId, {
        ...plCustomer,
        zip: b.zip,
        consents: allConsents,
        paymentMethod: 'fastTransfer',
      })
    ).json()) as Placed;
    await settle(ctx);
    const { cookie } = await agent();
    const response = await call(cookie, `/orders/${placed.order.id}/cancel`, {});
    expect(response.status).toBe(200);
    expect((await response.json()).order.order.status).toBe('canceled');
  });

  it('refuses once the restaurant has accepted it, and changes nothing', async () => {
    const placed = await cashOrder();
    await changeOrderStatus(ctx.deps, {
      orderId: placed.order.id,
      to: 'processing',
      reason: 'accept',
      actor: SYSTEM,
      now: NOW,
    });
    const { cookie } = await agent();
    const response = await call(cookie, `/orders/${placed.order.id}/cancel`, {});
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      requestId: expect.any(String),
      error: 'orderNotCancellable',
      details: { status: 'processing' },
    });
    const view = await (await call(cookie, `/orders/${placed.order.id}`)).json();
    expect(view.order.order.status).toBe('processing');
  });
});
