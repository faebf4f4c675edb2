import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { locations, orderItems, orders, restaurants, users } from '#db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, plainDishes, plCustomer, zipOf } from '../helpers/orders.ts';

// Issue 35: the call centre builds one basket across the brands cooked at a kitchen that shares baskets.
const ctx = useTestApp();

beforeEach(() => {
  // A Wednesday noon in Warsaw: Mokotów's brands are open.
  ctx.setNow(new Date('2026-03-04T11:00:00Z'));
});

const MOKOTOW_BRANDS = [
  'pasta-fresca-warszawa-mokotow',
  'pierogi-babci-warszawa-mokotow',
  'sushi-kaizen-warszawa-mokotow',
] as const;
/** A fourth brand, cooked in another kitchen (Wrocław). */
const ELSEWHERE = 'taco-loco-wroclaw-centrum';

async function agent(): Promise<string> {
  const [user] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'callcenter@example.com'));
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user!.id });
  return `${SESSION_COOKIE}=${token}`;
}

const call = (cookie: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(ctx, path, {
    method,
    headers: {
      cookie,
      origin: 'http://localhost',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

/** A restaurant's first plain, available dish (no options to choose), with the restaurant's id. */
async function plainDish(slug: string): Promise<{ menuItemId: number; restaurantId: number; locationId: number }> {
  const { db } = ctx.database;
  const [restaurant] = await db
    .select({ id: restaurants.id, locationId: restaurants.locationId })
    .from(restaurants)
    .where(eq(restaurants.slug, slug));
  if (!restaurant) throw new Error(`no ${slug}`);
  const [item] = await plainDishes(db, restaurant.id);
  if (!item) throw new Error(`no plain dish at ${slug}`);
  return { menuItemId: item.id, restaurantId: restaurant.id, locationId: restaurant.locationId };
}

type Basket = {
  id: string;
  lines: { id: number; kitchen: { restaurantId: number }; blocked?: string | null }[];
  brands?: { restaurantId: number; slug: string; conceptSlug: string; blocked: string | null }[];
};

async function newBasket(cookie: string): Promise<string> {
  const created = await call(cookie, 'POST', '/api/cc/baskets');
  expect(created.status).toBe(201);
  return ((await created.json()) as Basket).id;
}

const add = (cookie: string, basketId: string, menuItemId: number, quantity = 3) =>
  call(cookie, 'POST', `/api/cc/baskets/${basketId}/items`, { menuItemId, quantity });

describe('the call centre’s restaurants of one kitchen', () => {
  it('lists the brands cooked at a location, which says it shares baskets', async () => {
    const cookie = await agent();
    const { locationId } = await plainDish(MOKOTOW_BRANDS[0]);
    const response = await call(cookie, 'GET', `/api/cc/restaurants?locationId=${locationId}`);
    expect(response.status).toBe(200);
    const { restaurants: found } = (await response.json()) as {
      restaurants: { slug: string; location: { id: number; sharedBaskets: boolean } }[];
    };
    expect(found.map((r) => r.slug).sort()).toEqual([...MOKOTOW_BRANDS, 'smash-club-warszawa-mokotow'].sort());
    expect(found.every((r) => r.location.id === locationId && r.location.sharedBaskets)).toBe(true);
    // With a text too, both must match.
    const sushi = (await (
      await call(cookie, 'GET', `/api/cc/restaurants?locationId=${locationId}&q=sushi`)
    ).json()) as { restaurants: { slug: string }[] };
    expect(sushi.restaurants.map((r) => r.slug)).toEqual(['sushi-kaizen-warszawa-mokotow']);
    expect((await call(cookie, 'GET', '/api/cc/restaurants?locationId=abc')).status).toBe(400);
    expect((await call('', 'GET', `/api/cc/restaurants?locationId=${locationId}`)).status).toBe(401);
  });
});

describe('a staff basket across the brands of one kitchen', () => {
  it('holds dishes of three Mokotów brands, refuses another kitchen’s and is ordered as one order', async () => {
    const cookie = await agent();
    const basketId = await newBasket(cookie);
    const dishes = await Promise.all(MOKOTOW_BRANDS.map(plainDish));
    let basket: Basket | null = null;
    for (const dish of dishes) {
      const added = await add(cookie, basketId, dish.menuItemId);
      expect(added.status, `a dish of restaurant ${dish.restaurantId}`).toBe(200);
      basket = (await added.json()) as Basket;
    }
    expect(new Set(basket!.lines.map((line) => line.kitchen.restaurantId))).toEqual(
      new Set(dishes.map((d) => d.restaurantId)),
    );
    expect(basket!.brands?.map((b) => b.slug).sort()).toEqual([...MOKOTOW_BRANDS].sort());
    expect(basket!.brands?.every((b) => b.blocked === null)).toBe(true);
    expect(basket!.lines.every((line) => line.blocked === null)).toBe(true);

    // Another kitchen's dish does not join the basket, whatever its brand.
    const elsewhere = await add(cookie, basketId, (await plainDish(ELSEWHERE)).menuItemId);
    expect(elsewhere.status).toBe(409);
    expect(await elsewhere.json()).toMatchObject({ error: 'mishmashedLocations' });
    const after = (await (await call(cookie, 'GET', `/api/cc/baskets/${basketId}`)).json()) as Basket;
    expect(after.lines).toHaveLength(3);

    const placed = await call(
      cookie,
      'POST',
      `/api/cc/baskets/${basketId}/order`,
      {
        ...plCustomer,
        zip: await zipOf(ctx.database.db, MOKOTOW_BRANDS[0]),
        consents: allConsents,
        paymentMethod: 'cashOnDelivery',
        customerUserId: null,
      },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as { order: { id: string; source: string } };
    expect(order.source).toBe('cc');
    // One order, its lines each cooked by its own brand's restaurant.
    const lines = await ctx.database.db
      .select({ restaurantId: orderItems.restaurantId })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(new Set(lines.map((l) => l.restaurantId))).toEqual(new Set(dishes.map((d) => d.restaurantId)));
    const placedOrders = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.source, 'cc'));
    expect(placedOrders.map((o) => o.id)).toEqual([order.id]);
  });

  it('keeps one restaurant per basket where the kitchen does not share baskets', async () => {
    const cookie = await agent();
    const [pasta, sushi] = await Promise.all(MOKOTOW_BRANDS.slice(0, 2).map(plainDish));
    await ctx.database.db.update(locations).set({ sharedBaskets: false }).where(eq(locations.id, pasta!.locationId));
    const basketId = await newBasket(cookie);
    expect((await add(cookie, basketId, pasta!.menuItemId)).status).toBe(200);
    const refused = await add(cookie, basketId, sushi!.menuItemId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'restaurantLocation' });
    // The agent empties the basket and starts again with the other brand.
    expect((await call(cookie, 'DELETE', `/api/cc/baskets/${basketId}/items`)).status).toBe(200);
    expect((await add(cookie, basketId, sushi!.menuItemId)).status).toBe(200);
  });
});
