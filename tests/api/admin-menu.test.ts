import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, restaurants } from '#db/schema/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { staffApi } from '../helpers/staff-api.ts';

const ctx = useTestApp({ TRUST_PROXY: '1' });

const { send, signIn: asRole, asAdmin, json } = staffApi(ctx);

type Option = { id?: number; name: string; translations: object; price: number; unavailable: boolean };
type Group = { id?: number; name: string; translations: object; required: boolean; min: number; max: number };
type Item = {
  id: number;
  categoryId: number;
  name: string;
  description: string;
  translations: object;
  price: number;
  photo: string | null;
  resetPrices: boolean;
  unavailable: boolean;
  position: number;
  groups: (Group & { options: Option[] })[];
};
type Menu = {
  restaurant: { id: number; currency: string };
  categories: { id: number; name: string; position: number; items: Item[] }[];
};
type ShopMenu = {
  categories: {
    id: number;
    name: string;
    items: { id: number; name: string; desc: string; price: number; unavailable: boolean; groups: Group[] }[];
  }[];
};

/** The item as its edit form sends it back: every field, no id. */
const body = ({ id: _id, photo, ...item }: Item, overrides: Partial<Item> = {}) => ({
  ...item,
  photo: photo ?? '',
  ...overrides,
});

async function seededRestaurant() {
  const [row] = await ctx.database.db
    .select({ id: restaurants.id, slug: restaurants.slug })
    .from(restaurants)
    .where(eq(restaurants.slug, 'pasta-fresca-warszawa-mokotow'));
  return row!;
}

const shopItems = async (slug: string, lang = '') =>
  (
    await json<ShopMenu>(await send('GET', `/api/restaurants/${slug}${lang ? `?lang=${lang}` : ''}`))
  ).categories.flatMap((c) => c.items.map((i) => ({ ...i, category: c.name })));

const audits = (entity: string, entityId: number) =>
  ctx.database.db
    .select({ action: auditLog.action, actor: auditLog.actorUserId })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))));

describe('admin menu', () => {
  it("edits a price and an item's availability, and the shop's menu shows both on its next request", async () => {
    const admin = await asAdmin();
    const { id, slug } = await seededRestaurant();
    // The shop's menu is built and cached under the current version before the admin writes.
    const before = await shopItems(slug);
    const [first, second] = before;

    const menu = await json<Menu>(await send('GET', `/api/admin/menu/restaurants/${id}`, undefined, admin));
    const items = menu.categories.flatMap((c) => c.items);
    const edited = items.find((i) => i.id === first!.id)!;
    expect(edited.price).toBe(first!.price);

    const put = await send(
      'PUT',
      `/api/admin/menu/items/${edited.id}`,
      body(edited, { price: edited.price + 150 }),
      admin,
    );
    expect(put.status).toBe(200);
    const sold = await send('PUT', `/api/admin/menu/items/${second!.id}/availability`, { unavailable: true }, admin);
    expect(sold.status).toBe(200);

    const after = await shopItems(slug);
    expect(after.find((i) => i.id === first!.id)!.price).toBe(first!.price + 150);
    expect(after.find((i) => i.id === second!.id)!.unavailable).toBe(true);
    expect((await audits('menuItem', edited.id)).map((a) => a.action)).toEqual(['menuItem.updated']);
    expect(await audits('menuItem', second!.id)).toHaveLength(1);
  });

  it('adds a category and an item with a modifier group in several languages, then deletes them', async () => {
    const admin = await asAdmin();
    const { id, slug } = await seededRestaurant();
    await shopItems(slug);

    const category = await send(
      'POST',
      `/api/admin/menu/restaurants/${id}/categories`,
      { name: 'Desery', translations: { en: { name: 'Desserts' }, ua: { name: '' } }, position: 99 },
      admin,
    );
    expect(category.status).toBe(201);
    const { category: created } = await json<{ category: { id: number; translations: object } }>(category);
    expect(created.translations).toEqual({ en: { name: 'Desserts' } });

    const added = await send(
      'POST',
      `/api/admin/menu/restaurants/${id}/items`,
      {
        categoryId: created.id,
        name: 'Tiramisu',
        description: 'Z mascarpone',
        translations: { en: { name: 'Tiramisu', desc: 'With mascarpone' } },
        price: 1900,
        photo: '',
        resetPrices: false,
        unavailable: false,
        position: 0,
        groups: [
          {
            name: 'Posypka',
            translations: { en: { name: 'Topping' } },
            required: true,
            min: 1,
            max: 1,
            options: [
              { name: 'Kakao', translations: { en: { name: 'Cocoa' } }, price: 0, unavailable: false },
              { name: 'Pistacje', translations: {}, price: 400, unavailable: false },
            ],
          },
        ],
      },
      admin,
    );
    expect(added.status).toBe(201);
    const { item } = await json<{ item: Item }>(added);

    const english = await shopItems(slug, 'en');
    const shown = english.find((i) => i.id === item.id)!;
    expect(shown).toMatchObject({ category: 'Desserts', name: 'Tiramisu', desc: 'With mascarpone', price: 1900 });
    expect(shown.groups.map((g) => [g.name, g.required, g.min, g.max])).toEqual([['Topping', true, 1, 1]]);

    // Editing the group: the first option kept (by id) with a new price, the second removed, a third added.
    const [group] = item.groups;
    const [cocoa] = group!.options;
    const edited = await send(
      'PUT',
      `/api/admin/menu/items/${item.id}`,
      body(item, {
        groups: [
          {
            ...group!,
            options: [
              { ...cocoa!, price: 100 },
              { name: 'Wiórki', translations: {}, price: 200, unavailable: true },
            ],
          },
        ],
      }),
      admin,
    );
    expect(edited.status).toBe(200);
    const { item: after } = await json<{ item: Item }>(edited);
    expect(after.groups[0]!.id).toBe(group!.id);
    expect(after.groups[0]!.options.map((o) => [o.id === cocoa!.id, o.name, o.price, o.unavailable])).toEqual([
      [true, 'Kakao', 100, false],
      [false, 'Wiórki', 200, true],
    ]);

    expect((await send('DELETE', `/api/admin/menu/items/${item.id}`, undefined, admin)).status).toBe(200);
    expect((await shopItems(slug)).some((i) => i.id === item.id)).toBe(false);
    expect((await send('DELETE', `/api/admin/menu/items/${item.id}`, undefined, admin)).status).toBe(404);
    expect((await send('DELETE', `/api/admin/menu/categories/${created.id}`, undefined, admin)).status).toBe(200);
    const menu = await json<Menu>(await send('GET', `/api/admin/menu/restaurants/${id}`, undefined, admin));
    expect(menu.categories.some((c) => c.id === created.id)).toBe(false);
    expect((await audits('menuItem', item.id)).map((a) => a.action).sort()).toEqual([
      'menuItem.created',
      'menuItem.deleted',
      'menuItem.updated',
    ]);
    expect((await audits('menuCategory', created.id)).map((a) => a.action).sort()).toEqual([
      'menuCategory.created',
      'menuCategory.deleted',
    ]);
  });

  it('answers validation with the rule per field, and leaves the menu as it was', async () => {
    const admin = await asAdmin();
    const { id } = await seededRestaurant();
    const menu = await json<Menu>(await send('GET', `/api/admin/menu/restaurants/${id}`, undefined, admin));
    const item =
      menu.categories.flatMap((c) => c.items).find((i) => i.groups.length > 0) ?? menu.categories[0]!.items[0]!;

    const blank = await send(
      'POST',
      `/api/admin/menu/restaurants/${id}/categories`,
      { name: '', translations: {}, position: 0 },
      admin,
    );
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { name: 'notEmpty' },
    });

    const negative = await send('PUT', `/api/admin/menu/items/${item.id}`, body(item, { price: -5 }), admin);
    expect(await negative.json()).toMatchObject({ error: 'validation', details: { price: expect.any(String) } });

    // A category of another restaurant.
    const [other] = await ctx.database.db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.active, true), ne(restaurants.id, id)));
    const otherMenu = await json<Menu>(await send('GET', `/api/admin/menu/restaurants/${other!.id}`, undefined, admin));
    const foreign = await send(
      'PUT',
      `/api/admin/menu/items/${item.id}`,
      body(item, { categoryId: otherMenu.categories[0]!.id }),
      admin,
    );
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { categoryId: 'notFound' },
    });

    const options = [{ name: 'A', translations: {}, price: 0, unavailable: false }];
    const impossible = await send(
      'PUT',
      `/api/admin/menu/items/${item.id}`,
      body(item, { groups: [{ name: 'G', translations: {}, required: true, min: 2, max: 2, options }] }),
      admin,
    );
    expect(await impossible.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { 'groups.0.min': 'outOfRange' },
    });

    // An option id of another item's group.
    const strange = otherMenu.categories.flatMap((c) => c.items).find((i) => i.groups.length > 0);
    expect(strange, 'another restaurant has an item with modifier groups').toBeDefined();
    const stolen = await send(
      'PUT',
      `/api/admin/menu/items/${item.id}`,
      body(item, {
        groups: [
          {
            name: 'G',
            translations: {},
            required: false,
            min: 0,
            max: 1,
            options: [{ ...strange!.groups[0]!.options[0]! }],
          },
        ],
      }),
      admin,
    );
    expect(await stolen.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { 'groups.0.options.0.id': 'notFound' },
    });

    const unchanged = await json<Menu>(await send('GET', `/api/admin/menu/restaurants/${id}`, undefined, admin));
    expect(unchanged).toEqual(menu);
    expect(await audits('menuItem', item.id)).toEqual([]);
  });

  it('is for admins only: a guest and a customer get 401', async () => {
    const { id } = await seededRestaurant();
    const customer = await asRole('user@example.com', 'user-demo-2026');
    const guest = await send('GET', `/api/admin/menu/restaurants/${id}`);
    const user = await send('GET', `/api/admin/menu/restaurants/${id}`, undefined, customer);
    const write = await send('PUT', `/api/admin/menu/items/1/availability`, { unavailable: true }, customer);
    expect([guest.status, user.status, write.status]).toEqual([401, 401, 401]);
  });
});
