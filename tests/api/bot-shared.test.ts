import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, users } from '#db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, orderStatus, plainDishes, plCustomer, settle, zipOf } from '../helpers/orders.ts';

// Issue 35: a bot orders one basket across the brands cooked at a kitchen that shares baskets.
const ctx = useTestApp();
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

const MOKOTOW_BRANDS = [
  'pasta-fresca-warszawa-mokotow',
  'pierogi-babci-warszawa-mokotow',
  'sushi-kaizen-warszawa-mokotow',
] as const;

async function botKey(): Promise<string> {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ email: `admin-${crypto.randomUUID()}@example.com`, passwordHash: 'x', role: 'admin' })
    .returning({ id: users.id });
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user!.id });
  const response = await request(ctx, '/api/admin/bot-keys', {
    method: 'POST',
    body: JSON.stringify({ name: 'Family bot' }),
    headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}`, origin: 'http://localhost' },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

const bot = (key: string, path: string, init: RequestInit = {}) =>
  request(ctx, `/api/bot${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });

const order = (key: string, body: Record<string, unknown>) =>
  bot(key, '/orders', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'idempotency-key': crypto.randomUUID() },
  });

type BotMenu = {
  restaurant: { id: number; slug: string; location: { id: number; sharedBaskets: boolean } };
  categories: { items: { id: number; unavailable: boolean }[] }[];
};

/** A restaurant's first plain dish (no options), as the bot's menu of it lists it, and where it is cooked. */
async function dishOf(key: string, slug: string) {
  const response = await bot(key, `/restaurants/${slug}/menu`);
  expect(response.status).toBe(200);
  const menu = (await response.json()) as BotMenu;
  const { db } = ctx.database;
  const [item] = await plainDishes(db, menu.restaurant.id);
  expect(menu.categories.flatMap((c) => c.items).some((i) => i.id === item!.id && !i.unavailable)).toBe(true);
  return { menuItemId: item!.id, restaurant: menu.restaurant };
}

describe('bot: one basket across the brands of one kitchen', () => {
  it('orders dishes of three Mokotów brands as one order, and refuses a dish of another kitchen', async () => {
    const key = await botKey();
    const dishes = await Promise.all(MOKOTOW_BRANDS.map((slug) => dishOf(key, slug)));
    // The menus tell the bot these brands are cooked in one kitchen that shares baskets.
    const kitchen = dishes[0]!.restaurant.location;
    expect(kitchen.sharedBaskets).toBe(true);
    expect(dishes.every((d) => d.restaurant.location.id === kitchen.id)).toBe(true);

    const body = {
      items: dishes.map((d) => ({ menuItemId: d.menuItemId, quantity: 3 })),
      deliveryMethod: 'door2door',
      ...plCustomer,
      zip: await zipOf(ctx.database.db, MOKOTOW_BRANDS[0]),
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
      lang: 'pl',
    };
    const elsewhere = await dishOf(key, 'taco-loco-wroclaw-centrum');
    const mixed = await order(key, {
      ...body,
      items: [...body.items, { menuItemId: elsewhere.menuItemId, quantity: 1 }],
    });
    expect(mixed.status).toBe(409);
    expect(await mixed.json()).toMatchObject({ error: 'mishmashedLocations' });

    const response = await order(key, body);
    expect(response.status).toBe(201);
    const placed = (await response.json()) as { order: { id: string; source: string }; accessToken: string };
    expect(placed.order.source).toBe('bot');
    const lines = await ctx.database.db
      .select({ restaurantId: orderItems.restaurantId })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.order.id));
    expect(new Set(lines.map((l) => l.restaurantId))).toEqual(new Set(dishes.map((d) => d.restaurant.id)));
    const botOrders = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.source, 'bot'));
    expect(botOrders.map((o) => o.id)).toEqual([placed.order.id]);
    await settle(ctx);
    expect((await orderStatus(ctx, placed.order.id, placed.accessToken)).status).toBe('new');
  });
});
