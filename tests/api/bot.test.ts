import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, botKeys, orders, users } from '#db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { BOT_RATE_LIMIT } from '#server/routes/bot/auth.ts';
import { request, useTestApp } from '../helpers/app.ts';
import {
  allConsents,
  makeBasket,
  orderStatus,
  PL,
  plCustomer,
  settle,
  holdNotifications,
  UA,
  uaCustomer,
} from '../helpers/orders.ts';

const ctx = useTestApp();
// Midday on a Wednesday: every seeded restaurant is open, in Warsaw and in Kyiv.
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

async function sessionOf(role: 'admin' | 'callCenter' | 'user') {
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      email: `${role}-${crypto.randomUUID()}@example.com`,
      passwordHash: 'x',
      role,
      activatedAt: new Date(),
    })
    .returning({ id: users.id, email: users.email });
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user!.id });
  return { ...user!, cookie: `${SESSION_COOKIE}=${token}` };
}

const admin = async () => (await sessionOf('admin')).cookie;

async function createKey(cookie: string, name = 'Messenger bot') {
  const response = await request(ctx, '/api/admin/bot-keys', {
    method: 'POST',
    body: JSON.stringify({ name }),
    headers: { 'content-type': 'application/json', cookie, origin: 'http://localhost' },
  });
  return { response, body: (await response.json()) as { key: string; botKey: { id: number; prefix: string } } };
}

const bot = (key: string | null, path: string, init: RequestInit = {}) =>
  request(ctx, `/api/bot${path}`, {
    ...init,
    headers: {
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });

const placeBotOrder = (
  key: string,
  body: Record<string, unknown>,
  idempotencyKey: string | null = crypto.randomUUID(),
) =>
  bot(key, '/orders', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey },
  });

/** A first plain item of the restaurant, as the bot finds it in the menu. */
async function firstPlainItem(key: string, slug: string) {
  const response = await bot(key, `/restaurants/${slug}/menu`);
  expect(response.status).toBe(200);
  const menu = (await response.json()) as {
    restaurant: { slug: string };
    categories: { items: { id: number; price: number; unavailable: boolean; modifierGroups?: unknown[] }[] }[];
  };
  const { menuItemId } = await makeBasket(ctx.database.db, { restaurant: slug });
  const item = menu.categories.flatMap((c) => c.items).find((i) => i.id === menuItemId);
  expect(item, 'the menu lists the plain item').toBeDefined();
  return { menu, item: item! };
}

describe('admin: bot keys', () => {
  it('creates a key shown once, stores only its hash, lists it with its last use, and revokes it', async () => {
    const cookie = await admin();
    const { response, body } = await createKey(cookie, '  Messenger bot  ');
    expect(response.status).toBe(201);
    expect(body.key).toMatch(/^mkb_[A-Za-z0-9_-]{43}$/);
    expect(body.botKey).toMatchObject({ name: 'Messenger bot', prefix: body.key.slice(0, 10), revokedAt: null });
    const [stored] = await ctx.database.db.select().from(botKeys).where(eq(botKeys.id, body.botKey.id));
    expect(JSON.stringify(stored)).not.toContain(body.key);
    expect(stored!.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await request(ctx, '/api/admin/botKeys', { headers: { cookie } });
    expect(listed.status).toBe(200);
    const list = (await listed.json()) as { rows: Record<string, unknown>[]; count: number };
    expect(list.count).toBe(1);
    expect(list.rows[0]).toMatchObject({ id: body.botKey.id, lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(body.key);
    expect(JSON.stringify(list)).not.toContain(stored!.keyHash);

    // A call with the key stamps its last use; a second call within the minute writes nothing new.
    expect((await bot(body.key, '/concepts')).status).toBe(200);
    const after = ((await (await request(ctx, '/api/admin/botKeys', { headers: { cookie } })).json()) as typeof list)
      .rows[0]!;
    expect(after['lastUsedAt']).toBe('2026-03-04T11:00:00.000Z');
    ctx.setNow(new Date('2026-03-04T11:00:30Z'));
    await bot(body.key, '/concepts');
    const [touched] = await ctx.database.db.select().from(botKeys).where(eq(botKeys.id, body.botKey.id));
    expect(touched!.lastUsedAt?.toISOString()).toBe('2026-03-04T11:00:00.000Z');

    const revoked = await request(ctx, `/api/admin/bot-keys/${body.botKey.id}/revoke`, {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost' },
    });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { botKey: { revokedAt: string } }).botKey.revokedAt).toBe(
      '2026-03-04T11:00:30.000Z',
    );
    const activeOnly = await request(ctx, '/api/admin/botKeys?status=active', { headers: { cookie } });
    expect(await activeOnly.json()).toMatchObject({ rows: [], count: 0 });
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity, 'botKey'));
    expect(audit.map((a) => a.action).sort()).toEqual(['botKey.created', 'botKey.revoked']);
  });

  it('refuses an empty name, an unknown key to revoke, and anyone but an admin', async () => {
    const cookie = await admin();
    const empty = await createKey(cookie, '   ');
    expect(empty.response.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'validation', details: { name: 'notEmpty' } });
    const missing = await request(ctx, '/api/admin/bot-keys/999999/revoke', {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost' },
    });
    expect(missing.status).toBe(404);
    for (const role of ['user', 'callCenter'] as const) {
      const { cookie: other } = await sessionOf(role);
      expect((await createKey(other)).response.status).toBe(401);
      expect((await request(ctx, '/api/admin/botKeys', { headers: { cookie: other } })).status).toBe(401);
    }
    expect((await request(ctx, '/api/admin/botKeys')).status).toBe(401);
  });

  it('pages, sorts and filters the list on the server', async () => {
    const cookie = await admin();
    for (let i = 0; i < 27; i++) {
      ctx.setNow(new Date(Date.UTC(2026, 2, 4, 11, i)));
      await createKey(cookie, `bot ${String(i).padStart(2, '0')}`);
    }
    const page = async (query: string) =>
      (await (await request(ctx, `/api/admin/botKeys${query}`, { headers: { cookie } })).json()) as {
        rows: { name: string }[];
        count: number;
      };
    const first = await page('');
    expect(first.count).toBe(27);
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]!.name).toBe('bot 26');
    expect((await page('?page=2')).rows.map((r) => r.name)).toEqual(['bot 01', 'bot 00']);
    expect((await page('?sort=name')).rows[0]!.name).toBe('bot 00');
    expect((await page('?status=revoked')).count).toBe(0);
    const bad = await request(ctx, '/api/admin/botKeys?sort=keyHash', { headers: { cookie } });
    expect(bad.status).toBe(400);
  });
});

describe('bot channel', () => {
  it('refuses a call without a key, with a wrong one and with a revoked one (401 Unauthorized)', async () => {
    const cookie = await admin();
    const { body } = await createKey(cookie);
    for (const authorization of [null, `${body.key}x`, 'mkb_nothing']) {
      const response = await bot(authorization, '/concepts');
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('Bearer');
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'Unauthorized' });
    }
    // A session is no key: an admin's cookie does not open the bot routes.
    expect((await request(ctx, '/api/bot/concepts', { headers: { cookie } })).status).toBe(401);
    expect((await bot(body.key, '/concepts')).status).toBe(200);
    await request(ctx, `/api/admin/bot-keys/${body.botKey.id}/revoke`, {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost' },
    });
    const revoked = await placeBotOrder(body.key, { items: [{ menuItemId: 1, quantity: 1 }] });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ requestId: expect.any(String), error: 'Unauthorized' });
  });

  it('reads the concepts, a concept, the restaurants delivering to a zip and a restaurant’s menu', async () => {
    const { body } = await createKey(await admin());
    const overview = (await (await bot(body.key, '/concepts')).json()) as { concepts: { slug: string }[] };
    expect(overview.concepts.length).toBeGreaterThan(0);
    const concept = await bot(body.key, `/concepts/${overview.concepts[0]!.slug}`);
    expect(concept.status).toBe(200);
    const { zip } = await makeBasket(ctx.database.db);
    const near = (await (await bot(body.key, `/restaurants?zip=${zip}&country=pl`)).json()) as {
      restaurants: { slug: string }[];
    };
    expect(near.restaurants.map((r) => r.slug)).toContain(PL);
    const { menu, item } = await firstPlainItem(body.key, PL);
    expect(menu.restaurant.slug).toBe(PL);
    expect(item.price).toBeGreaterThan(0);
    expect((await bot(body.key, '/restaurants/no-such-place/menu')).status).toBe(404);
    expect((await bot(body.key, '/restaurants')).status).toBe(400);
  });

  it('places a Blik order with source bot, the key as the audit actor, and the status page link', async () => {
    const { body } = await createKey(await admin(), 'Telegram bot');
    const { item } = await firstPlainItem(body.key, PL);
    const { zip } = await makeBasket(ctx.database.db);
    const order = {
      items: [{ menuItemId: item.id, quantity: 6 }],
      deliveryMethod: 'door2door',
      ...plCustomer,
      zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
      lang: 'en',
    };
    const idempotencyKey = crypto.randomUUID();
    const notifications = holdNotifications(ctx);
    const response = await placeBotOrder(body.key, order, idempotencyKey);
    expect(response.status).toBe(201);
    const placed = (await response.json()) as {
      order: { id: string; status: string; source: string; total: number; value: number; currency: string };
      statusUrl: string;
      accessToken: string;
      replayed: boolean;
    };
    expect(placed.order).toMatchObject({ status: 'waiting_for_payment', source: 'bot', currency: 'PLN' });
    expect(placed.order.value).toBe(item.price * 6);
    expect(placed.order.total).toBeGreaterThan(placed.order.value);
    expect(placed.statusUrl).toBe(`http://localhost:3000/en/status/${placed.order.id}/${placed.accessToken}`);
    expect(placed.replayed).toBe(false);

    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row).toMatchObject({ source: 'bot', userId: null, createdByUserId: null });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, placed.order.id), eq(auditLog.action, 'order.placed')));
    expect(audit!.actorUserId).toBeNull();
    expect(audit!.data).toMatchObject({
      source: 'bot',
      actor: { kind: 'bot', botKeyId: body.botKey.id, botKeyName: 'Telegram bot' },
    });

    // The same call again answers the same order; the same key with other items is refused.
    const again = await placeBotOrder(body.key, order, idempotencyKey);
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ order: { id: placed.order.id }, replayed: true });
    const other = await placeBotOrder(
      body.key,
      { ...order, items: [{ menuItemId: item.id, quantity: 7 }] },
      idempotencyKey,
    );
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ requestId: expect.any(String), error: 'idempotencyKeyReused' });

    await notifications.release();
    expect((await orderStatus(ctx, placed.order.id, placed.accessToken)).status).toBe('new');
  });

  it('follows the bot channel’s payment rules: no payment on delivery in Poland, cash on delivery in Ukraine', async () => {
    const { body } = await createKey(await admin());
    const pl = await makeBasket(ctx.database.db);
    const refused = await placeBotOrder(body.key, {
      items: [{ menuItemId: pl.menuItemId, quantity: 6 }],
      deliveryMethod: 'door2door',
      ...plCustomer,
      zip: pl.zip,
      consents: allConsents,
      paymentMethod: 'cashOnDelivery',
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'paymentMethodUnavailable' });

    const ua = await makeBasket(ctx.database.db, { restaurant: UA });
    const cash = await placeBotOrder(body.key, {
      items: [{ menuItemId: ua.menuItemId, quantity: 6 }],
      deliveryMethod: 'door2door',
      ...uaCustomer,
      zip: ua.zip,
      consents: { orderWithObligation: true },
      paymentMethod: 'cashOnDelivery',
    });
    expect(cash.status).toBe(201);
    expect(await cash.json()).toMatchObject({ order: { status: 'new', source: 'bot', currency: 'UAH' } });
  });

  it('answers the basket’s and checkout’s errors, and needs an Idempotency-Key', async () => {
    const { body } = await createKey(await admin());
    const pl = await makeBasket(ctx.database.db);
    const base = {
      items: [{ menuItemId: pl.menuItemId, quantity: 6 }],
      deliveryMethod: 'door2door',
      ...plCustomer,
      zip: pl.zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
    };
    const noKey = await placeBotOrder(body.key, base, null);
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toEqual({ requestId: expect.any(String), error: 'idempotencyKeyRequired' });
    const noItems = await placeBotOrder(body.key, { ...base, items: [] });
    expect(noItems.status).toBe(400);
    expect(await noItems.json()).toMatchObject({ error: 'validation' });
    const unknown = await placeBotOrder(body.key, { ...base, items: [{ menuItemId: 2147483000, quantity: 1 }] });
    expect(unknown.status).toBe(404);
    const ua = await makeBasket(ctx.database.db, { restaurant: UA });
    const mixed = await placeBotOrder(body.key, {
      ...base,
      items: [...base.items, { menuItemId: ua.menuItemId, quantity: 1 }],
    });
    expect(mixed.status).toBe(409);
    const small = await placeBotOrder(body.key, { ...base, items: [{ menuItemId: pl.menuItemId, quantity: 1 }] });
    expect(await small.json()).toMatchObject({ error: 'minBasketValueError' });
    // A refused call leaves nothing behind: fixed and sent again with the same key, it is placed.
    const key = crypto.randomUUID();
    const consentMissing = await placeBotOrder(body.key, { ...base, consents: {} }, key);
    expect(await consentMissing.json()).toMatchObject({ error: 'consentRequired' });
    expect((await placeBotOrder(body.key, base, key)).status).toBe(201);
    await settle(ctx);
  });

  it(`rate-limits each key on its own: call ${BOT_RATE_LIMIT.limit + 1} within the minute is 429`, async () => {
    const cookie = await admin();
    const first = (await createKey(cookie, 'busy')).body.key;
    const second = (await createKey(cookie, 'quiet')).body.key;
    for (let i = 0; i < BOT_RATE_LIMIT.limit; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => bot(first, '/concepts')));
      expect(batch.map((r) => r.status)).toEqual(Array(20).fill(200));
    }
    const limited = await bot(first, '/concepts');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await limited.json()).toEqual({ requestId: expect.any(String), error: 'tooManyRequests' });
    expect((await bot(second, '/concepts')).status).toBe(200);
    ctx.setNow(new Date('2026-03-04T11:01:01Z'));
    expect((await bot(first, '/concepts')).status).toBe(200);
  });
});
