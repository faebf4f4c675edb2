import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { deliveryZones, emailOutbox, menuItems, orderItems, restaurants, users } from '#db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { callWithBasket, request, useTestApp, type BasketJar } from '../helpers/app.ts';
import { PL, placeOrder, UA, uaCustomer } from '../helpers/orders.ts';

// Issue 36: the fourteen EU allergen groups on every dish and option, kept on the order's lines, carried by every
// answer that shows a dish or a line (shop, admin, bot).
const ctx = useTestApp();
// Midday on a Wednesday: every seeded restaurant is open.
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

type Info = { contains: string[]; mayContain: string[] } | null;
type Option = { id: number; name: string; allergens: Info; [key: string]: unknown };
type Group = { id: number; name: string; options: Option[]; [key: string]: unknown };
type Item = { id: number; name: string; allergens: Info; groups: Group[]; [key: string]: unknown };
type Menu = { categories: { items: Item[] }[] };

const json = async <T>(response: Response) => (await response.json()) as T;
const itemsOf = (menu: Menu) => menu.categories.flatMap((c) => c.items);
const byName = (items: Item[], name: string) => {
  const item = items.find((i) => i.name === name);
  if (!item) throw new Error(`no ${name} in ${items.map((i) => i.name).join(', ')}`);
  return item;
};
const optionOf = (item: Item, name: string) => item.groups.flatMap((g) => g.options).find((o) => o.name === name)!;
const shopMenu = async (slug: string, lang?: string) =>
  itemsOf(await json<Menu>(await request(ctx, `/api/restaurants/${slug}${lang ? `?lang=${lang}` : ''}`)));

async function sessionOf(role: 'admin') {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ email: `${role}-${crypto.randomUUID()}@example.com`, passwordHash: 'x', role, activatedAt: new Date() })
    .returning({ id: users.id });
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user!.id });
  return `${SESSION_COOKIE}=${token}`;
}
const asAdmin = (method: string, path: string, cookie: string, body?: unknown) =>
  request(ctx, path, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie },
  });

describe('allergens on the menu', () => {
  it('every dish and option carries its groups, in each language; a dish without data answers null, not none', async () => {
    const carbonaraId = byName(await shopMenu(PL), 'Spaghetti Carbonara').id;
    for (const lang of ['pl', 'en', 'ua']) {
      const items = await shopMenu(PL, lang);
      const carbonara = items.find((i) => i.id === carbonaraId)!;
      expect(carbonara.allergens).toEqual({ contains: ['eggs', 'milk'], mayContain: [] });
      expect(items.find((i) => i.allergens === null)).toBeTruthy();
      expect(items.some((i) => i.allergens !== null && i.allergens.contains.length === 0)).toBe(true);
      const shapes = carbonara.groups.flatMap((g) => g.options.map((o) => o.allergens));
      expect(shapes).toContainEqual({ contains: ['gluten', 'eggs'], mayContain: [] });
      expect(shapes).toContainEqual({ contains: [], mayContain: ['eggs'] });
    }
    // The Polish menu's carpaccio has no data: "ask the restaurant".
    expect(byName(await shopMenu(PL), 'Carpaccio wołowe').allergens).toBeNull();
    // A Kyiv restaurant's menu, written in Ukrainian, carries the same data.
    const kyiv = await shopMenu(UA, 'ua');
    expect(byName(kyiv, 'Едамаме з сіллю').allergens).toEqual({ contains: ['soybeans'], mayContain: [] });
  });

  it('the database refuses a group that is not one of the fourteen, and half-given data', async () => {
    const [item] = await ctx.database.db.select({ id: menuItems.id }).from(menuItems).limit(1);
    await expect(
      ctx.database.db
        .update(menuItems)
        .set({ allergens: ['garlic' as 'gluten'], mayContain: [] })
        .where(eq(menuItems.id, item!.id)),
    ).rejects.toThrow();
    await expect(
      ctx.database.db
        .update(menuItems)
        .set({ allergens: ['milk'], mayContain: null })
        .where(eq(menuItems.id, item!.id)),
    ).rejects.toThrow();
  });
});

describe('allergens in the admin menu form', () => {
  it('are edited for an item and its options, checked, kept when left out, and cleared to "not given" with null', async () => {
    const cookie = await sessionOf('admin');
    const [restaurant] = await ctx.database.db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.slug, PL));
    const menu = await json<Menu>(await asAdmin('GET', `/api/admin/menu/restaurants/${restaurant!.id}`, cookie));
    const { id, photo, ...carbonara } = byName(itemsOf(menu), 'Spaghetti Carbonara');
    const save = (body: Record<string, unknown>) =>
      asAdmin('PUT', `/api/admin/menu/items/${id}`, cookie, { ...carbonara, photo: photo ?? '', ...body });
    expect(carbonara.allergens).toEqual({ contains: ['eggs', 'milk'], mayContain: [] });

    const unknownGroup = await save({ allergens: { contains: ['garlic'], mayContain: [] } });
    expect(unknownGroup.status).toBe(400);
    const both = await save({ allergens: { contains: ['milk'], mayContain: ['milk'] } });
    expect(both.status).toBe(400);
    expect((await json<{ details: Record<string, string> }>(both)).details).toEqual({
      'allergens.mayContain': 'invalid',
    });
    const twice = await save({
      groups: carbonara.groups.map((g, gi) => ({
        ...g,
        options: g.options.map((o, oi) =>
          gi === 0 && oi === 0 ? { ...o, allergens: { contains: ['gluten', 'gluten'], mayContain: [] } } : o,
        ),
      })),
    });
    expect(twice.status).toBe(400);
    expect((await json<{ details: Record<string, string> }>(twice)).details).toEqual({
      'groups.0.options.0.allergens.contains': 'invalid',
    });

    // Saved in the fourteen's order; an option's data set to "not given".
    const saved = await save({
      allergens: { contains: ['milk', 'eggs', 'celery'], mayContain: ['nuts'] },
      groups: carbonara.groups.map((g, gi) => ({
        ...g,
        options: g.options.map((o, oi) => (gi === 0 && oi === 0 ? { ...o, allergens: null } : o)),
      })),
    });
    expect(saved.status).toBe(200);
    let shown = byName(await shopMenu(PL), 'Spaghetti Carbonara');
    expect(shown.allergens).toEqual({ contains: ['eggs', 'milk', 'celery'], mayContain: ['nuts'] });
    expect(shown.groups[0]!.options[0]!.allergens).toBeNull();

    // A body without them (an older client) keeps what the item has.
    const { allergens: _left, ...withoutAllergens } = carbonara;
    const kept = await asAdmin('PUT', `/api/admin/menu/items/${id}`, cookie, { ...withoutAllergens, photo: '' });
    expect(kept.status).toBe(200);
    shown = byName(await shopMenu(PL), 'Spaghetti Carbonara');
    expect(shown.allergens).toEqual({ contains: ['eggs', 'milk', 'celery'], mayContain: ['nuts'] });

    expect((await save({ allergens: null })).status).toBe(200);
    expect(byName(await shopMenu(PL), 'Spaghetti Carbonara').allergens).toBeNull();
  });
});

describe('allergens on an order', () => {
  it('each line keeps the dish’s with its chosen options’ as ordered, shown by the order, the e-mail and the basket', async () => {
    // The Kyiv kitchen's menu, read with its Polish names.
    const items = await shopMenu(UA, 'pl');
    const ramen = byName(items, 'Tonkotsu ramen');
    const egg = optionOf(ramen, 'Jajko marynowane');
    const mild = optionOf(ramen, 'Łagodny');
    const bowl = byName(items, 'Miska z tofu');
    const jar: BasketJar = { cookie: '' };
    const add = (menuItemId: number, optionIds: number[]) =>
      callWithBasket(ctx, jar, '/api/basket/items', { method: 'POST', body: { menuItemId, quantity: 2, optionIds } });
    expect((await add(ramen.id, [mild.id, egg.id])).status).toBe(200);
    // A dish whose data is not given: its line is "ask the restaurant".
    await ctx.database.db.update(menuItems).set({ allergens: null, mayContain: null }).where(eq(menuItems.id, bowl.id));
    expect((await add(bowl.id, [])).status).toBe(200);

    // The ramen's own trace (eggs) is contained once the marinated egg is chosen.
    expect(ramen.allergens).toEqual({ contains: ['gluten', 'soybeans', 'sesame'], mayContain: ['eggs'] });
    const union = { contains: ['gluten', 'eggs', 'soybeans', 'sesame'], mayContain: [] };
    const basket = await json<{ lines: { allergens: Info }[] }>(await callWithBasket(ctx, jar, '/api/basket'));
    expect(basket.lines.map((l) => l.allergens)).toEqual([union, null]);

    const [{ zips }] = (await ctx.database.db
      .select({ zips: deliveryZones.zips })
      .from(deliveryZones)
      .innerJoin(restaurants, eq(restaurants.id, deliveryZones.restaurantId))
      .where(eq(restaurants.slug, UA))) as [{ zips: string[] }];
    const response = await placeOrder(ctx, jar.cookie.replace('basket=', ''), {
      ...uaCustomer,
      zip: zips[0],
      consents: { orderWithObligation: true },
      paymentMethod: 'cashOnDelivery',
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { order, accessToken } = await json<{ order: { id: string }; accessToken: string }>(response);

    // The menu changes after the order: the order keeps what was ordered.
    await ctx.database.db
      .update(menuItems)
      .set({ allergens: ['fish'], mayContain: [] })
      .where(eq(menuItems.id, ramen.id));
    const view = await json<{ order: { items: { allergens: Info }[] } }>(
      await request(ctx, `/api/orders/${order.id}?token=${encodeURIComponent(accessToken)}`),
    );
    expect(view.order.items.map((i) => i.allergens)).toEqual([union, null]);
    const stored = await ctx.database.db
      .select({ allergens: orderItems.allergens, mayContain: orderItems.mayContain })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(stored).toEqual([
      { allergens: ['gluten', 'eggs', 'soybeans', 'sesame'], mayContain: [] },
      { allergens: null, mayContain: null },
    ]);

    // The confirmation, in Ukrainian for a Kyiv order, names them per line.
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'orderConfirmation'));
    expect(mail!.text).toContain('Алергени: Глютен, Яйця, Соя, Кунжут');
    expect(mail!.text).toContain('Алергени: запитайте в ресторані');
    expect(mail!.html).toContain('Алергени: Глютен, Яйця, Соя, Кунжут');
  });
});

describe('allergens in the bot’s menu', () => {
  it('every item and option of the bot’s menu carries them', async () => {
    const cookie = await sessionOf('admin');
    const created = await json<{ key: string }>(
      await asAdmin('POST', '/api/admin/bot-keys', cookie, { name: 'Allergen bot' }),
    );
    const response = await request(ctx, `/api/bot/restaurants/${PL}/menu?lang=en`, {
      headers: { authorization: `Bearer ${created.key}` },
    });
    expect(response.status).toBe(200);
    const items = itemsOf(await json<Menu>(response));
    expect(
      items.every((i) => 'allergens' in i && i.groups.every((g) => g.options.every((o) => 'allergens' in o))),
    ).toBe(true);
    expect(byName(items, 'Spaghetti Carbonara').allergens).toEqual({ contains: ['eggs', 'milk'], mayContain: [] });
    expect(items.some((i) => i.allergens === null)).toBe(true);
  });
});
