// A brand's shared modifier groups (issue 38, decision 058): defined once, attached to many dishes as ordinary
// groups that follow every edit of the definition, with the baskets holding their options.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, concepts, restaurants } from '#db/schema/index.ts';
import { callWithBasket, useTestApp, type BasketJar } from '../helpers/app.ts';
import { staffApi } from '../helpers/staff-api.ts';

const ctx = useTestApp({ TRUST_PROXY: '1' });
// Midday on a Wednesday in Warsaw: the seeded kitchens are open.
const NOON_WARSAW = new Date('2025-06-04T10:00:00Z');

const { send, signIn: login, asAdmin, json } = staffApi(ctx);

type Option = { id: number; name: string; price: number };
type Group = { id: number; name: string; min: number; max: number; options: Option[]; brandGroupId?: number | null };
type Item = { id: number; name: string; groups: Group[] } & Record<string, unknown>;
type Menu = { categories: { id: number; name: string; items: Item[] }[]; brand: { id: number; groups: Group[] } };
type BrandGroup = Group & {
  currency: string;
  translations: Record<string, { name?: string }>;
  attachedTo: { itemId: number; restaurantId: number }[];
};

const restaurantId = async (slug: string) => {
  const [row] = await ctx.database.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.slug, slug));
  return row!.id;
};
const conceptId = async (slug: string) => {
  const [row] = await ctx.database.db.select({ id: concepts.id }).from(concepts).where(eq(concepts.slug, slug));
  return row!.id;
};
const adminMenu = async (id: number, admin: string) =>
  json<Menu>(await send('GET', `/api/admin/menu/restaurants/${id}`, undefined, admin));
const shopItems = async (slug: string) =>
  (
    await json<{ categories: { items: { id: number; groups: Group[] }[] }[] }>(
      await send('GET', `/api/restaurants/${slug}`),
    )
  ).categories.flatMap((c) => c.items);
const shopGroup = async (slug: string, itemId: number, name: string) =>
  (await shopItems(slug)).find((i) => i.id === itemId)!.groups.find((g) => g.name === name);

const sauces = (options: { id?: number; name: string; price: number }[], patch: Record<string, unknown> = {}) => ({
  name: 'Sosy',
  translations: { pl: { name: 'Sosy' }, en: { name: 'Sauces' }, ua: { name: 'Соуси' } },
  required: false,
  min: 0,
  max: 2,
  options: options.map((o) => ({ ...o, translations: {}, unavailable: false })),
  ...patch,
});

/** Two dishes of the restaurant without groups of their own, so the copies are easy to find. */
const twoDishes = (menu: Menu) => {
  const dishes = menu.categories.flatMap((c) => c.items).filter((i) => i.groups.length === 0);
  expect(dishes.length).toBeGreaterThanOrEqual(2);
  return [dishes[0]!, dishes[1]!] as const;
};

describe('brand modifier groups', () => {
  it('the demo brands share a few groups, one definition per currency, each on several dishes', async () => {
    const admin = await asAdmin();
    const listed = await json<{ groups: BrandGroup[] }>(
      await send('GET', `/api/admin/menu/brands/${await conceptId('pasta-fresca')}/groups`, undefined, admin),
    );
    const extras = listed.groups.filter((g) => g.attachedTo.length >= 2);
    expect(extras.map((g) => g.currency).sort()).toEqual(['PLN', 'UAH']);
    const polish = extras.find((g) => g.currency === 'PLN')!;
    expect(polish).toMatchObject({ name: 'Dodatki', translations: { en: { name: 'Extras' } } });
    expect(polish.translations).toHaveProperty('ua.name');
  });

  it('a group attached to two dishes follows every edit, and a basket holding its option keeps working', async () => {
    ctx.setNow(NOON_WARSAW);
    const admin = await asAdmin();
    const brand = await conceptId('pasta-fresca');
    const mokotow = await restaurantId('pasta-fresca-warszawa-mokotow');
    const [first, second] = twoDishes(await adminMenu(mokotow, admin));

    const created = await send(
      'POST',
      `/api/admin/menu/brands/${brand}/groups`,
      {
        ...sauces([
          { name: 'Czosnkowy', price: 300 },
          { name: 'Pomidorowy', price: 200 },
        ]),
        currency: 'PLN',
      },
      admin,
    );
    expect(created.status).toBe(201);
    const group = (await json<{ group: BrandGroup }>(created)).group;
    expect(group.options.map((o) => [o.name, o.price])).toEqual([
      ['Czosnkowy', 300],
      ['Pomidorowy', 200],
    ]);

    const attached = await send(
      'POST',
      `/api/admin/menu/brand-groups/${group.id}/attach`,
      { itemIds: [first.id, second.id] },
      admin,
    );
    expect(await json(attached)).toEqual({ attached: [first.id, second.id], already: [] });
    // Attaching again leaves the one copy each dish holds.
    const again = await send('POST', `/api/admin/menu/brand-groups/${group.id}/attach`, { itemIds: [first.id] }, admin);
    expect(await json(again)).toEqual({ attached: [], already: [first.id] });

    // The customer sees the options on both dishes.
    for (const dish of [first, second]) {
      const shown = await shopGroup('pasta-fresca-warszawa-mokotow', dish.id, 'Sosy');
      expect(shown?.options.map((o) => [o.name, o.price])).toEqual([
        ['Czosnkowy', 300],
        ['Pomidorowy', 200],
      ]);
    }

    // A customer puts the first dish with the garlic sauce in the basket.
    const copy = (await shopGroup('pasta-fresca-warszawa-mokotow', first.id, 'Sosy'))!;
    const garlic = copy.options.find((o) => o.name === 'Czosnkowy')!;
    const jar: BasketJar = { cookie: '' };
    const added = await callWithBasket(ctx, jar, '/api/basket/items', {
      method: 'POST',
      body: { menuItemId: first.id, quantity: 1, optionIds: [garlic.id] },
    });
    expect(added.status).toBe(200);

    // The operator renames the garlic sauce, raises its price, drops the tomato one and adds a third.
    const [garlicDef, tomatoDef] = group.options;
    const edited = await send(
      'PUT',
      `/api/admin/menu/brand-groups/${group.id}`,
      sauces(
        [
          { id: garlicDef!.id, name: 'Czosnkowy domowy', price: 350 },
          { name: 'Ostry', price: 250 },
        ],
        { max: 1 },
      ),
      admin,
    );
    expect(edited.status).toBe(200);
    const editedAnswer = await json<{ copies: number; group: BrandGroup }>(edited);
    expect(editedAnswer.copies).toBe(2);
    expect(tomatoDef).toBeDefined();

    for (const dish of [first, second]) {
      const shown = (await shopGroup('pasta-fresca-warszawa-mokotow', dish.id, 'Sosy'))!;
      expect(shown.max).toBe(1);
      expect(shown.options.map((o) => [o.name, o.price])).toEqual([
        ['Czosnkowy domowy', 350],
        ['Ostry', 250],
      ]);
    }
    // The garlic option kept its id: the basket's line is still orderable, at the new price.
    const afterEdit = (await shopGroup('pasta-fresca-warszawa-mokotow', first.id, 'Sosy'))!;
    expect(afterEdit.options[0]!.id).toBe(garlic.id);
    const basket = await json<{ lines: { menuItemId: number; unavailable: boolean; unitPrice: number }[] }>(
      await callWithBasket(ctx, jar, '/api/basket'),
    );
    const line = basket.lines.find((l) => l.menuItemId === first.id)!;
    expect(line.unavailable).toBe(false);
    expect(line.unitPrice).toBe((first['price'] as number) + 350);

    // Dropping the garlic sauce too leaves the line unavailable, as deleting an option in the item form does.
    const dropped = await send(
      'PUT',
      `/api/admin/menu/brand-groups/${group.id}`,
      sauces([{ name: 'Ostry', price: 250, id: editedAnswer.group.options[1]!.id }]),
      admin,
    );
    expect(dropped.status).toBe(200);
    const lost = await json<{ lines: { menuItemId: number; unavailable: boolean }[] }>(
      await callWithBasket(ctx, jar, '/api/basket'),
    );
    expect(lost.lines.find((l) => l.menuItemId === first.id)!.unavailable).toBe(true);

    // Detached from the second dish: it no longer offers the sauces; the first still does.
    const detached = await send(
      'POST',
      `/api/admin/menu/brand-groups/${group.id}/detach`,
      { itemIds: [second.id] },
      admin,
    );
    expect(await json(detached)).toEqual({ detached: [second.id] });
    expect(await shopGroup('pasta-fresca-warszawa-mokotow', second.id, 'Sosy')).toBeUndefined();
    expect(await shopGroup('pasta-fresca-warszawa-mokotow', first.id, 'Sosy')).toBeDefined();

    const listed = await json<{ groups: BrandGroup[] }>(
      await send('GET', `/api/admin/menu/brands/${brand}/groups`, undefined, admin),
    );
    const mine = listed.groups.find((g) => g.id === group.id)!;
    expect(mine.attachedTo.map((a) => a.itemId)).toEqual([first.id]);

    const audited = await ctx.database.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.entity, 'brandModifierGroup'));
    expect(audited.map((a) => a.action)).toEqual([
      'brandModifierGroup.created',
      'brandModifierGroup.updated',
      'brandModifierGroup.updated',
    ]);

    // Deleting the definition takes the copy off the first dish too.
    expect((await send('DELETE', `/api/admin/menu/brand-groups/${group.id}`, undefined, admin)).status).toBe(200);
    expect(await shopGroup('pasta-fresca-warszawa-mokotow', first.id, 'Sosy')).toBeUndefined();
  });

  it('the item form keeps a copy as the definition says, attaches one by its brand group and detaches by leaving it out', async () => {
    const admin = await asAdmin();
    const brand = await conceptId('pasta-fresca');
    const mokotow = await restaurantId('pasta-fresca-warszawa-mokotow');
    const [dish] = twoDishes(await adminMenu(mokotow, admin));
    const group = (
      await json<{ group: BrandGroup }>(
        await send(
          'POST',
          `/api/admin/menu/brands/${brand}/groups`,
          { ...sauces([{ name: 'Czosnkowy', price: 300 }]), currency: 'PLN' },
          admin,
        ),
      )
    ).group;
    // The editor lists the brand's groups to attach.
    expect((await adminMenu(mokotow, admin)).brand.groups.map((g) => g.id)).toContain(group.id);

    const { id: _id, ...body } = dish;
    const put = (groups: unknown[]) =>
      send('PUT', `/api/admin/menu/items/${dish.id}`, { ...body, photo: body['photo'] ?? '', groups }, admin);
    // Attached in the item form: the body's texts are not read, the definition's are.
    const attached = await put([
      { ...sauces([{ name: 'ignored', price: 1 }]), name: 'ignored', brandGroupId: group.id },
    ]);
    expect(attached.status).toBe(200);
    const copy = (await json<{ item: Item }>(attached)).item.groups[0]!;
    expect(copy).toMatchObject({ name: 'Sosy', brandGroupId: group.id });
    expect(copy.options.map((o) => [o.name, o.price])).toEqual([['Czosnkowy', 300]]);

    // An edit of the copy's content in the item form is not taken: the copy follows its definition only.
    const kept = await put([{ ...copy, name: 'Changed', options: copy.options.map((o) => ({ ...o, price: 9999 })) }]);
    expect(kept.status).toBe(200);
    expect((await json<{ item: Item }>(kept)).item.groups[0]).toMatchObject({ name: 'Sosy', id: copy.id });
    expect((await shopGroup('pasta-fresca-warszawa-mokotow', dish.id, 'Sosy'))!.options[0]!.price).toBe(300);

    // The same brand group twice is refused.
    const twice = await put([copy, { ...sauces([{ name: 'x', price: 0 }]), brandGroupId: group.id }]);
    expect(await twice.json()).toMatchObject({ error: 'validation', details: { 'groups.1.brandGroupId': 'invalid' } });

    // Left out of the list, the copy is detached.
    expect((await put([])).status).toBe(200);
    expect(await shopGroup('pasta-fresca-warszawa-mokotow', dish.id, 'Sosy')).toBeUndefined();
  });

  it('copying the menu to another restaurant of the brand keeps the link; the copy follows the next edit', async () => {
    const admin = await asAdmin();
    const brand = await conceptId('pasta-fresca');
    const mokotow = await restaurantId('pasta-fresca-warszawa-mokotow');
    const gdansk = await restaurantId('pasta-fresca-gdansk-wrzeszcz');
    const menu = await adminMenu(mokotow, admin);
    const [dish] = twoDishes(menu);
    const category = menu.categories.find((c) => c.items.some((i) => i.id === dish.id))!;
    const group = (
      await json<{ group: BrandGroup }>(
        await send(
          'POST',
          `/api/admin/menu/brands/${brand}/groups`,
          { ...sauces([{ name: 'Czosnkowy', price: 300 }]), currency: 'PLN' },
          admin,
        ),
      )
    ).group;
    await send('POST', `/api/admin/menu/brand-groups/${group.id}/attach`, { itemIds: [dish.id] }, admin);

    const exported = await json<{ categories: { items: { name: string; groups: { brandGroupId?: number }[] }[] }[] }>(
      await send('GET', `/api/admin/menu/restaurants/${mokotow}/export?format=json`, undefined, admin),
    );
    const exportedDish = exported.categories.flatMap((c) => c.items).find((i) => i.name === dish.name)!;
    expect(exportedDish.groups.map((g) => g.brandGroupId)).toEqual([group.id]);

    const copied = await send(
      'POST',
      `/api/admin/menu/restaurants/${mokotow}/copy`,
      { targetRestaurantIds: [gdansk], categoryId: category.id, overwrite: 'sameName' },
      admin,
    );
    expect(copied.status).toBe(200);
    const target = (await adminMenu(gdansk, admin)).categories
      .find((c) => c.name === category.name)!
      .items.find((i) => i.name === dish.name)!;
    expect(target.groups.map((g) => g.brandGroupId)).toEqual([group.id]);

    await send(
      'PUT',
      `/api/admin/menu/brand-groups/${group.id}`,
      sauces([{ id: group.options[0]!.id, name: 'Czosnkowy', price: 450 }]),
      admin,
    );
    const shown = (await shopGroup('pasta-fresca-gdansk-wrzeszcz', target.id, 'Sosy'))!;
    expect(shown.options.map((o) => o.price)).toEqual([450]);
  });

  it('answers bad input with its key', async () => {
    const admin = await asAdmin();
    const brand = await conceptId('pasta-fresca');
    const unsatisfiable = await send(
      'POST',
      `/api/admin/menu/brands/${brand}/groups`,
      { ...sauces([{ name: 'Czosnkowy', price: 300 }], { min: 2 }), currency: 'PLN' },
      admin,
    );
    expect(unsatisfiable.status).toBe(400);
    expect(await unsatisfiable.json()).toMatchObject({ error: 'validation', details: { min: 'outOfRange' } });
    const negative = await send(
      'POST',
      `/api/admin/menu/brands/${brand}/groups`,
      { ...sauces([{ name: 'Czosnkowy', price: -1 }]), currency: 'PLN' },
      admin,
    );
    expect(await negative.json()).toMatchObject({
      error: 'validation',
      details: { 'options.0.price': expect.any(String) },
    });

    const group = (
      await json<{ group: BrandGroup }>(
        await send(
          'POST',
          `/api/admin/menu/brands/${brand}/groups`,
          { ...sauces([{ name: 'Czosnkowy', price: 300 }]), currency: 'PLN' },
          admin,
        ),
      )
    ).group;
    const kyiv = twoDishes(await adminMenu(await restaurantId('pasta-fresca-kyiv-podil'), admin))[0];
    const otherBrand = (await adminMenu(await restaurantId('smash-club-warszawa-mokotow'), admin)).categories[0]!
      .items[0]!;
    const itemIds = [kyiv.id, 99999999, otherBrand.id];
    const refused = await send('POST', `/api/admin/menu/brand-groups/${group.id}/attach`, { itemIds }, admin);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'validation',
      details: {
        'itemIds.0': 'currencyMismatch',
        'itemIds.1': 'notFound',
        'itemIds.2': 'otherBrand',
      },
    });

    const foreignOption = await send(
      'PUT',
      `/api/admin/menu/brand-groups/${group.id}`,
      sauces([{ id: 99999999, name: 'Czosnkowy', price: 300 }]),
      admin,
    );
    expect(await foreignOption.json()).toMatchObject({ error: 'validation', details: { 'options.0.id': 'notFound' } });
    expect(
      (await send('PUT', '/api/admin/menu/brand-groups/99999999', sauces([{ name: 'x', price: 0 }]), admin)).status,
    ).toBe(404);
  });

  it('a kitchen manager edits a brand group of their kitchens, not one attached to another kitchen’s dish', async () => {
    const admin = await asAdmin();
    const manager = await login('manager@example.com', 'manager-demo-2026');
    const brand = await conceptId('pasta-fresca');
    expect((await send('GET', `/api/admin/menu/brands/${brand}/groups`, undefined, manager)).status).toBe(200);
    const group = (
      await json<{ group: BrandGroup }>(
        await send(
          'POST',
          `/api/admin/menu/brands/${brand}/groups`,
          { ...sauces([{ name: 'Czosnkowy', price: 300 }]), currency: 'PLN' },
          manager,
        ),
      )
    ).group;
    const edit = () =>
      send('PUT', `/api/admin/menu/brand-groups/${group.id}`, sauces([{ name: 'Czosnkowy', price: 100 }]), manager);
    expect((await edit()).status).toBe(200);
    const [gdanskDish] = twoDishes(await adminMenu(await restaurantId('pasta-fresca-gdansk-wrzeszcz'), admin));
    const outside = await send(
      'POST',
      `/api/admin/menu/brand-groups/${group.id}/attach`,
      { itemIds: [gdanskDish.id] },
      manager,
    );
    expect(outside.status).toBe(403);
    await send('POST', `/api/admin/menu/brand-groups/${group.id}/attach`, { itemIds: [gdanskDish.id] }, admin);
    // Now the definition reaches a dish of another kitchen: the manager may no longer change it.
    expect((await edit()).status).toBe(403);
  });
});
