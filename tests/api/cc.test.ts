import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, baskets, emailOutbox, orders, users } from '#db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, settle, UA, uaCustomer } from '../helpers/orders.ts';

const ctx = useTestApp();

beforeEach(() => {
  // A Wednesday noon in Warsaw and Kyiv: the seeded restaurants are open.
  ctx.setNow(new Date('2026-03-04T11:00:00Z'));
});

/** A session of a seeded demo user (user@example.com is Jan Kowalski, phone 600700800). */
async function login(email: string): Promise<{ id: string; cookie: string }> {
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no ${email}`);
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user.id });
  return { id: user.id, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A second call-centre agent, to show one agent cannot touch another's basket. */
async function anotherAgent(): Promise<{ id: string; cookie: string }> {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ email: `agent-${crypto.randomUUID()}@example.com`, passwordHash: 'x', role: 'callCenter' })
    .returning({ id: users.id });
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user!.id });
  return { id: user!.id, cookie: `${SESSION_COOKIE}=${token}` };
}

const json = (cookie: string, method: string, body?: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: {
    cookie,
    origin: 'http://localhost',
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...headers,
  },
  ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
});

type Basket = { id: string; itemCount: number; country: string; lines: { id: number }[] };

/** An agent's basket for a caller with `quantity` of a plain item of the restaurant, delivered to its area. */
async function staffBasket(cookie: string, options: { restaurant?: string; quantity?: number } = {}) {
  const sample = await makeBasket(ctx.database.db, { restaurant: options.restaurant });
  const created = await request(ctx, '/api/cc/baskets', json(cookie, 'POST'));
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as Basket;
  const added = await request(
    ctx,
    `/api/cc/baskets/${id}/items`,
    json(cookie, 'POST', { menuItemId: sample.menuItemId, quantity: options.quantity ?? 6 }),
  );
  expect(added.status).toBe(200);
  return { id, ...sample };
}

function placePhoneOrder(cookie: string, basketId: string, body: Record<string, unknown>, key = crypto.randomUUID()) {
  return request(ctx, `/api/cc/baskets/${basketId}/order`, json(cookie, 'POST', body, { 'idempotency-key': key }));
}

describe('call centre API access', () => {
  it('answers 401 to a guest and to a plain user, and serves callCenter and admin', async () => {
    const user = await login('user@example.com');
    const cc = await login('callcenter@example.com');
    const admin = await login('admin@example.com');
    for (const [who, status] of [
      [null, 401],
      [user, 401],
      [cc, 200],
      [admin, 200],
    ] as const) {
      const lookup = await request(
        ctx,
        '/api/cc/customers/search',
        json(who?.cookie ?? '', 'POST', { phone: '600700800' }),
      );
      expect(lookup.status, `lookup as ${who ? 'signed in' : 'guest'}`).toBe(status);
      const basket = await request(ctx, '/api/cc/baskets', json(who?.cookie ?? '', 'POST'));
      expect(basket.status).toBe(status === 200 ? 201 : 401);
      if (status === 401) expect(await basket.json()).toEqual({ requestId: expect.any(String), error: 'Unauthorized' });
    }
  });
});

describe('POST /api/cc/customers/search', () => {
  it('finds the caller’s account, addresses and earlier orders however the number is typed', async () => {
    const user = await login('user@example.com');
    await request(
      ctx,
      '/api/account/addresses',
      json(user.cookie, 'POST', { street: 'Prosta', streetNo: '1', city: 'Warszawa', zip: '00-850', country: 'pl' }),
    );
    const basket = await makeBasket(ctx.database.db, { userId: user.id });
    const placed = await placeOrder(
      ctx,
      basket.basketId,
      { ...plCustomer, zip: basket.zip, consents: allConsents, paymentMethod: 'blik', blikCode: '123456' },
      crypto.randomUUID(),
      { cookie: `basket=${basket.basketId}; ${user.cookie}` },
    );
    expect(placed.status).toBe(201);
    await settle(ctx);

    const cc = await login('callcenter@example.com');
    const response = await request(
      ctx,
      '/api/cc/customers/search',
      json(cc.cookie, 'POST', { phone: '+48 600-700-800' }),
    );
    expect(response.status).toBe(200);
    const found = (await response.json()) as {
      accounts: { email: string; addresses: { street: string }[] }[];
      orders: { source: string; customer: { firstname: string; zip: string }; restaurant: { slug: string } }[];
      addresses: { street: string; zip: string; country: string }[];
    };
    expect(found.accounts.map((a) => a.email)).toEqual(['user@example.com']);
    expect(found.accounts[0]!.addresses.map((a) => a.street)).toEqual(['Prosta']);
    expect(found.orders).toHaveLength(1);
    expect(found.orders[0]).toMatchObject({ source: 'web', customer: { firstname: 'Jan', zip: basket.zip } });
    expect(found.addresses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ street: plCustomer.street, zip: basket.zip, country: 'pl' }),
        expect.objectContaining({ street: 'Prosta', zip: '00-850', country: 'pl' }),
      ]),
    );

    const nobody = await request(ctx, '/api/cc/customers/search', json(cc.cookie, 'POST', { phone: '999888777' }));
    expect(await nobody.json()).toEqual({ accounts: [], orders: [], addresses: [] });
  });

  it('refuses a number too short to name anyone', async () => {
    const cc = await login('callcenter@example.com');
    const response = await request(ctx, '/api/cc/customers/search', json(cc.cookie, 'POST', { phone: '600-700' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { phone: 'isValidPhoneNo' },
    });
  });
});

describe('GET /api/cc/restaurants', () => {
  it('finds restaurants by their brand’s or city’s name, with their state', async () => {
    const cc = await login('callcenter@example.com');
    const byCity = await request(ctx, '/api/cc/restaurants?q=kyiv', { headers: { cookie: cc.cookie } });
    const { restaurants } = (await byCity.json()) as {
      restaurants: { slug: string; location: { country: string }; state: { state: string } }[];
    };
    expect(restaurants.map((r) => r.slug)).toContain(UA);
    expect(restaurants.every((r) => r.location.country === 'ua')).toBe(true);
    const wildcard = await request(ctx, '/api/cc/restaurants?q=%25', { headers: { cookie: cc.cookie } });
    expect(((await wildcard.json()) as { restaurants: unknown[] }).restaurants).toEqual([]);
  });
});

describe('a basket built by staff for a caller', () => {
  it('is apart from the agent’s own basket, and no one else opens or orders it', async () => {
    const cc = await login('callcenter@example.com');
    // The agent's own shop basket, with one line.
    const own = await makeBasket(ctx.database.db, { userId: cc.id, quantity: 1 });
    const forCaller = await staffBasket(cc.cookie, { quantity: 3 });

    const ownNow = (await (await request(ctx, '/api/basket', { headers: { cookie: cc.cookie } })).json()) as Basket;
    expect(ownNow.id).toBe(own.basketId);
    expect(ownNow.itemCount).toBe(1);

    const staffNow = (await (
      await request(ctx, `/api/cc/baskets/${forCaller.id}`, { headers: { cookie: cc.cookie } })
    ).json()) as Basket;
    expect(staffNow.itemCount).toBe(3);

    const [row] = await ctx.database.db.select().from(baskets).where(eq(baskets.id, forCaller.id));
    expect(row).toMatchObject({ builtByUserId: cc.id, userId: null });

    // A guest holding its id as a cookie gets an empty basket of their own; a shop write makes a new one.
    const asGuest = (await (
      await request(ctx, '/api/basket', { headers: { cookie: `basket=${forCaller.id}` } })
    ).json()) as Basket;
    expect(asGuest.id).toBe('');
    const guestWrite = (await (
      await request(ctx, '/api/basket/items', {
        method: 'POST',
        headers: { cookie: `basket=${forCaller.id}`, 'content-type': 'application/json', origin: 'http://localhost' },
        body: JSON.stringify({ menuItemId: forCaller.menuItemId, quantity: 1 }),
      })
    ).json()) as Basket;
    expect(guestWrite.id).not.toBe(forCaller.id);
    // Nor can a guest order it with that cookie.
    const guestOrder = await placeOrder(ctx, forCaller.id, {
      ...plCustomer,
      zip: forCaller.zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
    });
    expect(await guestOrder.json()).toEqual({ requestId: expect.any(String), error: 'basketEmpty' });

    // Another agent neither reads, changes nor orders it.
    const other = await anotherAgent();
    expect((await request(ctx, `/api/cc/baskets/${forCaller.id}`, { headers: { cookie: other.cookie } })).status).toBe(
      404,
    );
    const change = await request(
      ctx,
      `/api/cc/baskets/${forCaller.id}/items/${staffNow.lines[0]!.id}`,
      json(other.cookie, 'PATCH', { quantity: 0 }),
    );
    expect(change.status).toBe(404);
    const stolen = await placePhoneOrder(other.cookie, forCaller.id, {
      ...plCustomer,
      zip: forCaller.zip,
      consents: allConsents,
      paymentMethod: 'cashOnDelivery',
    });
    expect(await stolen.json()).toEqual({ requestId: expect.any(String), error: 'basketEmpty' });
    const still = (await (
      await request(ctx, `/api/cc/baskets/${forCaller.id}`, { headers: { cookie: cc.cookie } })
    ).json()) as Basket;
    expect(still.itemCount).toBe(3);
  });
});

describe('POST /api/cc/baskets/:basketId/order', () => {
  it('places a cash-on-delivery order in Poland with source cc, for the caller’s account, created by the agent', async () => {
    const cc = await login('callcenter@example.com');
    const customer = await login('user@example.com');
    const basket = await staffBasket(cc.cookie);
    const response = await placePhoneOrder(cc.cookie, basket.id, {
      ...plCustomer,
      email: 'jan.caller@example.com',
      zip: basket.zip,
      consents: allConsents,
      paymentMethod: 'cashOnDelivery',
      customerUserId: customer.id,
      lang: 'en',
    });
    expect(response.status).toBe(201);
    const placed = (await response.json()) as { order: { id: string; status: string; source: string } };
    expect(placed.order).toMatchObject({ status: 'new', source: 'cc' });

    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order).toMatchObject({ source: 'cc', userId: customer.id, createdByUserId: cc.id, paymentType: 'cash' });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, placed.order.id), eq(auditLog.action, 'order.placed')));
    expect(audit).toMatchObject({ actorUserId: cc.id, data: expect.objectContaining({ source: 'cc' }) });

    // The caller gets the confirmation with the link to follow the order.
    const [mail] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'jan.caller@example.com'));
    expect(mail?.text).toContain(`/status/${placed.order.id}/`);

    // The order is the customer's: their order list shows it; the agent's does not.
    const mine = (await (await request(ctx, '/api/my-orders', { headers: { cookie: customer.cookie } })).json()) as {
      orders: { id: string }[];
    };
    expect(mine.orders.map((o) => o.id)).toContain(placed.order.id);
    const agents = (await (await request(ctx, '/api/my-orders', { headers: { cookie: cc.cookie } })).json()) as {
      orders: { id: string }[];
    };
    expect(agents.orders.map((o) => o.id)).not.toContain(placed.order.id);

    // The basket is spent: ordering it again is refused, reading it is 404.
    expect((await request(ctx, `/api/cc/baskets/${basket.id}`, { headers: { cookie: cc.cookie } })).status).toBe(404);
  });

  it('places a Blik order for a caller without an account, paid through the sandbox', async () => {
    const cc = await login('callcenter@example.com');
    const basket = await staffBasket(cc.cookie);
    const response = await placePhoneOrder(cc.cookie, basket.id, {
      ...plCustomer,
      zip: basket.zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
      customerUserId: null,
    });
    expect(response.status).toBe(201);
    const placed = (await response.json()) as { order: { id: string; status: string } };
    // The sandbox's Blik answer may arrive before the place-order answer is written: paid already, or still waiting.
    expect(['waiting_for_payment', 'new']).toContain(placed.order.status);
    await settle(ctx);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order).toMatchObject({ status: 'new', source: 'cc', userId: null, createdByUserId: cc.id });
  });

  it('offers and accepts only the payments of channel cc in each country', async () => {
    const methods = async (country: string) =>
      (
        (await (await request(ctx, `/api/payment-methods?country=${country}&channel=cc`)).json()) as {
          methods: { id: string }[];
        }
      ).methods
        .map((m) => m.id)
        .sort();
    expect(await methods('pl')).toEqual(['blik', 'cardOnDelivery', 'cashOnDelivery']);
    // Blik is configured for Poland only (data): Ukraine's cc orders are paid on delivery.
    expect(await methods('ua')).toEqual(['cardOnDelivery', 'cashOnDelivery']);

    const cc = await login('callcenter@example.com');
    const pl = await staffBasket(cc.cookie);
    for (const paymentMethod of ['googlePay', 'fastTransfer']) {
      const refused = await placePhoneOrder(cc.cookie, pl.id, {
        ...plCustomer,
        zip: pl.zip,
        consents: allConsents,
        paymentMethod,
        googlePayToken: 'sandbox-ok',
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'paymentMethodUnavailable' });
    }

    // Ukraine: paid on delivery through the call centre too, with Ukraine's phone and zip rules.
    const ua = await staffBasket(cc.cookie, { restaurant: UA, quantity: 4 });
    const wrongRules = await placePhoneOrder(cc.cookie, ua.id, {
      ...plCustomer,
      consents: allConsents,
      paymentMethod: 'cardOnDelivery',
    });
    expect(await wrongRules.json()).toMatchObject({
      error: 'validation',
      details: { phone: 'isValidPhoneNo', zip: 'isValidZipCode' },
    });
    const placed = await placePhoneOrder(cc.cookie, ua.id, {
      ...uaCustomer,
      zip: ua.zip,
      consents: { orderWithObligation: true },
      paymentMethod: 'cardOnDelivery',
    });
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as { order: { source: string; currency: string } }).order).toMatchObject({
      source: 'cc',
      currency: 'UAH',
    });
  });

  it('refuses an account that does not exist, and a call without an Idempotency-Key', async () => {
    const cc = await login('callcenter@example.com');
    const basket = await staffBasket(cc.cookie);
    const body = { ...plCustomer, zip: basket.zip, consents: allConsents, paymentMethod: 'cashOnDelivery' };
    const unknown = await placePhoneOrder(cc.cookie, basket.id, { ...body, customerUserId: crypto.randomUUID() });
    expect(await unknown.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { customerUserId: 'notFound' },
    });
    const keyless = await request(ctx, `/api/cc/baskets/${basket.id}/order`, json(cc.cookie, 'POST', body));
    expect(await keyless.json()).toEqual({ requestId: expect.any(String), error: 'idempotencyKeyRequired' });
  });
});
