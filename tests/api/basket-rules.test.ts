// The rules the basket's hand-written write path (server/services/basket/write.ts, decision 008) checks itself,
// each against the database as a visitor would meet it, so the fast path and the rules cannot drift apart.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { baskets, basketItems, locations, menuItems, restaurants } from '#db/schema/index.ts';
import { type BasketJar, callWithBasket, restaurantMenuItems, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();
// Midday on a Wednesday in Warsaw: the seeded kitchens are open.
const NOON_WARSAW = new Date('2025-06-04T10:00:00Z');

type Jar = BasketJar;
const call = (jar: Jar, path: string, init?: { method?: string; body?: unknown }) =>
  callWithBasket(ctx, jar, path, init);

type Item = {
  id: number;
  price: number;
  unavailable: boolean;
  resetPrices: boolean;
  groups: { id: number; required: boolean; min: number; options: { id: number; price: number }[] }[];
};

const menuOf = (slug: string) => restaurantMenuItems<Item>(ctx, slug);
const plainOf = async (slug: string) => (await menuOf(slug)).find((i) => i.groups.length === 0 && !i.unavailable)!;
const add = (jar: Jar, body: Record<string, unknown>) => call(jar, '/api/basket/items', { method: 'POST', body });
const linesOf = (basketId: string) =>
  ctx.database.db.select().from(basketItems).where(eq(basketItems.basketId, basketId));

describe('basket writes keep every rule', () => {
  it('requiredOptions: a required group left out, or an option of another item, adds nothing', async () => {
    ctx.setNow(NOON_WARSAW);
    const jar = { cookie: '' };
    const items = await menuOf('pasta-fresca-warszawa-mokotow');
    const plain = items.find((i) => i.groups.length === 0 && !i.unavailable)!;
    const withRequired = items.find((i) => !i.unavailable && i.groups.some((g) => g.required))!;
    const other = items.find((i) => i.id !== withRequired.id && i.groups.length > 0)!;
    const basket = await (await add(jar, { menuItemId: plain.id, quantity: 1 })).json();

    const missing = await add(jar, { menuItemId: withRequired.id, quantity: 1, optionIds: [] });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe('requiredOptions');
    const foreign = await add(jar, {
      menuItemId: withRequired.id,
      quantity: 1,
      optionIds: [other.groups[0]!.options[0]!.id],
    });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).error).toBe('requiredOptions');
    expect((await linesOf(basket.id)).map((l) => l.menuItemId)).toEqual([plain.id]);
  });

  it('an item of another kitchen is refused: restaurantLocation at the same address, mishmashedLocations across town or in Kyiv', async () => {
    // The spec's rule, for a location that does not share baskets (the demo's Mokotów does: tests/api/shared-basket.test.ts).
    await ctx.database.db.update(locations).set({ sharedBaskets: false });
    const jar = { cookie: '' };
    const pasta = await plainOf('pasta-fresca-warszawa-mokotow');
    const basket = await (await add(jar, { menuItemId: pasta.id, quantity: 1 })).json();
    for (const [slug, key] of [
      ['smash-club-warszawa-mokotow', 'restaurantLocation'],
      ['sushi-kaizen-warszawa-wola', 'mishmashedLocations'],
      ['bao-house-kyiv-podil', 'mishmashedLocations'],
    ] as const) {
      const item = await plainOf(slug);
      const refused = await add(jar, { menuItemId: item.id, quantity: 1 });
      expect(refused.status).toBe(409);
      expect((await refused.json()).error, slug).toBe(key);
    }
    expect((await linesOf(basket.id)).map((l) => l.menuItemId)).toEqual([pasta.id]);
  });

  it('a kitchen switched off answers productUnavailable; a removed kitchen, location or item answers notFound', async () => {
    const pasta = await plainOf('pasta-fresca-warszawa-mokotow');
    const [kitchen] = await ctx.database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.slug, 'pasta-fresca-warszawa-mokotow'));
    const { db } = ctx.database;

    await db.update(restaurants).set({ isEnabled: false }).where(eq(restaurants.id, kitchen!.id));
    const disabled = await add({ cookie: '' }, { menuItemId: pasta.id, quantity: 1 });
    expect(disabled.status).toBe(400);
    expect(await disabled.json()).toMatchObject({ error: 'productUnavailable' });
    await db.update(restaurants).set({ isEnabled: true, active: false }).where(eq(restaurants.id, kitchen!.id));
    expect((await add({ cookie: '' }, { menuItemId: pasta.id, quantity: 1 })).status).toBe(404);
    await db.update(restaurants).set({ active: true }).where(eq(restaurants.id, kitchen!.id));

    await db.update(locations).set({ deleted: true }).where(eq(locations.id, kitchen!.locationId));
    expect((await add({ cookie: '' }, { menuItemId: pasta.id, quantity: 1 })).status).toBe(404);
    await db.update(locations).set({ deleted: false }).where(eq(locations.id, kitchen!.locationId));

    await db.update(menuItems).set({ active: false }).where(eq(menuItems.id, pasta.id));
    expect((await add({ cookie: '' }, { menuItemId: pasta.id, quantity: 1 })).status).toBe(404);
    await db.update(menuItems).set({ active: true }).where(eq(menuItems.id, pasta.id));

    // Nothing refused left a basket behind; the same call now succeeds.
    expect((await add({ cookie: '' }, { menuItemId: pasta.id, quantity: 1 })).status).toBe(200);
  });

  it('after an order, the next add starts an empty basket: the ordered basket’s lines are neither merged nor touched', async () => {
    const jar = { cookie: '' };
    const pasta = await plainOf('pasta-fresca-warszawa-mokotow');
    const first = await (await add(jar, { menuItemId: pasta.id, quantity: 3 })).json();
    await ctx.database.db.update(baskets).set({ status: 'created' }).where(eq(baskets.id, first.id));
    const second = await (await add(jar, { menuItemId: pasta.id, quantity: 1 })).json();
    expect(second.id).not.toBe(first.id);
    expect(second.lines).toMatchObject([{ menuItemId: pasta.id, quantity: 1 }]);
    expect((await linesOf(first.id)).map((l) => l.quantity)).toEqual([3]);
  });

  it('concurrent adds to one basket queue at its lock: one line whose quantity counts every add', async () => {
    const jar = { cookie: '' };
    const pasta = await plainOf('pasta-fresca-warszawa-mokotow');
    const basket = await (await add(jar, { menuItemId: pasta.id, quantity: 1 })).json();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => add(jar, { menuItemId: pasta.id, quantity: 2 })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect((await linesOf(basket.id)).map((l) => l.quantity)).toEqual([25]);
  });

  it('a line cannot grow past 99, and a change on a line of another basket answers notFound', async () => {
    const jar = { cookie: '' };
    const pasta = await plainOf('pasta-fresca-warszawa-mokotow');
    const mine = await (await add(jar, { menuItemId: pasta.id, quantity: 60 })).json();
    const tooMany = await add(jar, { menuItemId: pasta.id, quantity: 40 });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ error: 'validation', details: { quantity: 'isPositiveNumber' } });
    expect((await linesOf(mine.id)).map((l) => l.quantity)).toEqual([60]);

    const stranger = { cookie: '' };
    await add(stranger, { menuItemId: pasta.id, quantity: 1 });
    const lineId = mine.lines[0].id;
    const patched = await call(stranger, `/api/basket/items/${lineId}`, { method: 'PATCH', body: { quantity: 5 } });
    expect(patched.status).toBe(404);
    expect((await call(stranger, `/api/basket/remove/${lineId}`)).status).toBe(404);
    expect((await linesOf(mine.id)).map((l) => l.quantity)).toEqual([60]);
  });

  it('removing the last line frees the basket for another kitchen; without a basket, remove is notFound', async () => {
    const jar = { cookie: '' };
    expect((await call(jar, '/api/basket/remove/1')).status).toBe(404);
    expect(jar.cookie).toBe('');
    const pasta = await plainOf('pasta-fresca-warszawa-mokotow');
    const bao = await plainOf('bao-house-kyiv-podil');
    const basket = await (await add(jar, { menuItemId: pasta.id, quantity: 1 })).json();
    const emptied = await (await call(jar, `/api/basket/remove/${basket.lines[0].id}`)).json();
    expect(emptied).toMatchObject({ lines: [], restaurant: null });
    const ua = await add(jar, { menuItemId: bao.id, quantity: 1 });
    expect(ua.status).toBe(200);
    expect(await ua.json()).toMatchObject({
      id: basket.id,
      country: 'ua',
      restaurant: { slug: 'bao-house-kyiv-podil' },
    });
  });
});
