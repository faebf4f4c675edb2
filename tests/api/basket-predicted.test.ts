// Basket writes sent in one round trip on what this process last saw of the basket (decision 032): whatever another
// process, an admin or psql changed since, the answer is the rule's, checked on what the database holds. Each case
// first lets the app learn the basket, then changes the database behind its back, then asks again.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  baskets,
  basketItems,
  locations,
  menuItems,
  modifierGroups,
  modifierOptions,
  restaurants,
} from '#db/schema/index.ts';
import { type BasketJar, callWithBasket, restaurantMenuItems, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();
// Midday on a Wednesday in Warsaw: the seeded kitchens are open.
const NOON_WARSAW = new Date('2025-06-04T10:00:00Z');

type Jar = BasketJar;
const call = (jar: Jar, path: string, init?: { method?: string; body?: unknown }) =>
  callWithBasket(ctx, jar, path, init);

type Item = { id: number; unavailable: boolean; groups: { required: boolean }[] };
async function plainOf(slug: string): Promise<Item> {
  const items = await restaurantMenuItems<Item>(ctx, slug);
  return items.find((i) => i.groups.length === 0 && !i.unavailable)!;
}
const add = (jar: Jar, menuItemId: number, optionIds: number[] = []) =>
  call(jar, '/api/basket/items', { method: 'POST', body: { menuItemId, quantity: 1, optionIds } });
const linesOf = (basketId: string) =>
  ctx.database.db
    .select({ menuItemId: basketItems.menuItemId, quantity: basketItems.quantity })
    .from(basketItems)
    .where(eq(basketItems.basketId, basketId));

describe('a basket write on what the process last saw', () => {
  it('requiredOptions and productUnavailable: a required group added or an option switched off since', async () => {
    ctx.setNow(NOON_WARSAW);
    const { db } = ctx.database;
    const jar = { cookie: '' };
    const pasta = await plainOf('pasta-fresca-warszawa-mokotow');
    const basket = await (await add(jar, pasta.id)).json();
    expect((await add(jar, pasta.id)).status).toBe(200);

    // An admin gives the item a required choice: the next add without it is refused and writes nothing.
    const [group] = await db
      .insert(modifierGroups)
      .values({ menuItemId: pasta.id, name: 'Sos', required: true, min: 1, max: 1 })
      .returning();
    const [option] = await db
      .insert(modifierOptions)
      .values({ groupId: group!.id, name: 'Pesto', price: 300 })
      .returning();
    const missing = await add(jar, pasta.id);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe('requiredOptions');
    expect(await linesOf(basket.id)).toEqual([{ menuItemId: pasta.id, quantity: 2 }]);

    // With the option it is a new line; the option switched off afterwards makes the same add unavailable.
    expect((await add(jar, pasta.id, [option!.id])).status).toBe(200);
    await db.update(modifierOptions).set({ unavailable: true }).where(eq(modifierOptions.id, option!.id));
    const off = await add(jar, pasta.id, [option!.id]);
    expect(off.status).toBe(400);
    expect((await off.json()).error).toBe('productUnavailable');
    expect((await linesOf(basket.id)).map((l) => l.quantity).sort()).toEqual([1, 2]);
  });

  it('a disabled restaurant and an item from another location put in by another process are refused', async () => {
    ctx.setNow(NOON_WARSAW);
    const { db } = ctx.database;
    const jar = { cookie: '' };
    const pasta = await plainOf('pasta-fresca-warszawa-mokotow');
    const sushi = await plainOf('sushi-kaizen-warszawa-wola');
    const basket = await (await add(jar, pasta.id)).json();

    const [kitchen] = await db.select().from(restaurants).where(eq(restaurants.slug, 'pasta-fresca-warszawa-mokotow'));
    await db.update(restaurants).set({ isEnabled: false }).where(eq(restaurants.id, kitchen!.id));
    const disabled = await add(jar, pasta.id);
    expect(disabled.status).toBe(400);
    expect((await disabled.json()).error).toBe('productUnavailable');
    await db.update(restaurants).set({ isEnabled: true }).where(eq(restaurants.id, kitchen!.id));

    // The visitor, on another server process, empties the basket and fills it from a kitchen across town.
    const [wola] = await db.select().from(menuItems).where(eq(menuItems.id, sushi.id));
    await db.delete(basketItems).where(eq(basketItems.basketId, basket.id));
    await db.insert(basketItems).values({ basketId: basket.id, menuItemId: sushi.id, quantity: 1 });
    await db.update(baskets).set({ restaurantId: wola!.restaurantId }).where(eq(baskets.id, basket.id));
    const mixed = await add(jar, pasta.id);
    expect(mixed.status).toBe(409);
    expect((await mixed.json()).error).toBe('mishmashedLocations');
    expect(await linesOf(basket.id)).toEqual([{ menuItemId: sushi.id, quantity: 1 }]);
  });

  it('a line removed, a kitchen without pickup and an ordered basket, all changed behind the process', async () => {
    ctx.setNow(NOON_WARSAW);
    const { db } = ctx.database;
    const jar = { cookie: '' };
    const pasta = await plainOf('pasta-fresca-warszawa-mokotow');
    const basket = await (await add(jar, pasta.id)).json();
    const line = basket.lines[0].id as number;

    await db.delete(basketItems).where(and(eq(basketItems.basketId, basket.id), eq(basketItems.id, line)));
    const gone = await call(jar, `/api/basket/items/${line}`, { method: 'PATCH', body: { quantity: 3 } });
    expect(gone.status).toBe(404);

    expect((await add(jar, pasta.id)).status).toBe(200);
    expect(
      (await call(jar, '/api/basket/delivery', { method: 'PUT', body: { deliveryMethod: 'pickup' } })).status,
    ).toBe(200);
    await db.update(locations).set({ pickupEnabled: false }).where(eq(locations.id, basket.location.id));
    const pickup = await call(jar, '/api/basket/delivery', { method: 'PUT', body: { deliveryMethod: 'pickup' } });
    expect(pickup.status).toBe(400);
    expect(await pickup.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { deliveryMethod: 'pickupUnavailable' },
    });

    // Ordered elsewhere: the next add starts a new basket and leaves the ordered one as it was.
    await db.update(baskets).set({ status: 'created' }).where(eq(baskets.id, basket.id));
    const next = await (await add(jar, pasta.id)).json();
    expect(next.id).not.toBe(basket.id);
    expect(next.lines.map((l: { quantity: number }) => l.quantity)).toEqual([1]);
    expect(await linesOf(basket.id)).toEqual([{ menuItemId: pasta.id, quantity: 1 }]);
  });
});
