import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deliveryZones,
  discountCodes,
  kitchenIngredients,
  locations,
  orderItems,
  orders,
  restaurants,
  userKitchens,
  users,
  workingHours,
} from '#db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { callWithBasket, request, useTestApp, type BasketJar } from '../helpers/app.ts';
import { allConsents, dishNamed, orderStatus, placeOrder, plCustomer, settle } from '../helpers/orders.ts';

// Issue 35, decision 066: one kitchen, many brands. Warszawa Mokotów shares baskets in the demo data and cooks Pasta
// Fresca, Smash Club, Pierogi Babci and Sushi Kaizen: a family's pierogi, sushi and burger make one basket, one
// order, one payment and one bag.
const ctx = useTestApp();
// A Wednesday afternoon in Warsaw: every Mokotów brand is open (Smash Club opens at noon).
beforeEach(() => ctx.setNow(new Date('2026-03-04T16:00:00Z')));

const PIEROGI = 'pierogi-babci-warszawa-mokotow';
const SUSHI = 'sushi-kaizen-warszawa-mokotow';
const SMASH = 'smash-club-warszawa-mokotow';
const PASTA = 'pasta-fresca-warszawa-mokotow';
const WOLA_SUSHI = 'sushi-kaizen-warszawa-wola';

type Line = {
  id: number;
  menuItemId: number;
  quantity: number;
  totalPrice: number;
  unavailable: boolean;
  blocked: string | null;
  kitchen: { restaurantId: number; conceptId: number };
};
type Basket = {
  id: string;
  shared: boolean;
  restaurant: { id: number; slug: string; deliveryValue: number; minBasketValue: number };
  brands: { restaurantId: number; slug: string; conceptSlug: string; conceptName: string; blocked: string | null }[];
  lines: Line[];
  summary: {
    productsValue: number;
    deliveryValue: number;
    discountValue: number;
    minBasketValue: number;
    totalValue: number;
    serviceFee: number;
  };
};

const restaurantIdOf = async (slug: string) => {
  const [row] = await ctx.database.db
    .select({ id: restaurants.id, conceptId: restaurants.conceptId })
    .from(restaurants)
    .where(eq(restaurants.slug, slug));
  if (!row) throw new Error(`no restaurant ${slug}`);
  return row;
};

const dish = (restaurant: string, name: string, chosen: string[] = []) =>
  dishNamed(ctx.database.db, restaurant, name, chosen);

const add = (jar: BasketJar, item: { id: number; optionIds: number[] }, quantity = 1) =>
  callWithBasket(ctx, jar, '/api/basket/items', {
    method: 'POST',
    body: { menuItemId: item.id, quantity, optionIds: item.optionIds },
  });
const basketOf = async (jar: BasketJar) => (await (await callWithBasket(ctx, jar, '/api/basket')).json()) as Basket;
const remove = (jar: BasketJar, lineId: number) => callWithBasket(ctx, jar, `/api/basket/remove/${lineId}`);
const checkout = (jar: BasketJar) =>
  placeOrder(ctx, jar.cookie.replace(/^basket=/, ''), {
    ...plCustomer,
    zip: '02-715',
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '123456',
  });

/** The Mokotów family's basket: pierogi for the grandmother, sushi for the parents, a burger for the teenager. */
async function familyBasket(jar: BasketJar) {
  const pierogi = await dish(PIEROGI, 'Pierogi ruskie', ['Skwarki']);
  const sushi = await dish(SUSHI, 'Maki łosoś');
  const burger = await dish(SMASH, 'Bacon Smash');
  for (const [item, quantity] of [
    [pierogi, 2],
    [sushi, 2],
    [burger, 1],
  ] as const) {
    const added = await add(jar, item, quantity);
    expect(added.status, JSON.stringify(await added.clone().json())).toBe(200);
  }
  await callWithBasket(ctx, jar, '/api/basket/delivery', {
    method: 'PUT',
    body: {
      deliveryMethod: 'door2door',
      address: { street: 'Puławska', streetNo: '145', city: 'Warszawa', zip: '02-715' },
    },
  });
  return { pierogi, sushi, burger };
}

async function staffSession(kitchen: string) {
  const db = ctx.database.db;
  const [user] = await db
    .insert(users)
    .values({
      email: `kitchen-${crypto.randomUUID()}@example.com`,
      passwordHash: 'x',
      role: 'kitchenStaff',
      activatedAt: new Date(),
    })
    .returning({ id: users.id });
  const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.slug, kitchen));
  await db.insert(userKitchens).values({ userId: user!.id, locationId: location!.id });
  const { token } = await createSession({ db, now: ctx.deps.now }, { userId: user!.id });
  return `${SESSION_COOKIE}=${token}`;
}

describe('a basket across the brands of one kitchen', () => {
  it('holds three brands at one location, prices one fee and one minimum, and is ordered and paid as one order', async () => {
    // Sushi Kaizen asks more for delivery to this street, and a larger minimum, than the other two brands.
    const sushiKitchen = await restaurantIdOf(SUSHI);
    await ctx.database.db
      .update(deliveryZones)
      .set({ deliveryValue: 1299, minBasketValue: 9000 })
      .where(eq(deliveryZones.restaurantId, sushiKitchen.id));
    const jar = { cookie: '' };
    await familyBasket(jar);
    const basket = await basketOf(jar);
    expect(basket.shared).toBe(true);
    expect(basket.brands.map((b) => b.slug)).toEqual([PIEROGI, SUSHI, SMASH]);
    expect(basket.brands.map((b) => b.conceptName)).toEqual(['Pierogi Babci', 'Sushi Kaizen', 'Smash Club']);
    expect(basket.lines.every((l) => l.blocked === null && !l.unavailable)).toBe(true);
    // The lead is the first brand put in; the bag pays one delivery fee and reaches one minimum: the largest a brand
    // asks alone (decision 066), not one per brand.
    expect(basket.restaurant.slug).toBe(PIEROGI);
    expect(basket.summary.deliveryValue).toBe(1299);
    expect(basket.summary.minBasketValue).toBe(9000);
    const productsValue = basket.lines.reduce((sum, l) => sum + l.totalPrice, 0);
    expect(basket.summary.productsValue).toBe(productsValue);

    const placed = await checkout(jar);
    expect(placed.status, JSON.stringify(await placed.clone().json())).toBe(201);
    const { order, accessToken } = (await placed.json()) as {
      order: { id: string; displayId: string; total: number };
      accessToken: string;
    };
    await settle(ctx);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.restaurantId).toBe((await restaurantIdOf(PIEROGI)).id);
    expect(row!.mixedBrands).toBe(true);
    expect(row!.total).toBe(basket.summary.totalValue);
    expect(row!.paidAt).not.toBeNull();
    const lines = await ctx.database.db
      .select({ restaurantId: orderItems.restaurantId })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    expect(lines.map((l) => l.restaurantId)).toEqual([
      (await restaurantIdOf(PIEROGI)).id,
      (await restaurantIdOf(SUSHI)).id,
      (await restaurantIdOf(SMASH)).id,
    ]);
    const status = await orderStatus(ctx, order.id, accessToken);
    expect(status.displayId).toBe(order.displayId);
  });

  it('on pickup takes off the one delivery fee, and keeps one minimum', async () => {
    const jar = { cookie: '' };
    await familyBasket(jar);
    const delivered = await basketOf(jar);
    const picked = (await (
      await callWithBasket(ctx, jar, '/api/basket/delivery', { method: 'PUT', body: { deliveryMethod: 'pickup' } })
    ).json()) as Basket;
    expect(picked.summary.deliveryValue).toBe(0);
    expect(picked.summary.totalValue).toBe(delivered.summary.totalValue - delivered.summary.deliveryValue);
    expect(picked.brands).toHaveLength(3);
  });

  it('stands as one card on the board of every brand it holds, and any of them can silence it', async () => {
    const staff = await staffSession('warszawa-mokotow');
    const jar = { cookie: '' };
    await familyBasket(jar);
    const placed = await checkout(jar);
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as { order: { id: string } };
    await settle(ctx);
    const board = async (slug: string) => {
      const response = await request(ctx, `/api/admin/kitchen/${slug}`, { headers: { cookie: staff } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { orders: { id: string; alarm: boolean }[] }).orders.filter(
        (o) => o.id === order.id,
      );
    };
    for (const slug of [PIEROGI, SUSHI, SMASH]) expect(await board(slug), slug).toHaveLength(1);
    expect(await board(PASTA)).toEqual([]);
    const acknowledged = await request(ctx, `/api/admin/kitchen/${SUSHI}/orders/${order.id}/acknowledge`, {
      method: 'POST',
      headers: { origin: 'http://localhost', cookie: staff },
    });
    expect(acknowledged.status).toBe(200);
    expect((await board(PIEROGI))[0]!.alarm).toBe(false);
    const elsewhere = await request(ctx, `/api/admin/kitchen/${PASTA}/orders/${order.id}/acknowledge`, {
      method: 'POST',
      headers: { origin: 'http://localhost', cookie: staff },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('refuses a fourth brand cooked at another location with mishmashedLocations, and keeps the basket', async () => {
    const jar = { cookie: '' };
    await familyBasket(jar);
    const wola = await dish(WOLA_SUSHI, 'Maki łosoś');
    const refused = await add(jar, wola);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe('mishmashedLocations');
    expect((await basketOf(jar)).lines).toHaveLength(3);
  });

  it('with the setting off, another brand at the same location is restaurantLocation, as the spec has it', async () => {
    await ctx.database.db.update(locations).set({ sharedBaskets: false }).where(eq(locations.slug, 'warszawa-mokotow'));
    const jar = { cookie: '' };
    expect((await add(jar, await dish(PIEROGI, 'Pierogi ruskie'))).status).toBe(200);
    const refused = await add(jar, await dish(SUSHI, 'Maki łosoś'));
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toBe('restaurantLocation');
    const basket = await basketOf(jar);
    expect(basket.shared).toBe(false);
    expect(basket.brands).toEqual([]);
  });

  it('one brand closing blocks only its lines; removing just those lets the rest be ordered', async () => {
    const jar = { cookie: '' };
    await familyBasket(jar);
    const sushi = await restaurantIdOf(SUSHI);
    // Sushi Kaizen's Mokotów kitchen stops for the day: no opening hours today.
    await ctx.database.db.delete(workingHours).where(eq(workingHours.restaurantId, sushi.id));
    const basket = await basketOf(jar);
    expect(basket.brands.find((b) => b.slug === SUSHI)!.blocked).toBe('restaurantClosed');
    const blocked = basket.lines.filter((l) => l.blocked !== null);
    expect(blocked.map((l) => [l.kitchen.restaurantId, l.blocked])).toEqual([[sushi.id, 'restaurantClosed']]);
    expect(basket.lines.filter((l) => l.blocked === null)).toHaveLength(2);

    const refused = await checkout(jar);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('restaurantClosed');

    for (const line of blocked) expect((await remove(jar, line.id)).status).toBe(200);
    const left = await basketOf(jar);
    expect(left.brands.map((b) => b.slug)).toEqual([PIEROGI, SMASH]);
    expect((await checkout(jar)).status).toBe(201);
  });

  it('a switched-off brand blocks its lines the same way', async () => {
    const jar = { cookie: '' };
    await familyBasket(jar);
    const smash = await restaurantIdOf(SMASH);
    await ctx.database.db.update(restaurants).set({ isEnabled: false }).where(eq(restaurants.id, smash.id));
    const basket = await basketOf(jar);
    expect(basket.lines.filter((l) => l.blocked).map((l) => l.kitchen.restaurantId)).toEqual([smash.id]);
  });

  it('an ingredient switched off makes two brands’ dishes unavailable in the basket and at checkout, and back', async () => {
    const staff = await staffSession('warszawa-mokotow');
    const jar = { cookie: '' };
    const { pierogi, sushi, burger } = await familyBasket(jar);
    const [bacon] = await ctx.database.db
      .select({ id: kitchenIngredients.id })
      .from(kitchenIngredients)
      .innerJoin(locations, eq(locations.id, kitchenIngredients.locationId))
      .where(and(eq(locations.slug, 'warszawa-mokotow'), sql`${kitchenIngredients.names}->>'pl' = 'Boczek'`));
    const toggle = (outOfStock: boolean) =>
      request(ctx, `/api/admin/kitchen/${PIEROGI}/ingredients/${bacon!.id}`, {
        method: 'PUT',
        body: JSON.stringify({ outOfStock }),
        headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie: staff },
      });
    expect((await toggle(true)).status).toBe(200);
    const off = await basketOf(jar);
    // The burger holds bacon; the pierogi were chosen with bacon crackling; the sushi holds none.
    const byItem = (id: number) => off.lines.find((l) => l.menuItemId === id)!;
    expect(byItem(burger.id).blocked).toBe('productUnavailable');
    expect(byItem(pierogi.id).blocked).toBe('productUnavailable');
    expect(byItem(sushi.id).blocked).toBeNull();
    const refused = await checkout(jar);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('productUnavailable');

    expect((await toggle(false)).status).toBe(200);
    const back = await basketOf(jar);
    expect(back.lines.every((l) => l.blocked === null)).toBe(true);
    expect((await checkout(jar)).status).toBe(201);
  });

  it('a discount code for one brand discounts that brand’s lines only', async () => {
    const jar = { cookie: '' };
    await familyBasket(jar);
    const sushi = await restaurantIdOf(SUSHI);
    await ctx.database.db
      .update(discountCodes)
      .set({ conceptIds: [sushi.conceptId] })
      .where(eq(discountCodes.code, 'WITAJ10'));
    const applied = await callWithBasket(ctx, jar, '/api/basket/discount', {
      method: 'POST',
      body: { code: 'WITAJ10' },
    });
    expect(applied.status, JSON.stringify(await applied.clone().json())).toBe(200);
    const basket = (await applied.json()) as Basket;
    const sushiValue = basket.lines
      .filter((l) => l.kitchen.restaurantId === sushi.id)
      .reduce((sum, l) => sum + l.totalPrice, 0);
    expect(basket.summary.discountValue).toBe(Math.round(sushiValue * 0.1));
    expect(basket.summary.discountValue).toBeLessThan(Math.round(basket.summary.productsValue * 0.1));
    // The order keeps which lines the code discounted, so the reports give the discount to Sushi Kaizen alone.
    const placed = await checkout(jar);
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as { order: { id: string } };
    const lines = await ctx.database.db
      .select({ restaurantId: orderItems.restaurantId, discounted: orderItems.discounted })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(lines.filter((l) => l.discounted).map((l) => l.restaurantId)).toEqual([sushi.id]);
    expect(lines).toHaveLength(3);

    // A code for a brand the basket does not hold is refused, as in a one-brand basket.
    await familyBasket(jar);
    await ctx.database.db
      .update(discountCodes)
      .set({ conceptIds: [(await restaurantIdOf(PASTA)).conceptId] })
      .where(eq(discountCodes.code, 'MINUS15'));
    const elsewhere = await callWithBasket(ctx, jar, '/api/basket/discount', {
      method: 'POST',
      body: { code: 'MINUS15' },
    });
    expect((await elsewhere.json()).error).toBe('discountNotHere');
  });

  it('leads with the next brand when the lead brand’s last line is removed, and empties to no restaurant', async () => {
    const jar = { cookie: '' };
    await familyBasket(jar);
    const first = await basketOf(jar);
    const pierogiLines = first.lines.filter((l) => l.kitchen.restaurantId === first.restaurant.id);
    for (const line of pierogiLines) await remove(jar, line.id);
    const next = await basketOf(jar);
    expect(next.restaurant.slug).toBe(SUSHI);
    expect(next.brands.map((b) => b.slug)).toEqual([SUSHI, SMASH]);
    for (const line of next.lines) await remove(jar, line.id);
    const empty = await basketOf(jar);
    expect(empty.lines).toEqual([]);
    expect(empty.restaurant).toBeNull();
  });
});
