import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  basketItems,
  kitchenIngredients,
  locations,
  menuItems,
  modifierGroups,
  modifierOptions,
  restaurants,
  userKitchens,
  users,
} from '#db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, dishNamed, makeBasket, placeOrder, plCustomer } from '../helpers/orders.ts';

// Issue 35, decision 064: a kitchen's shared ingredients. One switch on a board takes every dish that uses the
// ingredient off every brand cooked at that kitchen, on every channel, and back.
const ctx = useTestApp();
// A Wednesday evening in Warsaw: both Mokotów brands are open (Smash Club opens at noon).
beforeEach(() => ctx.setNow(new Date('2026-03-04T16:00:00Z')));

const PASTA = 'pasta-fresca-warszawa-mokotow';
const SMASH = 'smash-club-warszawa-mokotow';
const KYIV_PASTA = 'pasta-fresca-kyiv-podil';

async function session(role: 'admin' | 'kitchenStaff' | 'kitchenManager', kitchen?: string) {
  const db = ctx.database.db;
  const [user] = await db
    .insert(users)
    .values({ email: `${role}-${crypto.randomUUID()}@example.com`, passwordHash: 'x', role, activatedAt: new Date() })
    .returning({ id: users.id });
  if (kitchen) {
    const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.slug, kitchen));
    await db.insert(userKitchens).values({ userId: user!.id, locationId: location!.id });
  }
  const { token } = await createSession({ db, now: ctx.deps.now }, { userId: user!.id });
  return `${SESSION_COOKIE}=${token}`;
}

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  request(ctx, path, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie },
  });

/** A kitchen's ingredient by its Polish name. */
async function ingredientAt(kitchen: string, name: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: kitchenIngredients.id })
    .from(kitchenIngredients)
    .innerJoin(locations, eq(locations.id, kitchenIngredients.locationId))
    .where(and(eq(locations.slug, kitchen), sql`${kitchenIngredients.names}->>'pl' = ${name}`));
  if (!row) throw new Error(`no ${name} at ${kitchen}`);
  return row.id;
}

const dish = (restaurant: string, name: string) => dishNamed(ctx.database.db, restaurant, name);

/** A basket at `restaurant` holding `quantity` of the dish (with its required options), ready for checkout. */
async function basketWith(restaurant: string, name: string, quantity = 3) {
  const basket = await makeBasket(ctx.database.db, { restaurant });
  const { id, optionIds } = await dish(restaurant, name);
  await ctx.database.db
    .update(basketItems)
    .set({ menuItemId: id, optionIds, quantity })
    .where(eq(basketItems.basketId, basket.basketId));
  return { ...basket, menuItemId: id, optionIds };
}

const basketOf = async (basketId: string) =>
  (await (await request(ctx, '/api/basket', { headers: { cookie: `basket=${basketId}` } })).json()) as {
    lines: { menuItemId: number; unavailable: boolean }[];
  };

const checkout = (basket: { basketId: string; zip: string }) =>
  placeOrder(ctx, basket.basketId, {
    ...plCustomer,
    zip: basket.zip,
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '123456',
  });

const menuItem = async (restaurant: string, id: number) => {
  const body = (await (await request(ctx, `/api/restaurants/${restaurant}`)).json()) as {
    categories: {
      items: { id: number; unavailable: boolean; groups: { options: { id: number; unavailable: boolean }[] }[] }[];
    }[];
  };
  return body.categories.flatMap((c) => c.items).find((i) => i.id === id)!;
};

describe('an ingredient out of stock at a kitchen', () => {
  it('makes the dishes of two brands there unavailable in the basket, at checkout and on the menu, and back', async () => {
    const staff = await session('kitchenStaff', 'warszawa-mokotow');
    const bacon = await ingredientAt('warszawa-mokotow', 'Boczek');
    const bolognese = await basketWith(PASTA, 'Tagliatelle Bolognese');
    const burger = await basketWith(SMASH, 'Bacon Smash');
    const margherita = await basketWith(PASTA, 'Margherita');
    const kyivBolognese = await dish(KYIV_PASTA, 'Tagliatelle Bolognese');
    const aglio = await dish(PASTA, 'Aglio, olio e peperoncino');

    // From the smash burger's board: the bolognese of the other brand goes too.
    const off = await call('PUT', `/api/admin/kitchen/${SMASH}/ingredients/${bacon}`, staff, { outOfStock: true });
    expect(off.status).toBe(200);
    const switched = (await off.json()) as { ingredient: { outOfStock: boolean }; dishes: number; options: number };
    expect(switched.ingredient.outOfStock).toBe(true);
    expect(switched.dishes).toBeGreaterThanOrEqual(3);
    expect(switched.options).toBeGreaterThanOrEqual(2);

    for (const basket of [bolognese, burger]) {
      expect((await basketOf(basket.basketId)).lines[0]).toMatchObject({ unavailable: true });
      const refused = await checkout(basket);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'productUnavailable' });
    }
    // A dish without bacon is not touched; the menu marks both brands' bacon dishes, and the bacon options.
    expect((await basketOf(margherita.basketId)).lines[0]).toMatchObject({ unavailable: false });
    expect(await menuItem(PASTA, bolognese.menuItemId)).toMatchObject({ unavailable: true });
    expect(await menuItem(SMASH, burger.menuItemId)).toMatchObject({ unavailable: true });
    const withOptions = await menuItem(PASTA, margherita.menuItemId);
    expect(withOptions.unavailable).toBe(false);
    const availability = (await (
      await request(ctx, `/api/restaurants/${burger.restaurantId}/availability`)
    ).json()) as { items: number[]; options: number[] };
    expect(availability.items).toContain(burger.menuItemId);
    // Adding it again is refused on the basket's own path.
    const add = await request(ctx, '/api/basket/items', {
      method: 'POST',
      body: JSON.stringify({ menuItemId: burger.menuItemId, quantity: 1, optionIds: burger.optionIds }),
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    });
    expect(add.status).toBe(400);
    expect(await add.json()).toMatchObject({ error: 'productUnavailable' });
    // Another kitchen's bacon is its own: the Kyiv bolognese stays on.
    expect(await menuItem(KYIV_PASTA, kyivBolognese.id)).toMatchObject({ unavailable: false });
    // A dish without bacon stays, but its bacon option goes: it cannot be chosen while out.
    const aglioOnMenu = await menuItem(PASTA, aglio.id);
    expect(aglioOnMenu.unavailable).toBe(false);
    const baconOption = await ctx.database.db
      .select({ id: modifierOptions.id })
      .from(modifierOptions)
      .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
      .where(and(eq(modifierGroups.menuItemId, aglio.id), eq(modifierOptions.name, 'Boczek')));
    const options = aglioOnMenu.groups.flatMap((g) => g.options);
    expect(options.find((o) => o.id === baconOption[0]!.id)).toMatchObject({ unavailable: true });
    expect(options.some((o) => !o.unavailable)).toBe(true);
    const withBacon = await request(ctx, '/api/basket/items', {
      method: 'POST',
      body: JSON.stringify({ menuItemId: aglio.id, quantity: 1, optionIds: [...aglio.optionIds, baconOption[0]!.id] }),
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    });
    expect(withBacon.status).toBe(400);
    expect(await withBacon.json()).toMatchObject({ error: 'productUnavailable' });

    const back = await call('PUT', `/api/admin/kitchen/${PASTA}/ingredients/${bacon}`, staff, { outOfStock: false });
    expect(back.status).toBe(200);
    for (const basket of [bolognese, burger])
      expect((await basketOf(basket.basketId)).lines[0]).toMatchObject({ unavailable: false });
    const placed = await checkout(bolognese);
    expect(placed.status, JSON.stringify(await placed.clone().json())).toBe(201);
    const placedBurger = await checkout(burger);
    expect(placedBurger.status, JSON.stringify(await placedBurger.clone().json())).toBe(201);

    const audited = await ctx.database.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ingredient'), eq(auditLog.entityId, String(bacon))))
      .orderBy(auditLog.at);
    expect(audited.map((a) => (a.data as { outOfStock: boolean }).outOfStock)).toEqual([true, false]);
  });

  it('is switched only by the staff of its own kitchen', async () => {
    const wola = await session('kitchenStaff', 'warszawa-wola');
    const mokotow = await session('kitchenStaff', 'warszawa-mokotow');
    const bacon = await ingredientAt('warszawa-mokotow', 'Boczek');
    const kyivBacon = await ingredientAt('kyiv-podil', 'Boczek');
    // Another kitchen's board: refused before anything is read.
    expect(
      (await call('PUT', `/api/admin/kitchen/${PASTA}/ingredients/${bacon}`, wola, { outOfStock: true })).status,
    ).toBe(403);
    // Its own board, another kitchen's ingredient: not found there.
    expect(
      (await call('PUT', `/api/admin/kitchen/${PASTA}/ingredients/${kyivBacon}`, mokotow, { outOfStock: true })).status,
    ).toBe(404);
    const [row] = await ctx.database.db
      .select({ out: kitchenIngredients.outOfStock })
      .from(kitchenIngredients)
      .where(eq(kitchenIngredients.id, kyivBacon));
    expect(row!.out).toBe(false);
    // The board lists its kitchen's ingredients, every brand's.
    const list = (await (await call('GET', `/api/admin/kitchen/${PASTA}/ingredients`, mokotow)).json()) as {
      ingredients: { id: number; names: { pl: string; en?: string; ua?: string } }[];
    };
    expect(list.ingredients.find((i) => i.id === bacon)?.names).toEqual({ pl: 'Boczek', en: 'Bacon', ua: 'Бекон' });
    // Editing the list is the admin's, who may switch stock from the admin too.
    expect((await call('GET', '/api/admin/ingredients/locations/1', mokotow)).status).toBe(401);
    const admin = await session('admin');
    const fromAdmin = await call('PUT', `/api/admin/ingredients/stock/${kyivBacon}`, admin, { outOfStock: true });
    expect(fromAdmin.status).toBe(200);
    expect(((await fromAdmin.json()) as { ingredient: { outOfStock: boolean } }).ingredient.outOfStock).toBe(true);
    const kyivBaconDish = await ctx.database.db
      .select({ out: menuItems.ingredientsOut })
      .from(menuItems)
      .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
      .where(
        and(
          eq(restaurants.slug, 'bao-house-kyiv-podil'),
          sql`${menuItems.translations}->'pl'->>'name' = 'Bao z boczkiem'`,
        ),
      );
    expect(kyivBaconDish[0]?.out).toBe(true);
    expect((await call('PUT', `/api/admin/ingredients/stock/${kyivBacon}`, admin, { outOfStock: false })).status).toBe(
      200,
    );
  });
});

describe('a dish’s allergens from its ingredients', () => {
  it('follow the ingredients it lists in the menu editor, and their changes in the admin', async () => {
    const admin = await session('admin');
    const [pasta] = await ctx.database.db.select().from(restaurants).where(eq(restaurants.slug, PASTA));
    const created = await call('POST', `/api/admin/ingredients/locations/${pasta!.locationId}`, admin, {
      names: { pl: 'Pesto', en: 'Pesto', ua: 'Песто' },
      allergens: { contains: ['milk', 'nuts'], mayContain: [] },
    });
    expect(created.status).toBe(201);
    const pesto = ((await created.json()) as { ingredient: { id: number } }).ingredient.id;
    const mozzarella = await ingredientAt('warszawa-mokotow', 'Mozzarella');

    const menu = (await (await call('GET', `/api/admin/menu/restaurants/${pasta!.id}`, admin)).json()) as {
      categories: { items: Record<string, unknown>[] }[];
    };
    const caprese = menu.categories.flatMap((c) => c.items).find((i) => i['name'] === 'Caprese')!;
    const body = {
      categoryId: caprese['categoryId'],
      name: caprese['name'],
      description: caprese['description'],
      translations: caprese['translations'],
      price: caprese['price'],
      photo: caprese['photo'] ?? '',
      resetPrices: caprese['resetPrices'],
      unavailable: false,
      position: caprese['position'],
      groups: [],
      // Sent by hand and wrong: the ingredients decide.
      allergens: { contains: ['fish'], mayContain: [] },
      ingredientIds: [mozzarella, pesto],
    };
    const saved = await call('PUT', `/api/admin/menu/items/${String(caprese['id'])}`, admin, body);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { item: { allergens: unknown } }).item.allergens).toEqual({
      contains: ['milk', 'nuts'],
      mayContain: [],
    });
    // Another kitchen's ingredient cannot be listed.
    const kyivBacon = await ingredientAt('kyiv-podil', 'Boczek');
    const foreign = await call('PUT', `/api/admin/menu/items/${String(caprese['id'])}`, admin, {
      ...body,
      ingredientIds: [kyivBacon],
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ error: 'validation', details: { ingredientIds: 'notFound' } });

    // The ingredient's allergens change: the dish follows at once, on the shop's menu too.
    const edited = await call('PUT', `/api/admin/ingredients/${pesto}`, admin, {
      names: { pl: 'Pesto', en: 'Pesto', ua: 'Песто' },
      allergens: { contains: ['milk'], mayContain: ['nuts'] },
    });
    expect(edited.status).toBe(200);
    const shop = (await menuItem(PASTA, caprese['id'] as number)) as unknown as { allergens: unknown };
    expect(shop.allergens).toEqual({ contains: ['milk'], mayContain: ['nuts'] });

    const listing = (await (await call('GET', `/api/admin/ingredients/restaurants/${pasta!.id}`, admin)).json()) as {
      items: Record<string, number[]>;
    };
    expect(listing.items[String(caprese['id'])]?.sort()).toEqual([mozzarella, pesto].sort());

    // Deleted: the dish no longer lists it; its allergens stay those last derived until it is edited.
    expect((await call('DELETE', `/api/admin/ingredients/${pesto}`, admin)).status).toBe(204);
    const after = (await (await call('GET', `/api/admin/ingredients/restaurants/${pasta!.id}`, admin)).json()) as {
      items: Record<string, number[]>;
    };
    expect(after.items[String(caprese['id'])]).toEqual([mozzarella]);
    expect(((await menuItem(PASTA, caprese['id'] as number)) as unknown as { allergens: unknown }).allergens).toEqual({
      contains: ['milk'],
      mayContain: [],
    });
  });
});
