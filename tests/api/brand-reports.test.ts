import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { basketItems, concepts, orderItems, orders, restaurants } from '#db/schema/index.ts';
import { splitByBrand, type BrandShare } from '#domain/brand-split.ts';
import { brandShares } from '#server/services/admin/figures/brand-shares.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plainDishes, plCustomer, PL, settle } from '../helpers/orders.ts';

// Issue 35: one order cooked by several brands of one kitchen. The dashboard and the sales list give each brand its
// share of the order (#domain/brand-split.ts), and the shares add up to the order's total.
const ctx = useTestApp();
/** 12:00 in Warsaw on a Wednesday: the seeded restaurants are open. */
const START = new Date('2026-03-04T11:00:00Z');
const DAY = '2026-03-04';
beforeEach(() => ctx.setNow(START));
/** Brands the seed cooks in the Mokotów kitchen beside Pasta Fresca. */
const SUSHI = 'sushi-kaizen-warszawa-mokotow';
const PIEROGI = 'pierogi-babci-warszawa-mokotow';

async function login() {
  const response = await request(ctx, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-2026' }),
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function restaurant(slug: string) {
  const [row] = await ctx.database.db
    .select({ id: restaurants.id, conceptId: restaurants.conceptId, concept: concepts.slug })
    .from(restaurants)
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(eq(restaurants.slug, slug));
  return row!;
}

/**
 * An order paid by BLIK at Pasta Fresca Mokotów (so it reached the restaurant: 'new', sold by #domain/dashboard.ts)
 * with one line per plain dish in `dishes` (1 to 3), two of each, and the WITAJ10 code when asked.
 */
async function order(dishes: number, code?: string) {
  const db = ctx.database.db;
  const basket = await makeBasket(db, { quantity: 2, ...(code ? { code } : {}) });
  const more = await plainDishes(db, basket.restaurantId, { limit: dishes - 1, except: [basket.menuItemId] });
  expect(more).toHaveLength(dishes - 1);
  if (more.length)
    await db
      .insert(basketItems)
      .values(more.map((m) => ({ basketId: basket.basketId, menuItemId: m.id, quantity: 2 })));
  const response = await placeOrder(ctx, basket.basketId, {
    ...plCustomer,
    zip: basket.zip,
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '123456',
  });
  expect(response.status).toBe(201);
  const id = (await response.json()).order.id as string;
  await settle(ctx);
  return id;
}

/** The order's own columns and lines, and its split by the domain's rule. */
async function split(id: string) {
  const db = ctx.database.db;
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  const lines = await db
    .select({ id: orderItems.id, restaurantId: orderItems.restaurantId, value: orderItems.value })
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  expect(row!.status).toBe('new');
  const shares = splitByBrand({
    restaurantId: row!.restaurantId,
    value: row!.value,
    discountValue: row!.discountValue,
    discountType: row!.discount?.type ?? null,
    deliveryCosts: row!.deliveryCosts,
    serviceFee: row!.serviceFee,
    extraFee: row!.extraFee,
    lines,
  });
  return { order: row!, lines, shares };
}

/** Another brand cooks the line now, and the order says it is mixed, as place-order writes a shared basket's. */
async function cookLine(lineId: number, restaurantId: number) {
  const db = ctx.database.db;
  const [line] = await db
    .update(orderItems)
    .set({ restaurantId })
    .where(eq(orderItems.id, lineId))
    .returning({ orderId: orderItems.orderId });
  await db
    .update(orders)
    .set({
      mixedBrands: sql`exists (select 1 from order_items oi where oi.order_id = orders.id
      and oi.restaurant_id <> orders.restaurant_id)`,
    })
    .where(eq(orders.id, line!.orderId));
}

type Figure = { orders: number; revenue: number };
type Dashboard = {
  totals: (Figure & { currency: string })[];
  byConcept: (Figure & { slug: string; currency: string })[];
  byRestaurant: (Figure & { id: number; slug: string; currency: string; times: { accepted: number } })[];
};
async function dashboard(cookie: string): Promise<Dashboard> {
  const response = await request(ctx, '/api/admin/dashboard?days=1', { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as Dashboard;
}
type SalesRow = {
  day: string;
  currency: string;
  orders: number;
  value: number;
  discountValue: number;
  deliveryCosts: number;
  serviceFee: number;
  extraFee: number;
  total: number;
};
async function sales(cookie: string, filter = ''): Promise<SalesRow[]> {
  const response = await request(ctx, `/api/admin/sales?from=${DAY}&to=${DAY}${filter}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { rows: SalesRow[] }).rows;
}
const sum = (shares: BrandShare[]) => shares.reduce((a, s) => a + s.total, 0);
const shareOf = (shares: BrandShare[], restaurantId: number) => shares.find((s) => s.restaurantId === restaurantId)!;

describe('reports split a multi-brand order per brand', () => {
  it('gives each brand its share on the dashboard and in the sales list; the shares sum to the order', async () => {
    const admin = await login();
    const pasta = await restaurant(PL);
    const sushi = await restaurant(SUSHI);
    const single = await order(1);
    const mixed = await order(2, 'WITAJ10');

    // Before any line is another brand's, the mixed order is an ordinary order: all of it is Pasta Fresca's.
    const before = await dashboard(admin);
    const plain = (await split(mixed)).order.total + (await split(single)).order.total;
    expect(before.byRestaurant.find((r) => r.slug === PL)).toMatchObject({ orders: 2, revenue: plain });
    expect(before.totals).toEqual([expect.objectContaining({ currency: 'PLN', orders: 2, revenue: plain })]);

    // The kitchen cooks the mixed order's second line as Sushi Kaizen.
    const { lines } = await split(mixed);
    await cookLine(lines[1]!.id, sushi.id);
    const { order: row, shares } = await split(mixed);
    expect(row.discountValue).toBeGreaterThan(0);
    expect(shares.map((s) => s.restaurantId).sort()).toEqual([pasta.id, sushi.id].sort());
    expect(sum(shares)).toBe(row.total);
    const sushiShare = shareOf(shares, sushi.id);
    const pastaShare = shareOf(shares, pasta.id);
    expect(sushiShare.value).toBe(lines[1]!.value);
    const singleTotal = (await split(single)).order.total;

    const after = await dashboard(admin);
    expect(after.byRestaurant.find((r) => r.slug === SUSHI)).toMatchObject({ orders: 1, revenue: sushiShare.total });
    expect(after.byRestaurant.find((r) => r.slug === PL)).toMatchObject({
      orders: 2,
      revenue: pastaShare.total + singleTotal,
      // The order is accepted and prepared once, at the restaurant it was placed at.
      times: expect.objectContaining({ accepted: 0 }),
    });
    expect(after.byConcept.find((c) => c.slug === sushi.concept)).toMatchObject({
      orders: 1,
      revenue: sushiShare.total,
    });
    expect(after.byConcept.find((c) => c.slug === pasta.concept)).toMatchObject({
      orders: 2,
      revenue: pastaShare.total + singleTotal,
    });
    // Each order once in the totals, with its whole value: what the dashboard said before the split.
    expect(after.totals).toEqual(before.totals);
    const pln = after.byRestaurant.filter((r) => r.currency === 'PLN');
    expect(pln.reduce((a, r) => a + r.revenue, 0)).toBe(plain);

    // The sales list, whole and per brand: each part is the brand's share, and the brands' rows add up to the day.
    const [all] = await sales(admin);
    expect(all).toMatchObject({ orders: 2, total: plain });
    const [sushiDay] = await sales(admin, `&restaurant=${sushi.id}`);
    expect(sushiDay).toMatchObject({
      day: DAY,
      orders: 1,
      value: sushiShare.value,
      discountValue: sushiShare.discountValue,
      deliveryCosts: sushiShare.deliveryCosts,
      serviceFee: sushiShare.serviceFee,
      extraFee: sushiShare.extraFee,
      total: sushiShare.total,
    });
    const [pastaDay] = await sales(admin, `&restaurant=${pasta.id}`);
    expect(pastaDay).toMatchObject({ orders: 2, total: pastaShare.total + singleTotal });
    expect(sushiDay!.total + pastaDay!.total).toBe(all!.total);
    for (const key of ['value', 'discountValue', 'deliveryCosts', 'serviceFee', 'extraFee'] as const) {
      expect(sushiDay![key] + pastaDay![key], key).toBe(all![key]);
    }
    const [sushiConcept] = await sales(admin, `&concept=${sushi.conceptId}`);
    expect(sushiConcept).toMatchObject({ orders: 1, total: sushiShare.total });
    // A brand of another kitchen sold nothing of these orders.
    expect(await sales(admin, `&restaurant=${(await restaurant('bao-house-kyiv-podil')).id}`)).toEqual([]);
  });

  it('splits an order of three brands exactly as the domain rule does, to the last grosz', async () => {
    const admin = await login();
    const pasta = await restaurant(PL);
    const sushi = await restaurant(SUSHI);
    const pierogi = await restaurant(PIEROGI);
    const id = await order(3, 'WITAJ10');
    const { lines } = await split(id);
    await cookLine(lines[0]!.id, sushi.id);
    await cookLine(lines[2]!.id, pierogi.id);
    const { order: row, shares } = await split(id);
    expect(shares).toHaveLength(3);
    expect(sum(shares)).toBe(row.total);

    const { byRestaurant, totals } = await dashboard(admin);
    for (const brand of [pasta, sushi, pierogi]) {
      expect(byRestaurant.find((r) => r.id === brand.id)).toMatchObject({
        orders: 1,
        revenue: shareOf(shares, brand.id).total,
      });
      const [day] = await sales(admin, `&restaurant=${brand.id}`);
      const { restaurantId: _, ...parts } = shareOf(shares, brand.id);
      expect(day).toMatchObject({ orders: 1, ...parts });
    }
    expect(totals).toEqual([expect.objectContaining({ currency: 'PLN', orders: 1, revenue: row.total })]);
  });

  it('the reports’ query splits any order as the domain rule does (generated orders)', async () => {
    const db = ctx.database.db;
    const brands = await Promise.all([PL, SUSHI, PIEROGI].map(restaurant));
    const id = await order(1);
    const { scoped, shares } = brandShares(db, eq(orders.id, id));
    const read = () => db.with(scoped).select().from(shares);
    await fc.assert(
      fc.asyncProperty(
        // Equal values too, so that remainders tie and the tie-break is put to the test.
        fc.array(
          fc.record({
            brand: fc.nat({ max: 2 }),
            value: fc.oneof(fc.constantFrom(0, 500, 1000), fc.nat({ max: 30_000 })),
            // A code for some brands or categories discounts only their lines (order_items.discounted).
            discounted: fc.boolean(),
          }),
          { maxLength: 6 },
        ),
        fc.nat({ max: 5_000 }),
        fc.constantFrom('percentage', 'amount', 'freeDelivery'),
        fc.nat({ max: 1_999 }),
        fc.nat({ max: 999 }),
        fc.nat({ max: 999 }),
        async (drawn, discount, discountType, deliveryCosts, serviceFee, extraFee) => {
          const lines = drawn.map((l) => ({
            restaurantId: brands[l.brand]!.id,
            value: l.value,
            discounted: l.discounted,
          }));
          const value = lines.reduce((a, l) => a + l.value, 0);
          const discountValue = discountType === 'freeDelivery' ? deliveryCosts : Math.min(discount, value);
          const money = { value, discountValue, deliveryCosts, serviceFee, extraFee };
          const total = value - discountValue + deliveryCosts + serviceFee + extraFee;
          await db.delete(orderItems).where(eq(orderItems.orderId, id));
          if (lines.length)
            await db
              .insert(orderItems)
              .values(lines.map((l) => ({ orderId: id, name: 'x', quantity: 1, unitPrice: l.value, ...l })));
          const [current] = await db.select({ discount: orders.discount }).from(orders).where(eq(orders.id, id));
          await db
            .update(orders)
            .set({
              ...money,
              total,
              discount: { ...current!.discount!, type: discountType },
              mixedBrands: lines.some((l) => l.restaurantId !== brands[0]!.id),
            })
            .where(eq(orders.id, id));
          const expected = splitByBrand({ restaurantId: brands[0]!.id, discountType, lines, ...money });
          const rows = await read();
          expect(
            rows
              .map(({ restaurantId, value, discountValue, deliveryCosts, serviceFee, extraFee, total }) => ({
                restaurantId,
                value,
                discountValue,
                deliveryCosts,
                serviceFee,
                extraFee,
                total,
              }))
              .sort((a, b) => a.restaurantId - b.restaurantId),
          ).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
