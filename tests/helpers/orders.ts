import { and, asc, eq, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  basketItems,
  baskets,
  discountCodes,
  locations,
  menuItems,
  modifierGroups,
  modifierOptions,
  restaurants,
} from '#db/schema/index.ts';
import { request, type TestContext } from './app.ts';

export const PL = 'pasta-fresca-warszawa-mokotow';
export const UA = 'bao-house-kyiv-podil';

/** The zips of restaurant `restaurants`' first delivery zone (decision 061): inside the area it delivers to. */
const FIRST_ZONE_ZIPS = sql<string[]>`(select z.zips from delivery_zones z where z.restaurant_id = ${restaurants.id}
  order by z.position, z.id limit 1)`;

/** A zip inside the delivery area of the restaurant with this slug. */
export async function zipOf(db: Db, slug: string): Promise<string> {
  const [row] = await db.select({ zips: FIRST_ZONE_ZIPS }).from(restaurants).where(eq(restaurants.slug, slug));
  if (!row) throw new Error(`no restaurant ${slug}`);
  return row.zips[0]!;
}

/**
 * A restaurant's plain dishes (available, priced, no options to choose), first by id: `limit` of them, leaving out
 * the ones in `except`.
 */
export function plainDishes(db: Db, restaurantId: number, { limit = 1, except = [] as number[] } = {}) {
  return db
    .select({ id: menuItems.id, price: menuItems.price })
    .from(menuItems)
    .where(
      and(
        eq(menuItems.restaurantId, restaurantId),
        except.length ? notInArray(menuItems.id, except) : undefined,
        eq(menuItems.unavailable, false),
        eq(menuItems.resetPrices, false),
        sql`${menuItems.price} > 0`,
        notExists(db.select().from(modifierGroups).where(eq(modifierGroups.menuItemId, menuItems.id))),
      ),
    )
    .orderBy(asc(menuItems.id))
    .limit(limit);
}

/**
 * A restaurant's dish by its Polish name (as written, or as a Ukrainian menu's Polish translation), with the options
 * named in `chosen` (by Polish name) and the first ones of every other group that must be chosen.
 */
export async function dishNamed(db: Db, restaurant: string, name: string, chosen: string[] = []) {
  const [item] = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
    .where(
      and(
        eq(restaurants.slug, restaurant),
        or(eq(menuItems.name, name), sql`${menuItems.translations}->'pl'->>'name' = ${name}`),
      ),
    );
  if (!item) throw new Error(`no ${name} at ${restaurant}`);
  const groups = await db
    .select({ id: modifierGroups.id, min: modifierGroups.min, required: modifierGroups.required })
    .from(modifierGroups)
    .where(eq(modifierGroups.menuItemId, item.id))
    .orderBy(modifierGroups.position);
  const optionIds: number[] = [];
  for (const group of groups) {
    const options = await db
      .select({ id: modifierOptions.id, name: modifierOptions.name, translations: modifierOptions.translations })
      .from(modifierOptions)
      .where(eq(modifierOptions.groupId, group.id))
      .orderBy(modifierOptions.position);
    const named = options.filter((o) => chosen.includes(o.name) || chosen.includes(o.translations?.pl?.name ?? ''));
    const needed = Math.max(group.min, group.required ? 1 : 0);
    optionIds.push(...(named.length > 0 ? named : options.slice(0, needed)).map((o) => o.id));
  }
  return { id: item.id, optionIds };
}

/**
 * A basket put straight into the database (what the basket API would have stored): `quantity` of the
 * restaurant's first plain available item, enough to pass the minimum unless `quantity` says otherwise.
 */
export async function makeBasket(
  db: Db,
  options: {
    restaurant?: string;
    quantity?: number;
    deliveryMethod?: 'door2door' | 'outside' | 'leave@door' | 'pickup';
    code?: string;
    userId?: string;
  } = {},
): Promise<{ basketId: string; menuItemId: number; restaurantId: number; zip: string; lat: number; lng: number }> {
  const [restaurant] = await db
    .select({
      id: restaurants.id,
      zips: FIRST_ZONE_ZIPS,
      lat: locations.latitude,
      lng: locations.longitude,
      country: locations.country,
    })
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(eq(restaurants.slug, options.restaurant ?? PL));
  if (!restaurant) throw new Error('no such restaurant');
  const [item] = await plainDishes(db, restaurant.id);
  if (!item) throw new Error('no plain item');
  let discountCodeId: number | null = null;
  if (options.code) {
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, options.code));
    discountCodeId = code!.id;
  }
  const [basket] = await db
    .insert(baskets)
    .values({
      country: restaurant.country,
      restaurantId: restaurant.id,
      deliveryMethod: options.deliveryMethod ?? 'door2door',
      discountCodeId,
      userId: options.userId ?? null,
    })
    .returning({ id: baskets.id });
  await db.insert(basketItems).values({ basketId: basket!.id, menuItemId: item.id, quantity: options.quantity ?? 6 });
  return {
    basketId: basket!.id,
    menuItemId: item.id,
    restaurantId: restaurant.id,
    zip: restaurant.zips[0]!,
    lat: restaurant.lat,
    lng: restaurant.lng,
  };
}

export const plCustomer = {
  firstname: 'Jan',
  lastname: 'Kowalski',
  phone: '600 700 800',
  email: 'jan@example.com',
  street: 'Puławska',
  streetNo: '10',
  city: 'Warszawa',
  zip: '02-512',
};
export const uaCustomer = {
  firstname: 'Олена',
  lastname: 'Шевченко',
  phone: '0501234567',
  email: 'olena@example.com',
  street: 'Сагайдачного',
  streetNo: '5',
  city: 'Київ',
  zip: '04070',
};
export const allConsents = { agree1: true, agree2: true, providerTerms: true, orderWithObligation: true };

export function placeOrder(
  ctx: TestContext,
  basketId: string | null,
  body: Record<string, unknown>,
  key: string | null = crypto.randomUUID(),
  headers: Record<string, string> = {},
) {
  return request(ctx, '/api/orders', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      ...(basketId ? { cookie: `basket=${basketId}` } : {}),
      ...(key !== null ? { 'idempotency-key': key } : {}),
      ...headers,
    },
  });
}

export async function orderStatus(ctx: TestContext, id: string, token: string) {
  const response = await request(ctx, `/api/orders/${id}?token=${encodeURIComponent(token)}`);
  return (await response.json()).order;
}

/** Waits until every notification the sandbox sent has been answered by the webhook. */
export const settle = (ctx: TestContext) => ctx.deps.payments.sandbox?.settled() ?? Promise.resolve();

/**
 * Holds the sandbox's notifications until `release()`. A gateway's callback comes well after its answer; the
 * sandbox's comes at once, so on a busy machine it can be applied before the place-order answer is written. A test
 * that asserts the state in between holds it, as a real gateway's delay would.
 */
export function holdNotifications(ctx: TestContext): { release(): Promise<void> } {
  const sandbox = ctx.deps.payments.sandbox;
  if (!sandbox) throw new Error('the sandbox provider is not configured');
  const held: (() => void)[] = [];
  sandbox.deliverThrough(async (request) => {
    await new Promise<void>((resolve) => held.push(resolve));
    return ctx.app.fetch(request);
  });
  return {
    async release() {
      sandbox.deliverThrough(async (request) => ctx.app.fetch(request));
      for (const resume of held.splice(0)) resume();
      await sandbox.settled();
    },
  };
}
