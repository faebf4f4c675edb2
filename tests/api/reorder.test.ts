import { beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { menuItems, modifierGroups, modifierOptions, restaurants } from '#db/schema/index.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, PL, plCustomer, settle } from '../helpers/orders.ts';

const ctx = useTestApp();
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

type Line = { menuItemId: number; quantity: number; unitPrice: number; options: { id: number }[] };
type Reordered = {
  basket: { id: string; lines: Line[] };
  missing: { name: string; quantity: number; reason: string }[];
  changed: { name: string; before: number; after: number; currency: string }[];
};

const json = { 'content-type': 'application/json', origin: 'http://localhost' };

/** An item of the PL restaurant with a required modifier group, and the options a customer would pick for it. */
async function itemWithOptions() {
  const db = ctx.database.db;
  const [group] = await db
    .select({ menuItemId: modifierGroups.menuItemId, id: modifierGroups.id, min: modifierGroups.min })
    .from(modifierGroups)
    .innerJoin(menuItems, eq(menuItems.id, modifierGroups.menuItemId))
    .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
    .where(and(eq(restaurants.slug, PL), eq(modifierGroups.required, true), eq(menuItems.unavailable, false)))
    .orderBy(asc(modifierGroups.id))
    .limit(1);
  if (!group) throw new Error('no item with a required group');
  // Every required group of the item gets as many available options as it needs.
  const groups = await db.select().from(modifierGroups).where(eq(modifierGroups.menuItemId, group.menuItemId));
  const optionIds: number[] = [];
  for (const g of groups.filter((g) => g.required)) {
    const options = await db
      .select({ id: modifierOptions.id })
      .from(modifierOptions)
      .where(and(eq(modifierOptions.groupId, g.id), eq(modifierOptions.unavailable, false)))
      .orderBy(asc(modifierOptions.position), asc(modifierOptions.id));
    optionIds.push(...options.slice(0, Math.max(1, g.min)).map((o) => o.id));
  }
  return { menuItemId: group.menuItemId, optionIds };
}

/** A Blik order of a plain item (×6) and an item with options (×2), placed with a cookie basket (and a session). */
async function placeTwoLineOrder(session?: string) {
  const b = await makeBasket(ctx.database.db);
  const withOptions = await itemWithOptions();
  const added = await request(ctx, '/api/basket/items', {
    method: 'POST',
    body: JSON.stringify({ ...withOptions, quantity: 2 }),
    headers: { ...json, cookie: `basket=${b.basketId}` },
  });
  expect(added.status).toBe(200);
  const placed = await placeOrder(
    ctx,
    b.basketId,
    { ...plCustomer, zip: b.zip, consents: allConsents, paymentMethod: 'blik', blikCode: '123456' },
    crypto.randomUUID(),
    session ? { cookie: `basket=${b.basketId}; ${session}` } : {},
  );
  expect(placed.status, await placed.clone().text()).toBe(201);
  await settle(ctx);
  const body = (await placed.json()) as { order: { id: string }; accessToken: string };
  return { ...body, plainItemId: b.menuItemId, withOptions };
}

const reorder = (orderId: string, query: string, headers: Record<string, string> = {}) =>
  request(ctx, `/api/orders/${orderId}/reorder${query}`, {
    method: 'POST',
    headers: { origin: 'http://localhost', ...headers },
  });

const basketCookieOf = (response: Response) => /basket=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];

describe('order again', () => {
  it('fills a guest’s new basket with the same items, options and quantities, nothing missing or changed', async () => {
    const placed = await placeTwoLineOrder();
    const response = await reorder(placed.order.id, `?token=${placed.accessToken}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Reordered;
    expect(body.missing).toEqual([]);
    expect(body.changed).toEqual([]);
    const lines = body.basket.lines.map((l) => ({
      menuItemId: l.menuItemId,
      quantity: l.quantity,
      options: l.options.map((o) => o.id).sort(),
    }));
    expect(lines).toEqual(
      expect.arrayContaining([
        { menuItemId: placed.plainItemId, quantity: 6, options: [] },
        { menuItemId: placed.withOptions.menuItemId, quantity: 2, options: [...placed.withOptions.optionIds].sort() },
      ]),
    );
    expect(lines).toHaveLength(2);
    // The new basket is the visitor's from now on: its cookie is set, and the basket API answers it.
    const cookie = basketCookieOf(response);
    expect(cookie).toBe(body.basket.id);
    const basket = await (await request(ctx, '/api/basket', { headers: { cookie: `basket=${cookie}` } })).json();
    expect(basket.lines).toHaveLength(2);
  });

  it('replaces what the basket held, so a second click changes nothing', async () => {
    const placed = await placeTwoLineOrder();
    const first = await reorder(placed.order.id, `?token=${placed.accessToken}`);
    const cookie = `basket=${basketCookieOf(first)}`;
    const again = (await (
      await reorder(placed.order.id, `?token=${placed.accessToken}`, { cookie })
    ).json()) as Reordered;
    expect(again.basket.id).toBe(basketCookieOf(first));
    expect(again.basket.lines.map((l) => l.quantity).sort()).toEqual([2, 6]);
  });

  it('names the items no longer available and the ones that cost something else now (priced from the database)', async () => {
    const placed = await placeTwoLineOrder();
    const db = ctx.database.db;
    const [plain] = await db.select().from(menuItems).where(eq(menuItems.id, placed.plainItemId));
    await db
      .update(menuItems)
      .set({ price: plain!.price + 250 })
      .where(eq(menuItems.id, placed.plainItemId));
    await db.update(menuItems).set({ unavailable: true }).where(eq(menuItems.id, placed.withOptions.menuItemId));

    const response = await reorder(placed.order.id, `?token=${placed.accessToken}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Reordered;
    expect(body.missing).toEqual([{ name: expect.any(String), quantity: 2, reason: 'unavailable' }]);
    expect(body.changed).toEqual([
      {
        name: expect.any(String),
        quantity: 6,
        before: plain!.price,
        after: plain!.price + 250,
        currency: 'PLN',
      },
    ]);
    expect(body.basket.lines).toEqual([
      expect.objectContaining({ menuItemId: placed.plainItemId, quantity: 6, unitPrice: plain!.price + 250 }),
    ]);
  });

  it('leaves a line out when one of its options was removed from the menu (optionsChanged)', async () => {
    const placed = await placeTwoLineOrder();
    await ctx.database.db.delete(modifierOptions).where(inArray(modifierOptions.id, placed.withOptions.optionIds));
    const body = (await (await reorder(placed.order.id, `?token=${placed.accessToken}`)).json()) as Reordered;
    expect(body.missing).toEqual([expect.objectContaining({ quantity: 2, reason: 'optionsChanged' })]);
    expect(body.basket.lines.map((l) => l.menuItemId)).toEqual([placed.plainItemId]);
  });

  it('answers reorderUnavailable and leaves the basket alone when nothing can be ordered', async () => {
    const placed = await placeTwoLineOrder();
    const first = await reorder(placed.order.id, `?token=${placed.accessToken}`);
    const cookie = `basket=${basketCookieOf(first)}`;
    await ctx.database.db
      .update(menuItems)
      .set({ unavailable: true })
      .where(inArray(menuItems.id, [placed.plainItemId, placed.withOptions.menuItemId]));
    const response = await reorder(placed.order.id, `?token=${placed.accessToken}`, { cookie });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: 'reorderUnavailable',
      details: { missing: expect.any(Array) },
    });
    const [{ count } = { count: -1 }] = await queryRows<{ count: number }>(
      ctx.database.db,
      sql`select count(*)::int as count from basket_items where basket_id = ${basketCookieOf(first)}::uuid`,
    );
    expect(count).toBe(2);
  });

  it('is the owner’s without a token, and 404 notFound for a wrong token or a stranger', async () => {
    const login = await request(ctx, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'user@example.com', password: 'user-demo-2026' }),
      headers: json,
    });
    const session = login.headers.get('set-cookie')!.split(';')[0]!;
    const placed = await placeTwoLineOrder(session);
    const mine = await reorder(placed.order.id, '', { cookie: session });
    expect(mine.status).toBe(200);
    for (const [query, headers] of [
      ['', {}],
      [`?token=${placed.accessToken.slice(1)}x`, {}],
      ['', { cookie: 'session=not-a-session' }],
    ] as const) {
      const response = await reorder(placed.order.id, query, headers);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'notFound' });
    }
    expect((await reorder(crypto.randomUUID(), `?token=${placed.accessToken}`)).status).toBe(404);
  });

  it('gives my-orders the access token the e-mail’s status link carries', async () => {
    const login = await request(ctx, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'user@example.com', password: 'user-demo-2026' }),
      headers: json,
    });
    const session = login.headers.get('set-cookie')!.split(';')[0]!;
    const placed = await placeTwoLineOrder(session);
    const mine = await (await request(ctx, '/api/my-orders', { headers: { cookie: session } })).json();
    expect(mine.orders[0]).toMatchObject({ id: placed.order.id, accessToken: placed.accessToken });
  });
});
