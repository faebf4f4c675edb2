// The brand operator's menu tools (issue 38, decision 058): copy, price change, file export and import, and
// availability windows honoured by the shop's menu and the basket.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, menuCategories, menuItems, modifierGroups, modifierOptions, restaurants } from '#db/schema/index.ts';
import { callWithBasket, useTestApp, type BasketJar } from '../helpers/app.ts';
import { staffApi } from '../helpers/staff-api.ts';

const ctx = useTestApp({ TRUST_PROXY: '1' });
// Midday on a Wednesday in Warsaw (10:00 UTC in summer time): the seeded kitchens are open.
const NOON_WARSAW = new Date('2025-06-04T10:00:00Z');
const EIGHT_WARSAW = new Date('2025-06-04T06:00:00Z');

const { send, asAdmin, json } = staffApi(ctx);

type Item = {
  id: number;
  categoryId: number;
  name: string;
  price: number;
  photo: string | null;
  availability: { from: string; to: string } | null;
  groups: { id: number; name: string; options: { id: number; name: string; price: number }[] }[];
};
type Menu = {
  restaurant: { id: number; currency: string };
  categories: { id: number; name: string; availability: unknown; items: Item[] }[];
  brandRestaurants: { id: number; name: string }[];
};

const idOf = async (slug: string) => {
  const [row] = await ctx.database.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.slug, slug));
  return row!.id;
};
const menuOf = async (id: number, admin: string) =>
  json<Menu>(await send('GET', `/api/admin/menu/restaurants/${id}`, undefined, admin));

/** Everything of a restaurant's active menu that a copy must not touch, as rows. */
async function snapshot(restaurantId: number) {
  const categories = await ctx.database.db
    .select()
    .from(menuCategories)
    .where(eq(menuCategories.restaurantId, restaurantId))
    .orderBy(menuCategories.id);
  const items = await ctx.database.db
    .select()
    .from(menuItems)
    .where(eq(menuItems.restaurantId, restaurantId))
    .orderBy(menuItems.id);
  const groups =
    items.length === 0
      ? []
      : await ctx.database.db
          .select()
          .from(modifierGroups)
          .where(
            inArray(
              modifierGroups.menuItemId,
              items.map((i) => i.id),
            ),
          )
          .orderBy(modifierGroups.id);
  const options =
    groups.length === 0
      ? []
      : await ctx.database.db
          .select()
          .from(modifierOptions)
          .where(
            inArray(
              modifierOptions.groupId,
              groups.map((g) => g.id),
            ),
          )
          .orderBy(modifierOptions.id);
  return { categories, items, groups, options };
}

describe('admin menu tools', () => {
  it('copying a menu leaves the source untouched and creates independent rows', async () => {
    const admin = await asAdmin();
    const source = await idOf('pasta-fresca-warszawa-mokotow');
    const target = await idOf('pasta-fresca-gdansk-wrzeszcz');
    const before = await snapshot(source);
    const sourceMenu = await menuOf(source, admin);
    expect(sourceMenu.brandRestaurants.map((r) => r.id)).toContain(target);

    const copied = await send(
      'POST',
      `/api/admin/menu/restaurants/${source}/copy`,
      { targetRestaurantIds: [target], overwrite: 'menu' },
      admin,
    );
    expect(copied.status).toBe(200);
    const { results } = await json<{ results: { restaurantId: number; created: number[]; replaced: number[] }[] }>(
      copied,
    );
    expect(results[0]!.created).toHaveLength(sourceMenu.categories.length);

    // The source is as it was, row for row.
    expect(await snapshot(source)).toEqual(before);

    // The target has the same menu, in rows of its own.
    const targetMenu = await menuOf(target, admin);
    const shape = (menu: Menu) =>
      menu.categories.map((c) => ({
        name: c.name,
        items: c.items.map((i) => ({
          name: i.name,
          price: i.price,
          groups: i.groups.map((g) => ({ name: g.name, options: g.options.map((o) => [o.name, o.price]) })),
        })),
      }));
    expect(shape(targetMenu)).toEqual(shape(sourceMenu));
    const ids = (menu: Menu) => ({
      categories: menu.categories.map((c) => c.id),
      items: menu.categories.flatMap((c) => c.items.map((i) => i.id)),
      groups: menu.categories.flatMap((c) => c.items.flatMap((i) => i.groups.map((g) => g.id))),
      options: menu.categories.flatMap((c) =>
        c.items.flatMap((i) => i.groups.flatMap((g) => g.options.map((o) => o.id))),
      ),
    });
    const sourceIds = ids(sourceMenu);
    const targetIds = ids(targetMenu);
    for (const kind of ['categories', 'items', 'groups', 'options'] as const) {
      expect(targetIds[kind].some((id) => sourceIds[kind].includes(id))).toBe(false);
    }

    // Independent: a price changed in the copy leaves the source's dish as it is.
    const copiedItem = targetMenu.categories[0]!.items[0]!;
    const sourceItem = sourceMenu.categories[0]!.items[0]!;
    const changed = await send(
      'PUT',
      `/api/admin/menu/restaurants/${target}/prices`,
      { itemIds: [copiedItem.id], change: { kind: 'amount', value: 500 } },
      admin,
    );
    expect(changed.status).toBe(200);
    const [sourceRow] = await ctx.database.db.select().from(menuItems).where(eq(menuItems.id, sourceItem.id));
    expect(sourceRow!.price).toBe(sourceItem.price);

    // The target's old categories are deleted softly, each with its audit row.
    const audited = await ctx.database.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'menuCategory')));
    for (const id of results[0]!.replaced) {
      expect(audited).toContainEqual({ action: 'menuCategory.deleted', entityId: String(id) });
    }
    for (const id of results[0]!.created) {
      expect(audited).toContainEqual({ action: 'menuCategory.created', entityId: String(id) });
    }
  });

  it('copies one category without overwriting, and refuses another currency, another brand and the source', async () => {
    const admin = await asAdmin();
    const source = await idOf('pasta-fresca-warszawa-mokotow');
    const target = await idOf('pasta-fresca-gdansk-wrzeszcz');
    const kyiv = await idOf('pasta-fresca-kyiv-podil');
    const menu = await menuOf(source, admin);
    const category = menu.categories[0]!;

    const kept = await send(
      'POST',
      `/api/admin/menu/restaurants/${source}/copy`,
      { targetRestaurantIds: [target], categoryId: category.id, overwrite: 'nothing' },
      admin,
    );
    expect(kept.status).toBe(200);
    const { results } = await json<{ results: { created: number[]; skipped: string[] }[] }>(kept);
    // Gdańsk already has a category of that name (the seed gives the brand one menu): nothing is written.
    expect(results[0]).toMatchObject({ created: [], skipped: [category.name] });

    const refused = await send(
      'POST',
      `/api/admin/menu/restaurants/${source}/copy`,
      { targetRestaurantIds: [kyiv, source], overwrite: 'sameName' },
      admin,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'validation',
      details: { 'targetRestaurantIds.1': 'invalid' },
    });
    const otherCurrency = await send(
      'POST',
      `/api/admin/menu/restaurants/${source}/copy`,
      { targetRestaurantIds: [kyiv], overwrite: 'sameName' },
      admin,
    );
    expect(await otherCurrency.json()).toMatchObject({ details: { 'targetRestaurantIds.0': 'invalid' } });
    const wholeForOne = await send(
      'POST',
      `/api/admin/menu/restaurants/${source}/copy`,
      { targetRestaurantIds: [target], categoryId: category.id, overwrite: 'menu' },
      admin,
    );
    expect(await wholeForOne.json()).toMatchObject({ details: { overwrite: 'invalid' } });
  });

  it('changes prices by a percentage or an amount, all or none', async () => {
    const admin = await asAdmin();
    const id = await idOf('pasta-fresca-warszawa-mokotow');
    const items = (await menuOf(id, admin)).categories.flatMap((c) => c.items).slice(0, 3);
    const up = await send(
      'PUT',
      `/api/admin/menu/restaurants/${id}/prices`,
      { itemIds: items.map((i) => i.id), change: { kind: 'percent', value: 10 } },
      admin,
    );
    expect(up.status).toBe(200);
    const { items: changed } = await json<{ items: { id: number; price: number }[] }>(up);
    for (const item of items) {
      expect(changed.find((c) => c.id === item.id)!.price).toBe(Math.round(item.price * 1.1));
    }
    const audit = await ctx.database.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'menuItem'), eq(auditLog.entityId, String(items[0]!.id))));
    expect(audit.at(-1)!.data).toMatchObject({ was: items[0]!.price, price: Math.round(items[0]!.price * 1.1) });

    const tooMuch = await send(
      'PUT',
      `/api/admin/menu/restaurants/${id}/prices`,
      { itemIds: items.map((i) => i.id), change: { kind: 'amount', value: -1_000_000 } },
      admin,
    );
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({ error: 'validation', details: { 'itemIds.0': 'outOfRange' } });
    const [row] = await ctx.database.db.select().from(menuItems).where(eq(menuItems.id, items[0]!.id));
    expect(row!.price).toBe(Math.round(items[0]!.price * 1.1));

    const foreign = await send(
      'PUT',
      `/api/admin/menu/restaurants/${await idOf('pasta-fresca-gdansk-wrzeszcz')}/prices`,
      { itemIds: [items[0]!.id], change: { kind: 'percent', value: 5 } },
      admin,
    );
    expect(await foreign.json()).toMatchObject({ details: { 'itemIds.0': 'notFound' } });
  });

  it('exports the menu as JSON and CSV, and imports the JSON into a restaurant of the same currency only', async () => {
    const admin = await asAdmin();
    const source = await idOf('pasta-fresca-warszawa-mokotow');
    const exported = await send('GET', `/api/admin/menu/restaurants/${source}/export?format=json`, undefined, admin);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('attachment');
    const file = await json<{ currency: string; categories: { name: string; items: unknown[] }[] }>(exported);
    expect(file.currency).toBe('PLN');

    const csv = await send('GET', `/api/admin/menu/restaurants/${source}/export?format=csv`, undefined, admin);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    // With a BOM, so that a spreadsheet reads ą and ї right (text() drops it while decoding).
    expect([...new Uint8Array(await csv.clone().arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('category,dish,description,price,currency,vat_rate,available,hours,modifier_groups');
    expect(lines).toHaveLength(1 + file.categories.reduce((sum, c) => sum + c.items.length, 0));

    const kyiv = await idOf('pasta-fresca-kyiv-podil');
    const wrong = await send(
      'POST',
      `/api/admin/menu/restaurants/${kyiv}/import`,
      { file, overwrite: 'sameName' },
      admin,
    );
    expect(await wrong.json()).toMatchObject({ error: 'validation', details: { 'file.currency': 'invalid' } });

    const target = await idOf('pasta-fresca-gdansk-wrzeszcz');
    const renamed = { ...file, categories: [{ ...file.categories[0]!, name: 'Z importu' }] };
    const imported = await send(
      'POST',
      `/api/admin/menu/restaurants/${target}/import`,
      { file: renamed, overwrite: 'nothing' },
      admin,
    );
    expect(imported.status).toBe(200);
    const after = await menuOf(target, admin);
    expect(after.categories.find((c) => c.name === 'Z importu')!.items).toHaveLength(file.categories[0]!.items.length);
  });

  it('a dish served 7–11 shows its hours in the shop, and the basket takes it only inside them', async () => {
    const admin = await asAdmin();
    const id = await idOf('pasta-fresca-warszawa-mokotow');
    const menu = await menuOf(id, admin);
    const item = menu.categories.flatMap((c) => c.items).find((i) => i.groups.length === 0)!;
    const full = (
      await json<Menu>(await send('GET', `/api/admin/menu/restaurants/${id}`, undefined, admin))
    ).categories.flatMap((c) => c.items as unknown as Record<string, unknown>[]);
    const { id: _id, ...body } = full.find((i) => i['id'] === item.id)!;
    const put = await send(
      'PUT',
      `/api/admin/menu/items/${item.id}`,
      { ...body, photo: body['photo'] ?? '', availability: { from: '07:00', to: '11:00' } },
      admin,
    );
    expect(put.status).toBe(200);
    expect((await json<{ item: Item }>(put)).item.availability).toEqual({ from: '07:00', to: '11:00' });

    const shop = await json<{ categories: { items: { id: number; availability?: unknown }[] }[] }>(
      await send('GET', '/api/restaurants/pasta-fresca-warszawa-mokotow'),
    );
    const shown = shop.categories.flatMap((c) => c.items).find((i) => i.id === item.id)!;
    expect(shown.availability).toEqual([{ from: '07:00', to: '11:00' }]);

    const jar: BasketJar = { cookie: '' };
    ctx.setNow(NOON_WARSAW);
    const late = await callWithBasket(ctx, jar, '/api/basket/items', {
      method: 'POST',
      body: { menuItemId: item.id, quantity: 1 },
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: 'productUnavailable' });

    ctx.setNow(EIGHT_WARSAW);
    const early = await callWithBasket(ctx, jar, '/api/basket/items', {
      method: 'POST',
      body: { menuItemId: item.id, quantity: 1 },
    });
    expect(early.status).toBe(200);

    // At noon the line is still in the basket, marked unavailable, so checkout refuses it.
    ctx.setNow(NOON_WARSAW);
    const basket = await json<{ lines: { menuItemId: number; unavailable: boolean }[] }>(
      await callWithBasket(ctx, jar, '/api/basket'),
    );
    expect(basket.lines.find((l) => l.menuItemId === item.id)!.unavailable).toBe(true);

    const refused = await send(
      'PUT',
      `/api/admin/menu/items/${item.id}`,
      { ...body, photo: body['photo'] ?? '', availability: { from: '07:00', to: '07:00' } },
      admin,
    );
    expect(await refused.json()).toMatchObject({ error: 'validation', details: { 'availability.to': 'outOfRange' } });
  });
});

type KitchenLists = {
  location: { id: number };
  ingredients: { id: number; names: { pl: string }; outOfStock: boolean }[];
  items: Record<string, number[]>;
  options: Record<string, number[]>;
};

describe('a menu’s ingredients travel with a copy and a file (decision 064)', () => {
  const listsOf = async (id: number, admin: string) =>
    json<KitchenLists>(await send('GET', `/api/admin/ingredients/restaurants/${id}`, undefined, admin));
  /** Each dish's ingredient names (Polish, sorted), by dish name, for the dishes that list some. */
  const namesByDish = (menu: Menu, lists: KitchenLists) => {
    const name = new Map(lists.ingredients.map((i) => [i.id, i.names.pl]));
    return Object.fromEntries(
      menu.categories.flatMap((c) =>
        c.items
          .filter((i) => (lists.items[String(i.id)] ?? []).length > 0)
          .map((i) => [i.name, lists.items[String(i.id)]!.map((id) => name.get(id)).sort()]),
      ),
    );
  };

  it('a copy to a restaurant of another kitchen lists the same ingredients there, its own, and its dish goes out alone', async () => {
    const admin = await asAdmin();
    const source = await idOf('pasta-fresca-warszawa-mokotow');
    const target = await idOf('pasta-fresca-gdansk-wrzeszcz');
    const sourceLists = await listsOf(source, admin);
    const sourceNames = namesByDish(await menuOf(source, admin), sourceLists);
    expect(Object.keys(sourceNames).length).toBeGreaterThan(0);

    const copied = await send(
      'POST',
      `/api/admin/menu/restaurants/${source}/copy`,
      { targetRestaurantIds: [target], overwrite: 'menu' },
      admin,
    );
    expect(copied.status).toBe(200);
    const targetLists = await listsOf(target, admin);
    const targetMenu = await menuOf(target, admin);
    expect(targetLists.location.id).not.toBe(sourceLists.location.id);
    expect(namesByDish(targetMenu, targetLists)).toEqual(sourceNames);
    // The target kitchen's own rows: none of the source kitchen's ids, one row per name.
    const listedIds = Object.values(targetLists.items).flat();
    expect(listedIds.some((id) => sourceLists.ingredients.some((i) => i.id === id))).toBe(false);
    const names = targetLists.ingredients.map((i) => i.names.pl.toLowerCase());
    expect(new Set(names).size).toBe(names.length);

    // Switched off at the target's kitchen, the copied dish is out there and the source's dish stays on.
    const [dishName, [ingredientName]] = Object.entries(sourceNames)[0]! as [string, string[]];
    const ingredient = targetLists.ingredients.find((i) => i.names.pl === ingredientName)!;
    const off = await send('PUT', `/api/admin/ingredients/stock/${ingredient.id}`, { outOfStock: true }, admin);
    expect(off.status).toBe(200);
    const dishIn = async (restaurantId: number) => {
      const menu = await menuOf(restaurantId, admin);
      const item = menu.categories.flatMap((c) => c.items).find((i) => i.name === dishName)!;
      const [row] = await ctx.database.db.select().from(menuItems).where(eq(menuItems.id, item.id));
      return row!;
    };
    expect((await dishIn(target)).ingredientsOut).toBe(true);
    expect((await dishIn(source)).ingredientsOut).toBe(false);
    await send('PUT', `/api/admin/ingredients/stock/${ingredient.id}`, { outOfStock: false }, admin);
  });

  it('an exported file carries the ingredients, and importing it lists them; an id the file does not hold is refused', async () => {
    const admin = await asAdmin();
    const source = await idOf('pasta-fresca-warszawa-mokotow');
    const exported = await send('GET', `/api/admin/menu/restaurants/${source}/export?format=json`, undefined, admin);
    const file = await json<{
      categories: { name: string; items: { name: string; ingredientIds?: number[] }[] }[];
      ingredients?: { id: number; names: { pl: string } }[];
    }>(exported);
    expect(file.ingredients?.length).toBeGreaterThan(0);
    const category = file.categories.find((c) => c.items.some((i) => i.ingredientIds))!;

    const target = await idOf('pasta-fresca-gdansk-wrzeszcz');
    const renamed = { ...file, categories: [{ ...category, name: 'Ze składnikami' }] };
    const imported = await send(
      'POST',
      `/api/admin/menu/restaurants/${target}/import`,
      { file: renamed, overwrite: 'nothing' },
      admin,
    );
    expect(imported.status).toBe(200);
    const menu = await menuOf(target, admin);
    const lists = await listsOf(target, admin);
    const importedCategory = menu.categories.find((c) => c.name === 'Ze składnikami')!;
    const fileName = new Map(file.ingredients!.map((i) => [i.id, i.names.pl]));
    const kitchenName = new Map(lists.ingredients.map((i) => [i.id, i.names.pl]));
    for (const [index, item] of category.items.entries()) {
      const written = importedCategory.items[index]!;
      expect((lists.items[String(written.id)] ?? []).map((id) => kitchenName.get(id)).sort()).toEqual(
        (item.ingredientIds ?? []).map((id) => fileName.get(id)).sort(),
      );
    }

    const broken = {
      ...renamed,
      categories: [{ ...category, items: [{ ...category.items[0]!, ingredientIds: [999_999] }] }],
    };
    const refused = await send(
      'POST',
      `/api/admin/menu/restaurants/${target}/import`,
      { file: broken, overwrite: 'nothing' },
      admin,
    );
    expect(await refused.json()).toMatchObject({
      error: 'validation',
      details: { 'file.categories.0.items.0.ingredientIds': 'notFound' },
    });
  });
});
