import { existsSync } from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basketItems, menuItems, orderItems, restaurants } from '#db/schema/index.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { SYSTEM } from '#server/services/actor.ts';
import type { KitchenTicket } from '#server/services/admin/orders/load-ticket.ts';
import { changeOrderStatus } from '#server/services/orders/change-status.ts';
import type { OrderView } from '#server/services/orders/view.ts';
import TicketPaper from '#app/admin/tickets/TicketPaper.tsx';
import { callWithBasket, request, useTestApp } from '../helpers/app.ts';
import { startMailCatcher } from '../helpers/mail.ts';
import {
  allConsents,
  holdNotifications,
  makeBasket,
  plainDishes,
  orderStatus,
  PL,
  placeOrder,
  plCustomer,
} from '../helpers/orders.ts';

// Issue 35: one order, lines of several brands cooked at one kitchen. Mokotów cooks Pasta Fresca, Smash Club, Pierogi
// Babci and Sushi Kaizen; an order is made with two lines of Pasta Fresca, and one of them is then given to Sushi
// Kaizen's restaurant there, as place-order writes it for a basket shared across brands.
const SUSHI = 'sushi-kaizen-warszawa-mokotow';

const ctx = useTestApp();
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail.close());
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

type Placed = { id: string; displayId: string; token: string };

async function restaurantId(slug: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.slug, slug));
  return row!.id;
}

/**
 * A Blik order at Pasta Fresca Mokotów with two lines (two plain dishes). With `sushi`, its second line is Sushi
 * Kaizen's before the payment comes in, so the confirmation (queued by the payment) reads the order as it is.
 */
async function placed({ sushi }: { sushi: boolean }): Promise<Placed> {
  const { db } = ctx.database;
  const b = await makeBasket(db, { quantity: 4 });
  const [second] = await plainDishes(db, b.restaurantId, { except: [b.menuItemId] });
  await db.insert(basketItems).values({ basketId: b.basketId, menuItemId: second!.id, quantity: 2 });
  const held = holdNotifications(ctx);
  const response = await placeOrder(ctx, b.basketId, {
    ...plCustomer,
    zip: b.zip,
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '123456',
    lang: 'pl',
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { order: OrderView; accessToken: string };
  expect(body.order.items).toHaveLength(2);
  if (sushi) {
    const [, line] = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, body.order.id))
      .orderBy(asc(orderItems.id));
    await db
      .update(orderItems)
      .set({ restaurantId: await restaurantId(SUSHI) })
      .where(eq(orderItems.id, line!.id));
  }
  await held.release();
  return { id: body.order.id, displayId: body.order.displayId, token: body.accessToken };
}

async function login(email: string, password: string) {
  const response = await request(ctx, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}
const asKitchen = () => login('kitchen@example.com', 'kitchen-demo-2026');

type BoardCard = OrderView & { alarm: boolean };

async function boardCard(cookie: string, orderId: string, board = PL): Promise<BoardCard | undefined> {
  const response = await request(ctx, `/api/admin/kitchen/${board}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const queue = (await response.json()) as { orders: BoardCard[] };
  return queue.orders.find((o) => o.id === orderId);
}

async function ticket(cookie: string, orderId: string): Promise<KitchenTicket> {
  const response = await request(ctx, `/api/admin/orders/${orderId}/ticket`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ticket: KitchenTicket }).ticket;
}

/** What the printed paper says, as its print view renders it (in Polish, the kitchen's language here). */
const paperText = (paper: KitchenTicket, kind: 'kitchen' | 'packing') =>
  renderToStaticMarkup(createElement(TicketPaper, { ticket: paper, kind, locale: 'pl', now: Temporal.Now.instant() }));

const brandsOf = (order: Pick<OrderView, 'brands'>) => order.brands.map((b) => b.conceptName);

describe('an order two brands of one kitchen cook', () => {
  it('is one order whose view lists the brands in the lines’ order, each line with its brand', async () => {
    const order = await placed({ sushi: true });
    const view = (await orderStatus(ctx, order.id, order.token)) as OrderView;
    expect(view.status).toBe('new');
    expect(view.restaurant.slug).toBe(PL);
    expect(brandsOf(view)).toEqual(['Pasta Fresca', 'Sushi Kaizen']);
    expect(view.brands.map((b) => b.restaurantId)).toEqual([await restaurantId(PL), await restaurantId(SUSHI)]);
    expect(view.brands[1]).toMatchObject({
      restaurantSlug: SUSHI,
      conceptSlug: 'sushi-kaizen',
      look: { colour: '#1b2a41', onColour: '#ffffff', logo: '/logos/sushi-kaizen.svg' },
    });
    expect(view.items.map((i) => [i.restaurantId, i.brand.conceptName])).toEqual([
      [await restaurantId(PL), 'Pasta Fresca'],
      [await restaurantId(SUSHI), 'Sushi Kaizen'],
    ]);
    expect(view.items[1]!.brand.restaurantName).toBe('Sushi Kaizen Warszawa Mokotów');
  });

  it('shows on the kitchen board as one card carrying each line’s brand and both brands’ colours', async () => {
    const order = await placed({ sushi: true });
    const card = (await boardCard(await asKitchen(), order.id))!;
    expect(brandsOf(card)).toEqual(['Pasta Fresca', 'Sushi Kaizen']);
    expect(card.items.map((i) => i.brand.conceptSlug)).toEqual(['pasta-fresca', 'sushi-kaizen']);
    expect(card.brands.every((b) => b.look !== null && /^#[0-9a-f]{6}$/i.test(b.look.colour))).toBe(true);
  });

  it('is on the board of each brand cooking part of it, and only theirs; either board silences its alarm', async () => {
    const order = await placed({ sushi: true });
    const cookie = await asKitchen();
    const onSushi = await boardCard(cookie, order.id, SUSHI);
    expect(onSushi && brandsOf(onSushi)).toEqual(['Pasta Fresca', 'Sushi Kaizen']);
    expect(onSushi!.alarm).toBe(true);
    expect(await boardCard(cookie, order.id, 'smash-club-warszawa-mokotow')).toBeUndefined();
    expect(
      (
        await request(ctx, `/api/admin/kitchen/smash-club-warszawa-mokotow/orders/${order.id}/acknowledge`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie },
        })
      ).status,
    ).toBe(404);
    const acknowledged = await request(ctx, `/api/admin/kitchen/${SUSHI}/orders/${order.id}/acknowledge`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie },
    });
    expect(acknowledged.status).toBe(200);
    expect((await boardCard(cookie, order.id))!.alarm).toBe(false);
  });

  it('prints the ticket and the packing slip with each brand’s lines under its name', async () => {
    const order = await placed({ sushi: true });
    const paper = await ticket(await asKitchen(), order.id);
    expect(paper.brands.map((b) => b.conceptName)).toEqual(['Pasta Fresca', 'Sushi Kaizen']);
    expect(paper.lines.map((l) => l.restaurantId)).toEqual(paper.brands.map((b) => b.restaurantId));
    const [pasta, sushi] = paper.lines.map((l) => l.name);
    for (const kind of ['kitchen', 'packing'] as const) {
      const html = paperText(paper, kind);
      expect(html).toContain('<p class="ticket-brand">Pasta Fresca, Sushi Kaizen</p>');
      const pastaAt = html.indexOf('<p class="ticket-brand-name">Pasta Fresca</p>');
      const sushiAt = html.indexOf('<p class="ticket-brand-name">Sushi Kaizen</p>');
      expect(pastaAt, kind).toBeGreaterThan(-1);
      expect(sushiAt, kind).toBeGreaterThan(pastaAt);
      // Each dish under its own brand's name.
      expect(html.indexOf(pasta!)).toBeGreaterThan(pastaAt);
      expect(html.indexOf(pasta!)).toBeLessThan(sushiAt);
      expect(html.indexOf(sushi!)).toBeGreaterThan(sushiAt);
    }
  });

  it('lists its lines under the brands in the confirmation, and names both brands in the status e-mails', async () => {
    await mail.deliver(ctx.database.db);
    const order = await placed({ sushi: true });
    const [confirmation] = await mail.deliver(ctx.database.db);
    expect(confirmation!.subject).toContain(order.displayId);
    const text = confirmation!.text;
    expect(text).toMatch(/Pasta Fresca:\n1?\d × .+\n.+\nSushi Kaizen:\n\d × /);
    expect(confirmation!.html).toContain('<p style="margin:0 0 4px;font-weight:bold">Sushi Kaizen</p>');

    await changeOrderStatus(ctx.deps, {
      orderId: order.id,
      to: 'processing',
      reason: 'admin',
      actor: SYSTEM,
      now: ctx.deps.now(),
      preparationMinutes: 20,
    });
    const [accepted] = await mail.deliver(ctx.database.db);
    expect(accepted!.text).toContain('Marki w tym zamówieniu: Pasta Fresca, Sushi Kaizen');
    expect(accepted!.html).toContain('Marki w tym zamówieniu: Pasta Fresca, Sushi Kaizen');
  });
});

describe('a shared basket ordered through the shop', () => {
  /** A dish of `restaurant` without options, by its Polish name. */
  async function dish(restaurant: string, name: string) {
    const [item] = await ctx.database.db
      .select({ id: menuItems.id })
      .from(menuItems)
      .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
      .where(and(eq(restaurants.slug, restaurant), eq(menuItems.name, name)));
    if (!item) throw new Error(`no ${name} at ${restaurant}`);
    return item.id;
  }

  it('answers with the view a read gives and confirms it with the lines under their brands', async () => {
    // A Wednesday afternoon: every Mokotów brand is open.
    ctx.setNow(new Date('2026-03-04T16:00:00Z'));
    await mail.deliver(ctx.database.db);
    const jar = { cookie: '' };
    for (const [restaurant, name, quantity] of [
      [SUSHI, 'Nigiri tuńczyk', 2],
      [PL, 'Bruschetta al pomodoro', 3],
      [SUSHI, 'Nigiri łosoś', 1],
    ] as const) {
      const added = await callWithBasket(ctx, jar, '/api/basket/items', {
        method: 'POST',
        body: { menuItemId: await dish(restaurant, name), quantity, optionIds: [] },
      });
      expect(added.status, JSON.stringify(await added.clone().json())).toBe(200);
    }
    // The Blik payment held pending: the answer is the view place-order makes of what it wrote, not a read.
    const held = holdNotifications(ctx);
    const response = await placeOrder(ctx, jar.cookie.replace(/^basket=/, ''), {
      ...plCustomer,
      zip: '02-715',
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
      lang: 'en',
    });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    const { order, accessToken } = (await response.json()) as { order: OrderView; accessToken: string };
    expect(brandsOf(order)).toEqual(['Sushi Kaizen', 'Pasta Fresca']);
    expect(order.items.map((i) => i.brand.conceptName)).toEqual(['Sushi Kaizen', 'Pasta Fresca', 'Sushi Kaizen']);
    expect(order.payment?.status).toBe('pending');
    expect(await orderStatus(ctx, order.id, accessToken)).toEqual(JSON.parse(JSON.stringify(order)));

    await held.release();
    const [confirmation] = await mail.deliver(ctx.database.db);
    expect(confirmation!.text).toMatch(
      /Sushi Kaizen:\n2 × Nigiri tuńczyk .+\n.+\n1 × Nigiri łosoś .+\n.+\nPasta Fresca:\n3 × /,
    );
  });
});

describe('an ordinary order of one brand', () => {
  it('names its one brand in the data, and no screen, paper or e-mail adds brand headings', async () => {
    await mail.deliver(ctx.database.db);
    const order = await placed({ sushi: false });
    const view = (await orderStatus(ctx, order.id, order.token)) as OrderView;
    expect(brandsOf(view)).toEqual(['Pasta Fresca']);
    expect(view.items.every((i) => i.restaurantId === view.brands[0]!.restaurantId)).toBe(true);

    const [confirmation] = await mail.deliver(ctx.database.db);
    expect(confirmation!.text).not.toContain('Pasta Fresca:');
    expect(confirmation!.html).not.toContain('font-weight:bold">Pasta Fresca</p>');

    const cookie = await asKitchen();
    expect(brandsOf((await boardCard(cookie, order.id))!)).toEqual(['Pasta Fresca']);
    expect(await boardCard(cookie, order.id, SUSHI)).toBeUndefined();
    const paper = await ticket(cookie, order.id);
    const html = paperText(paper, 'packing');
    expect(html).toContain('<p class="ticket-brand">Pasta Fresca</p>');
    expect(html).not.toContain('ticket-brand-name');

    await changeOrderStatus(ctx.deps, {
      orderId: order.id,
      to: 'processing',
      reason: 'admin',
      actor: SYSTEM,
      now: ctx.deps.now(),
      preparationMinutes: 20,
    });
    const [accepted] = await mail.deliver(ctx.database.db);
    expect(accepted!.text).not.toContain('Marki w tym zamówieniu');
  });
});

// The page is Astro's server bundle (dist/server/entry.mjs), which a build writes; the browser tests cover it live.
describe.skipIf(!existsSync('dist/server/entry.mjs'))('the status page', () => {
  it('lists the lines under each brand for an order of two, in each language', async () => {
    const order = await placed({ sushi: true });
    for (const [locale, label] of [
      ['pl', 'Marki'],
      ['en', 'Brands'],
      ['ua', 'Бренди'],
    ] as const) {
      const response = await request(ctx, pathFor('status', locale, { orderId: order.id, token: order.token }));
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<dt[^>]*>${label}</dt>\\s*<dd[^>]*>Pasta Fresca, Sushi Kaizen</dd>`));
      const pastaAt = html.search(/data-brand="pasta-fresca"/);
      const sushiAt = html.search(/data-brand="sushi-kaizen"/);
      expect(pastaAt).toBeGreaterThan(-1);
      expect(sushiAt).toBeGreaterThan(pastaAt);
      expect(html).toContain('style="--brand-colour:#1b2a41"');
    }
  });

  it('keeps an ordinary order’s one plain list', async () => {
    const order = await placed({ sushi: false });
    const html = await (await request(ctx, pathFor('status', 'en', { orderId: order.id, token: order.token }))).text();
    expect(html).not.toContain('data-brand=');
    expect(html).not.toMatch(/<dt[^>]*>Brands<\/dt>/);
  });
});
