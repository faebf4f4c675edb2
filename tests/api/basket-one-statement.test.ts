// Basket writes sent as fewer statements (server/services/basket/write.ts): a guest's first add as one statement
// of its own (the basket, its line and the priced answer; no BEGIN, no COMMIT), and a known basket's checks and
// writes as one statement after the lock. Each fast path is compared with the two-round-trip path on the same
// input, and every rule it re-checks is met once through it, so the two cannot drift apart.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { baskets, basketItems, menuItems, modifierGroups, modifierOptions, workingHours } from '#db/schema/index.ts';
import { type BasketJar, callWithBasket, restaurantMenuItems, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();
// Midday on a Wednesday in Warsaw: the seeded kitchens are open.
const NOON_WARSAW = new Date('2025-06-04T10:00:00Z');

type Item = {
  id: number;
  unavailable: boolean;
  groups: { id: number; required: boolean; min: number; options: { id: number; unavailable: boolean }[] }[];
};
const menuOf = (slug: string) => restaurantMenuItems<Item>(ctx, slug);
const add = (jar: BasketJar, menuItemId: number, optionIds: number[] = [], quantity = 1) =>
  callWithBasket(ctx, jar, '/api/basket/items', { method: 'POST', body: { menuItemId, quantity, optionIds } });

/**
 * Counts the transactions the write path opens (each reserves a connection): the one-statement add opens none.
 * The driver's `reserve` is replaced on the test's own database handle for the length of `fn`.
 */
async function reservations<T>(fn: () => Promise<T>): Promise<{ result: T; reserved: number }> {
  const client = (ctx.database.db as unknown as { $client: { reserve: (...args: unknown[]) => unknown } }).$client;
  const reserve = client.reserve;
  let reserved = 0;
  client.reserve = (...args: unknown[]) => {
    reserved += 1;
    return reserve.apply(client, args);
  };
  try {
    return { result: await fn(), reserved };
  } finally {
    client.reserve = reserve;
  }
}

/** What a basket holds in the database, without its ids and times. */
async function stored(basketId: string) {
  const { db } = ctx.database;
  const [row] = await db.select().from(baskets).where(eq(baskets.id, basketId));
  const lines = await db.select().from(basketItems).where(eq(basketItems.basketId, basketId));
  const { id: _id, createdAt: _created, updatedAt: _updated, ...basket } = row!;
  return { basket, lines: lines.map(({ menuItemId, quantity, optionIds }) => ({ menuItemId, quantity, optionIds })) };
}

/** A priced answer without what differs from one basket to the next (its id and its lines' ids). */
const comparable = (answer: { id: string; lines: { id: number }[] }) => ({
  ...answer,
  id: '',
  lines: answer.lines.map((l) => ({ ...l, id: 0 })),
});

const countBaskets = async () => (await ctx.database.db.select({ id: baskets.id }).from(baskets)).length;

describe('basket writes in fewer statements', () => {
  it("a guest's first add as one statement answers and writes what the two-round-trip add does", async () => {
    ctx.setNow(NOON_WARSAW);
    const items = await menuOf('pasta-fresca-warszawa-mokotow');
    const withOptions = items.find((i) => !i.unavailable && i.groups.some((g) => g.required))!;
    const chosen = withOptions.groups.flatMap((g) =>
      g.options.filter((o) => !o.unavailable).slice(0, Math.max(g.min, g.required ? 1 : 0)),
    );
    const optionIds = chosen.map((o) => o.id);

    // The process has not read this item yet: the first guest's add goes the two-round-trip way and remembers it.
    const first = await reservations(() => add({ cookie: '' }, withOptions.id, optionIds, 3));
    expect(first.result.status).toBe(200);
    expect(first.reserved).toBe(1);
    const second = await reservations(() => add({ cookie: '' }, withOptions.id, optionIds, 3));
    expect(second.result.status).toBe(200);
    expect(second.reserved).toBe(0);

    const a = await first.result.json();
    const b = await second.result.json();
    expect(b.id).not.toBe(a.id);
    expect(comparable(b)).toEqual(comparable(a));
    expect(b.lines[0].options.map((o: { id: number }) => o.id)).toEqual(optionIds);
    expect(await stored(b.id)).toEqual(await stored(a.id));

    // The basket it made is known: the next add of the same item and options is the same line, 3 + 2.
    const jar = { cookie: `basket=${b.id}` };
    const more = await (await add(jar, withOptions.id, optionIds, 2)).json();
    expect(more.lines.map((l: { quantity: number }) => l.quantity)).toEqual([5]);
  });

  it('every rule of the add holds on the one-statement path, and a refused add writes no basket', async () => {
    ctx.setNow(NOON_WARSAW);
    const { db } = ctx.database;
    const items = await menuOf('pasta-fresca-warszawa-mokotow');
    const withRequired = items.find((i) => !i.unavailable && i.groups.some((g) => g.required))!;
    const required = withRequired.groups.find((g) => g.required)!;
    const plain = items.find((i) => i.groups.length === 0 && !i.unavailable)!;
    expect((await add({ cookie: '' }, withRequired.id, [required.options[0]!.id])).status).toBe(200);
    expect((await add({ cookie: '' }, plain.id)).status).toBe(200);
    const before = await countBaskets();

    // Required options left out: refused before anything is sent.
    const missing = await add({ cookie: '' }, withRequired.id, []);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe('requiredOptions');

    // More than 99 on the first line: the request's own limit.
    expect((await add({ cookie: '' }, plain.id, [], 100)).status).toBe(400);

    // Changed behind the process after it remembered the item: the statement's check aborts it, and the rule
    // answers from what the database holds.
    const [group] = await db
      .insert(modifierGroups)
      .values({ menuItemId: plain.id, name: 'Sos', required: true, min: 1, max: 1 })
      .returning();
    await db.insert(modifierOptions).values({ groupId: group!.id, name: 'Pesto', price: 300 });
    const newlyRequired = await reservations(() => add({ cookie: '' }, plain.id));
    expect(newlyRequired.result.status).toBe(400);
    expect((await newlyRequired.result.json()).error).toBe('requiredOptions');
    expect(newlyRequired.reserved).toBe(1);

    await db.update(modifierOptions).set({ unavailable: true }).where(eq(modifierOptions.id, required.options[0]!.id));
    const optionOff = await add({ cookie: '' }, withRequired.id, [required.options[0]!.id]);
    expect(optionOff.status).toBe(400);
    expect((await optionOff.json()).error).toBe('productUnavailable');

    await db
      .update(menuItems)
      .set({ unavailable: true })
      .where(inArray(menuItems.id, [withRequired.id, plain.id]));
    const itemOff = await add({ cookie: '' }, withRequired.id, [required.options[1]?.id ?? required.options[0]!.id]);
    expect(itemOff.status).toBe(400);
    expect((await itemOff.json()).error).toBe('productUnavailable');

    await db.update(menuItems).set({ active: false }).where(eq(menuItems.id, plain.id));
    expect((await add({ cookie: '' }, plain.id, [])).status).toBe(404);

    expect(await countBaskets()).toBe(before);
  });

  it("a known basket's checks and writes as one statement: removing a line frees the kitchen only when it was the last", async () => {
    ctx.setNow(NOON_WARSAW);
    const { db } = ctx.database;
    const pasta = (await menuOf('pasta-fresca-warszawa-mokotow')).filter(
      (i) => i.groups.length === 0 && !i.unavailable,
    );
    const sushi = (await menuOf('sushi-kaizen-warszawa-wola')).find((i) => i.groups.length === 0 && !i.unavailable)!;
    const jar = { cookie: '' };
    await add(jar, pasta[0]!.id);
    const basket = await (await add(jar, pasta[1]!.id)).json();
    const [firstLine, secondLine] = basket.lines.map((l: { id: number }) => l.id) as [number, number];
    const restaurantOf = async () =>
      (await db.select({ restaurantId: baskets.restaurantId }).from(baskets).where(eq(baskets.id, basket.id)))[0]!
        .restaurantId;

    const kept = await reservations(() =>
      callWithBasket(ctx, jar, `/api/basket/items/${firstLine}`, { method: 'PATCH', body: { quantity: 0 } }),
    );
    expect(kept.result.status).toBe(200);
    expect(kept.reserved).toBe(1);
    expect(await restaurantOf()).toBe(basket.restaurant.id);
    const refused = await add(jar, sushi.id);
    expect(refused.status).toBe(409);

    const emptied = await callWithBasket(ctx, jar, `/api/basket/items/${secondLine}`, {
      method: 'PATCH',
      body: { quantity: 0 },
    });
    expect(emptied.status).toBe(200);
    expect((await emptied.json()).restaurant).toBeNull();
    expect(await restaurantOf()).toBeNull();
    const elsewhere = await add(jar, sushi.id);
    expect(elsewhere.status).toBe(200);
    expect((await elsewhere.json()).lines.map((l: { menuItemId: number }) => l.menuItemId)).toEqual([sushi.id]);
  });
});

describe("the restaurant's state in a basket answer", () => {
  it('is kept for the rest of a second, never for the instant an opening starts, and follows a change of hours', async () => {
    ctx.setNow(NOON_WARSAW);
    const { db } = ctx.database;
    const jar = { cookie: '' };
    const plain = (await menuOf('pasta-fresca-warszawa-mokotow')).find((i) => i.groups.length === 0 && !i.unavailable)!;
    const basket = await (await add(jar, plain.id)).json();
    // Every day 10:00–22:00 in Warsaw: on 4 June 2025 (summer time) it opens at 08:00:00 UTC.
    await db
      .update(workingHours)
      .set({ from: '10:00', to: '22:00' })
      .where(eq(workingHours.restaurantId, basket.restaurant.id));
    const stateAt = async (iso: string) => {
      ctx.setNow(new Date(iso));
      return (await (await callWithBasket(ctx, jar, '/api/basket')).json()).restaurant.state;
    };
    const opening = '2025-06-04T10:00:00+02:00';
    expect(await stateAt('2025-06-04T08:00:00.001Z')).toEqual({ state: 'open', nextOpening: null });
    // At exactly `from` it is still closed, although a moment later in the same second it was open.
    expect(await stateAt('2025-06-04T08:00:00.000Z')).toEqual({ state: 'closed', nextOpening: opening });
    expect(await stateAt('2025-06-04T08:00:00.999Z')).toEqual({ state: 'open', nextOpening: null });
    expect(await stateAt('2025-06-04T07:59:59.999Z')).toEqual({ state: 'closed', nextOpening: opening });
    expect(await stateAt('2025-06-04T07:59:59.500Z')).toEqual({ state: 'closed', nextOpening: opening });

    // New hours are seen within the same second.
    await db.update(workingHours).set({ from: '09:00' }).where(eq(workingHours.restaurantId, basket.restaurant.id));
    expect(await stateAt('2025-06-04T07:59:59.600Z')).toEqual({ state: 'open', nextOpening: null });
  });
});
