import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { deliveryZones, discountCodes, discountRedemptions, orders, restaurants } from '#db/schema/index.ts';
import { request, restaurantMenuItems, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, PL, plCustomer } from '../helpers/orders.ts';

// Issue 38: a discount code's own rules, each refused with its key when applied, in the basket and at checkout.
const ctx = useTestApp();
// Wednesday 4 March 2026, 12:00 in Warsaw (CET): every seeded restaurant is open.
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

type Visitor = { cookie: string };

async function call(visitor: Visitor, path: string, method: string, body?: unknown) {
  const response = await request(ctx, path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: { 'content-type': 'application/json', ...(visitor.cookie ? { cookie: visitor.cookie } : {}) },
  });
  const set = response.headers.get('set-cookie');
  if (set) visitor.cookie = set.split(';')[0]!;
  return response;
}

type Item = { id: number; price: number; unavailable: boolean; groups: unknown[] };

/** A guest with `quantity` of the restaurant's first plain dish in the basket. */
async function shopper(quantity: number): Promise<{ visitor: Visitor; dish: Item }> {
  const items = await restaurantMenuItems<Item>(ctx, PL);
  const dish = items.find((item) => item.groups.length === 0 && !item.unavailable && item.price > 0)!;
  const visitor = { cookie: '' };
  expect((await call(visitor, '/api/basket/items', 'POST', { menuItemId: dish.id, quantity })).status).toBe(200);
  return { visitor, dish };
}

async function code(code: string, rules: Partial<typeof discountCodes.$inferInsert>) {
  const [row] = await ctx.database.db
    .insert(discountCodes)
    .values({ code, type: 'amount', value: 500, country: 'pl', quantity: 100, ...rules })
    .returning();
  return row!;
}

const refusalOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe('a discount code’s rules when applied', () => {
  it('outside its window answers discountExpired or discountNotYetValid, read on the restaurant’s clock', async () => {
    // 11:00Z is 12:00 in Warsaw: a code until 12:00 local has just ended, one from 12:01 has not begun.
    await code('PRZED12', { validTo: '2026-03-04 12:00:00' });
    await code('OD1201', { validFrom: '2026-03-04 12:01:00' });
    await code('DZIS', { validFrom: '2026-03-04 11:00:00', validTo: '2026-03-04 13:00:00' });
    const { visitor } = await shopper(2);
    const expired = await call(visitor, '/api/basket/discount', 'POST', { code: 'przed12' });
    expect(expired.status).toBe(400);
    expect(await refusalOf(expired)).toBe('discountExpired');
    const early = await call(visitor, '/api/basket/discount', 'POST', { code: 'OD1201' });
    expect(await refusalOf(early)).toBe('discountNotYetValid');
    const today = await call(visitor, '/api/basket/discount', 'POST', { code: 'DZIS' });
    expect(today.status).toBe(200);
    expect(((await today.json()) as { summary: { discountValue: number } }).summary.discountValue).toBe(500);
  });

  it('below its minimum answers discountBelowMinimum; the basket then shows the key and checkout refuses it', async () => {
    const { visitor, dish } = await shopper(1);
    await code('MIN', { minBasketValue: dish.price * 3 });
    const short = await call(visitor, '/api/basket/discount', 'POST', { code: 'MIN' });
    expect(short.status).toBe(400);
    expect(await refusalOf(short)).toBe('discountBelowMinimum');

    const [line] = ((await (await call(visitor, '/api/basket', 'GET')).json()) as { lines: { id: number }[] }).lines;
    expect((await call(visitor, `/api/basket/items/${line!.id}`, 'PATCH', { quantity: 3 })).status).toBe(200);
    const applied = await call(visitor, '/api/basket/discount', 'POST', { code: 'MIN' });
    expect(applied.status).toBe(200);
    const less = await call(visitor, `/api/basket/items/${line!.id}`, 'PATCH', { quantity: 2 });
    const basket = (await less.json()) as {
      id: string;
      discount: { refusal: { key: string } | null };
      summary: { discountValue: number };
    };
    expect(basket.discount.refusal?.key).toBe('discountBelowMinimum');
    expect(basket.summary.discountValue).toBe(0);

    const [here] = await ctx.database.db.select().from(restaurants).where(eq(restaurants.slug, PL));
    const [zone] = await ctx.database.db.select().from(deliveryZones).where(eq(deliveryZones.restaurantId, here!.id));
    const placed = await placeOrder(ctx, basket.id, {
      ...plCustomer,
      zip: zone!.zips[0],
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
    });
    expect(placed.status).toBe(400);
    expect(await refusalOf(placed)).toBe('discountBelowMinimum');
  });

  it('for other brands or restaurants answers discountNotHere; for other categories discountNoEligibleItems', async () => {
    const [here] = await ctx.database.db.select().from(restaurants).where(eq(restaurants.slug, PL));
    await code('INNA', { restaurantIds: [here!.id + 1000] });
    await code('MARKA', { conceptIds: [here!.conceptId + 1000] });
    await code('DESERY', { categoryIds: [2147483000] });
    const { visitor } = await shopper(2);
    expect(await refusalOf(await call(visitor, '/api/basket/discount', 'POST', { code: 'INNA' }))).toBe(
      'discountNotHere',
    );
    expect(await refusalOf(await call(visitor, '/api/basket/discount', 'POST', { code: 'MARKA' }))).toBe(
      'discountNotHere',
    );
    expect(await refusalOf(await call(visitor, '/api/basket/discount', 'POST', { code: 'DESERY' }))).toBe(
      'discountNoEligibleItems',
    );
  });
});

describe('a once-per-customer code', () => {
  const body = (zip: string, email = plCustomer.email) => ({
    ...plCustomer,
    email,
    zip,
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '123456',
  });

  it('used twice in parallel by one guest gives one use; the same e-mail later is refused too', async () => {
    const once = await code('RAZ', { oncePerCustomer: true });
    const made = await Promise.all([1, 2, 3].map(() => makeBasket(ctx.database.db, { code: 'RAZ', quantity: 2 })));
    const responses = await Promise.all(made.map((b) => placeOrder(ctx, b.basketId, body(b.zip))));
    const keys = await Promise.all(responses.map(async (r) => (r.status === 201 ? 'placed' : await refusalOf(r))));
    expect(keys.sort()).toEqual(['discountAlreadyUsed', 'discountAlreadyUsed', 'placed']);
    const used = await ctx.database.db.select().from(orders).where(eq(orders.discountCodeId, once.id));
    expect(used).toHaveLength(1);
    const rows = await ctx.database.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.discountCodeId, once.id));
    expect(rows.map((r) => r.customer).sort()).toEqual(['email:jan@example.com', 'phone:600700800']);
    const [after] = await ctx.database.db.select().from(discountCodes).where(eq(discountCodes.id, once.id));
    expect(after!.used).toBe(1);

    // Later, with the same phone and another e-mail: still the same customer.
    const later = await makeBasket(ctx.database.db, { code: 'RAZ', quantity: 2 });
    const again = await placeOrder(ctx, later.basketId, body(later.zip, 'jan.kowalski@example.com'));
    expect(await refusalOf(again)).toBe('discountAlreadyUsed');
    // Another customer may.
    const other = await makeBasket(ctx.database.db, { code: 'RAZ', quantity: 2 });
    const theirs = await placeOrder(ctx, other.basketId, {
      ...body(other.zip, 'ewa@example.com'),
      phone: '601 222 333',
    });
    expect(theirs.status).toBe(201);
  });

  it('a first-order-only code is refused to a customer who has ordered before', async () => {
    await code('PIERWSZE', { firstOrderOnly: true });
    const first = await makeBasket(ctx.database.db, { code: 'PIERWSZE', quantity: 2 });
    expect((await placeOrder(ctx, first.basketId, body(first.zip, 'nowa@example.com'))).status).toBe(201);
    const second = await makeBasket(ctx.database.db, { code: 'PIERWSZE', quantity: 2 });
    const refused = await placeOrder(ctx, second.basketId, {
      ...body(second.zip, 'nowa@example.com'),
      phone: '602 111 222',
    });
    expect(await refusalOf(refused)).toBe('discountFirstOrderOnly');
  });
});
