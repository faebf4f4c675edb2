import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import {
  baskets,
  discountCodes,
  emailOutbox,
  locations,
  menuItems,
  orders,
  paymentOptions,
  payments,
  restaurants,
} from '#db/schema/index.ts';
import { formatMoney } from '#domain/money.ts';
import { loadPricedBasket } from '#server/services/basket/priced.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';
import { request, useTestApp } from '../helpers/app.ts';
import {
  allConsents,
  makeBasket,
  orderStatus,
  placeOrder,
  plCustomer,
  settle,
  holdNotifications,
  UA,
  uaCustomer,
} from '../helpers/orders.ts';

const ctx = useTestApp();
// Midday on a Wednesday: every seeded restaurant is open, in Warsaw and in Kyiv.
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

describe('place order: a full guest order for each payment method', () => {
  it('cash on delivery in Ukraine: new at once, priced in UAH, confirmation queued, followable with the token', async () => {
    const b = await makeBasket(ctx.database.db, { restaurant: UA });
    const priced = (await loadPricedBasket(ctx.database.db, b.basketId, new Date()))!;
    const response = await placeOrder(ctx, b.basketId, {
      ...uaCustomer,
      zip: b.zip,
      comment: 'Дзвінок не працює 🔔',
      consents: { orderWithObligation: true },
      paymentMethod: 'cashOnDelivery',
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.redirectUrl).toBeNull();
    expect(body.order).toMatchObject({
      status: 'new',
      currency: 'UAH',
      paymentType: 'cash',
      total: priced.summary.totalValue,
      value: priced.summary.productsValue,
      serviceFee: priced.summary.serviceFee,
      groups: { waitingForRestaurantAccept: true, finished: false, selfPickup: false },
      pickupMinutes: 30,
      acceptSecondsLeft: 600,
    });
    expect(body.order.displayId).toBe(b.basketId.slice(-5));
    const [basket] = await ctx.database.db.select().from(baskets).where(eq(baskets.id, b.basketId));
    expect(basket!.status).toBe('created');
    const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'olena@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(body.order.displayId);
    expect((await orderStatus(ctx, body.order.id, body.accessToken)).status).toBe('new');
  });

  it('Blik in Poland: waiting for payment, then new once the signed notification arrives', async () => {
    const b = await makeBasket(ctx.database.db);
    const notifications = holdNotifications(ctx);
    const response = await placeOrder(ctx, b.basketId, {
      ...plCustomer,
      zip: b.zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.order).toMatchObject({ status: 'waiting_for_payment', currency: 'PLN', paymentType: 'online' });
    expect(body.order.groups.waitingForPayment).toBe(true);
    await notifications.release();
    const order = await orderStatus(ctx, body.order.id, body.accessToken);
    expect(order).toMatchObject({ status: 'new', payment: { method: 'blik', status: 'paid' } });
    expect(order.paidAt).not.toBeNull();
    expect(order.acceptSecondsLeft).toBeGreaterThan(0);
  });

  it('Blik with the sandbox’s failing code 777123: the payment failed, the order waits for another payment', async () => {
    const b = await makeBasket(ctx.database.db, { code: 'MINUS15' });
    const [before] = await ctx.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'MINUS15'));
    const body = await (
      await placeOrder(ctx, b.basketId, {
        ...plCustomer,
        zip: b.zip,
        consents: allConsents,
        paymentMethod: 'blik',
        blikCode: '777123',
      })
    ).json();
    // Issue 15: a declined payment no longer cancels the order; the customer may pay again (payment-retry.test.ts).
    expect(body.order).toMatchObject({ status: 'waiting_for_payment', payment: { status: 'failed' } });
    expect(body.order.groups).toMatchObject({ waitingForPayment: true, finished: false, rejected: false });
    // Never paid, so the payment timeout cancels it, and the code's use comes back then.
    ctx.setNow(new Date('2026-03-04T11:15:00Z'));
    await sweepOverdueOrders(ctx.deps);
    expect(await orderStatus(ctx, body.order.id, body.accessToken)).toMatchObject({ status: 'canceled' });
    const [after] = await ctx.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'MINUS15'));
    expect(after!.used).toBe(before!.used);
  });

  it('Google Pay: a sandbox-ok token is charged at once, any other is declined', async () => {
    const ok = await makeBasket(ctx.database.db);
    const paid = await (
      await placeOrder(ctx, ok.basketId, {
        ...plCustomer,
        zip: ok.zip,
        consents: allConsents,
        paymentMethod: 'googlePay',
        googlePayToken: 'sandbox-ok-4111',
      })
    ).json();
    expect(paid.order).toMatchObject({ status: 'new', payment: { status: 'paid' } });
    const bad = await makeBasket(ctx.database.db);
    const declined = await (
      await placeOrder(ctx, bad.basketId, {
        ...plCustomer,
        zip: bad.zip,
        consents: allConsents,
        paymentMethod: 'googlePay',
        googlePayToken: 'tok_declined',
      })
    ).json();
    expect(declined.order).toMatchObject({ status: 'waiting_for_payment', payment: { status: 'failed' } });
    await settle(ctx);
    // The gateway's own notification about the charged payment changes nothing more.
    expect((await orderStatus(ctx, paid.order.id, paid.accessToken)).status).toBe('new');
  });

  it.each([
    ['pay', 'new', 'paid'],
    // The customer's Cancel leaves the order waiting: they may pay again until the payment timeout.
    ['cancel', 'waiting_for_payment', 'canceled'],
  ])(
    'fast transfer: the sandbox bank page, %s, back to the order’s status page',
    async (action, status, paymentStatus) => {
      const b = await makeBasket(ctx.database.db);
      const body = await (
        await placeOrder(ctx, b.basketId, {
          ...plCustomer,
          zip: b.zip,
          consents: allConsents,
          paymentMethod: 'fastTransfer',
          lang: 'en',
        })
      ).json();
      expect(body.order.status).toBe('waiting_for_payment');
      const bank = new URL(body.redirectUrl);
      expect(bank.pathname).toMatch(/^\/sandbox-bank\/[0-9a-f-]{36}$/);
      const page = await request(ctx, bank.pathname + bank.search);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(formatMoney(body.order.total, body.order.currency, 'en'));
      // Issue 11: nobody may take the sandbox bank for a real one.
      expect(html).toContain('SANDBOX — no real money');
      const form = new URLSearchParams({
        action,
        return: bank.searchParams.get('return')!,
        sig: bank.searchParams.get('sig')!,
      });
      const back = await request(ctx, bank.pathname, {
        method: 'POST',
        body: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      });
      expect(back.status).toBe(303);
      const statusPage = new URL(back.headers.get('location')!);
      expect(statusPage.pathname).toBe(`/en/status/${body.order.id}/${body.accessToken}`);
      const order = await orderStatus(ctx, body.order.id, body.accessToken);
      expect(order).toMatchObject({ status, payment: { status: paymentStatus } });
      // A tampered return address is refused rather than followed.
      form.set('return', 'https://evil.example/');
      const tampered = await request(ctx, bank.pathname, {
        method: 'POST',
        body: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      });
      expect(tampered.status).toBe(404);
    },
  );
});

describe('place order: the server prices, the client does not', () => {
  it('ignores prices, totals and items sent by the client', async () => {
    const b = await makeBasket(ctx.database.db, { restaurant: UA, quantity: 3 });
    const priced = (await loadPricedBasket(ctx.database.db, b.basketId, new Date()))!;
    const body = await (
      await placeOrder(ctx, b.basketId, {
        ...uaCustomer,
        zip: b.zip,
        consents: { orderWithObligation: true },
        paymentMethod: 'cardOnDelivery',
        total: 1,
        value: 1,
        deliveryCosts: 0,
        discountValue: 99999,
        items: [{ menuItemId: b.menuItemId, quantity: 50, price: 1 }],
        summary: { totalValue: 1 },
      })
    ).json();
    expect(body.order).toMatchObject({
      total: priced.summary.totalValue,
      value: priced.summary.productsValue,
      deliveryCosts: priced.summary.deliveryValue,
      discountValue: 0,
    });
    expect(body.order.items).toEqual([expect.objectContaining({ quantity: 3, value: priced.lines[0]!.totalPrice })]);
  });
});

describe('place order: a build-your-own item (resetPrices)', () => {
  it('charges the chosen options, not the item, in the basket, the placed order and its view alike', async () => {
    const menu = await (await request(ctx, '/api/restaurants/pasta-fresca-warszawa-mokotow')).json();
    type Item = { id: number; name: string; price: number; resetPrices: boolean; groups: Group[] };
    type Group = { name: string; options: { id: number; name: string; price: number }[] };
    const items: Item[] = menu.categories.flatMap((c: { items: Item[] }) => c.items);
    const build = items.find((i) => i.name === 'Skomponuj swój makaron')!;
    expect(build.resetPrices).toBe(true);
    const option = (group: string, name: string) =>
      build.groups.find((g) => g.name === group)!.options.find((o) => o.name === name)!;
    const pasta = option('Rodzaj makaronu', 'Pappardelle');
    const sauce = option('Sos', 'Carbonara');
    expect([pasta.price, sauce.price]).toEqual([200, 2400]);

    const added = await request(ctx, '/api/basket/items', {
      method: 'POST',
      body: JSON.stringify({ menuItemId: build.id, optionIds: [pasta.id, sauce.id], quantity: 2 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(added.status).toBe(200);
    const basket = await added.json();
    expect(basket.lines[0]).toMatchObject({ unitPrice: 2600, totalPrice: 5200 });
    expect(basket.summary.productsValue).toBe(5200);
    const basketId = /basket=([0-9a-f-]{36})/.exec(added.headers.get('set-cookie')!)![1]!;

    const response = await placeOrder(ctx, basketId, {
      ...plCustomer,
      zip: '02-715',
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
    });
    expect(response.status).toBe(201);
    const placed = await response.json();
    expect(placed.order).toMatchObject({ value: 5200, total: basket.summary.totalValue });
    await settle(ctx);
    const view = await orderStatus(ctx, placed.order.id, placed.accessToken);
    expect(view.status).toBe('new');
    expect(view.value).toBe(5200);
    expect(view.total).toBe(basket.summary.totalValue);
    expect(view.items).toEqual([expect.objectContaining({ quantity: 2, value: 5200 })]);
    expect(view.items[0].mods).toHaveLength(2);
    expect(view.items[0].mods).toEqual(
      expect.arrayContaining([
        { groupName: 'Rodzaj makaronu', name: 'Pappardelle', value: 200 },
        { groupName: 'Sos', name: 'Carbonara', value: 2400 },
      ]),
    );
  });
});

describe('place order: the answer shows the order as stored', () => {
  it('cash on delivery with options on a line: the answer’s order is the one GET /api/orders/:id reads back', async () => {
    const menu = await (await request(ctx, `/api/restaurants/${UA}`)).json();
    type Group = { min: number; max: number; options: { id: number; unavailable?: boolean }[] };
    type Item = { id: number; unavailable?: boolean; groups: Group[] };
    const items: Item[] = menu.categories.flatMap((c: { items: Item[] }) => c.items);
    const withOptions = items.find((i) => !i.unavailable && i.groups.length > 0);
    const plain = items.find((i) => !i.unavailable && i.groups.length === 0);
    if (!withOptions || !plain) throw new Error('the seeded Kyiv menu has no item with options and no plain item');
    const optionIds = withOptions.groups.flatMap((g) =>
      g.options.filter((o) => !o.unavailable).slice(0, Math.min(g.max, Math.max(g.min, 1))),
    );
    const add = (body: object, cookie?: string) =>
      request(ctx, '/api/basket/items', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      });
    const first = await add({ menuItemId: withOptions.id, optionIds: optionIds.map((o) => o.id), quantity: 3 });
    expect(first.status).toBe(200);
    const cookie = /basket=[0-9a-f-]{36}/.exec(first.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie).toBeDefined();
    const second = await add({ menuItemId: plain.id, quantity: 4 }, cookie);
    expect(second.status).toBe(200);
    const basketId = cookie?.slice('basket='.length) ?? null;
    const zip = (await makeBasket(ctx.database.db, { restaurant: UA })).zip;

    const response = await placeOrder(ctx, basketId, {
      ...uaCustomer,
      zip,
      consents: { orderWithObligation: true },
      paymentMethod: 'cashOnDelivery',
    });
    expect(response.status).toBe(201);
    const placed = await response.json();
    expect(placed.order.items).toHaveLength(2);
    expect(placed.order.items[0].mods).toHaveLength(optionIds.length);
    expect(placed.order.items[1].mods).toEqual([]);
    expect(placed.order).toEqual(await orderStatus(ctx, placed.order.id, placed.accessToken));
  });
});

describe("place order: the confirmation e-mail in the order's language", () => {
  const mailTo = async (to: string) => {
    const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    expect(mails).toHaveLength(1);
    return mails[0]!;
  };
  const cashInKyiv = async (lang: string | undefined, email: string) => {
    const b = await makeBasket(ctx.database.db, { restaurant: UA });
    const response = await placeOrder(ctx, b.basketId, {
      ...uaCustomer,
      email,
      zip: b.zip,
      consents: { orderWithObligation: true },
      paymentMethod: 'cashOnDelivery',
      ...(lang ? { lang } : {}),
    });
    expect(response.status).toBe(201);
    return (await response.json()).order as { id: string; displayId: string };
  };
  const blikInWarsaw = async (lang: string | undefined, email: string) => {
    const b = await makeBasket(ctx.database.db);
    const response = await placeOrder(ctx, b.basketId, {
      ...plCustomer,
      email,
      zip: b.zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
      ...(lang ? { lang } : {}),
    });
    expect(response.status).toBe(201);
    // An online order is confirmed once paid, from the order as stored.
    await settle(ctx);
    return (await response.json()).order as { id: string; displayId: string };
  };

  it('writes English for an order placed in English, at a Ukrainian restaurant, on delivery', async () => {
    const order = await cashInKyiv('en', 'en@example.com');
    const mail = await mailTo('en@example.com');
    expect(mail.subject).toBe(`Order ${order.displayId} received – waiting for the restaurant to accept it`);
    expect(mail.text).toContain('Thank you!');
    // Money as an English reader writes it, with the hryvnia sign after it as on the shop's pages.
    expect(mail.text).toMatch(/Total: [\d,]+\.\d{2}\u00a0₴/);
    expect(mail.text).toContain(`/en/status/${order.id}/`);
    expect(mail.html).toContain('>Order status</a>');
  });

  it('writes Ukrainian for an order placed in Ukrainian at a Polish restaurant, paid online', async () => {
    const order = await blikInWarsaw('ua', 'ua@example.com');
    const mail = await mailTo('ua@example.com');
    expect(mail.subject).toBe(`Замовлення ${order.displayId} отримано – очікує на підтвердження ресторану`);
    // As a Ukrainian reader writes it: a decimal comma, the złoty sign after the number.
    expect(mail.text).toMatch(/Разом: [\d\u00a0]+,\d{2}\u00a0zł/);
    expect(mail.text).toContain(`/ua/status/${order.id}/`);
  });

  it('writes English for an online order placed in English', async () => {
    const order = await blikInWarsaw('en', 'en-online@example.com');
    expect((await mailTo('en-online@example.com')).subject).toBe(
      `Order ${order.displayId} received – waiting for the restaurant to accept it`,
    );
  });

  it("is in Pasta Fresca's look for a Pasta Fresca order: its colour, its name in the HTML and in the text", async () => {
    const order = await blikInWarsaw(undefined, 'brand-pl@example.com');
    const mail = await mailTo('brand-pl@example.com');
    // tenants/pasta-fresca/tenant.json: primary #9f1d20, dark enough for white text on it.
    expect(mail.html).toContain('background:#9f1d20;color:#ffffff');
    expect(mail.html).toContain('>Pasta Fresca</strong>');
    expect(mail.html).toMatch(/<img src="http:\/\/[^"]+\/logos\/pasta-fresca\.svg"/);
    expect(mail.html).not.toContain('#6b2d5c');
    expect(mail.text.split('\n')[0]).toBe('Pasta Fresca');
    expect(mail.text).toContain('Smacznego! Zespół Pasta Fresca');
    expect(mail.text).toContain(`/status/${order.id}/`);
  });

  it("is in Bao House's look for a Bao House order, in the order's language", async () => {
    await cashInKyiv('en', 'brand-ua@example.com');
    const mail = await mailTo('brand-ua@example.com');
    expect(mail.html).toContain('background:#6b2d5c;color:#ffffff');
    expect(mail.html).toContain('>Bao House</strong>');
    expect(mail.html).toMatch(/<img src="http:\/\/[^"]+\/logos\/bao-house\.svg"/);
    expect(mail.html).not.toContain('#9f1d20');
    expect(mail.text.split('\n')[0]).toBe('Bao House');
    expect(mail.text).toContain('Enjoy your meal! The Bao House team');
  });

  it("falls back to the restaurant country's language when the order names none", async () => {
    const ua = await cashInKyiv(undefined, 'none-ua@example.com');
    expect((await mailTo('none-ua@example.com')).subject).toBe(
      `Замовлення ${ua.displayId} отримано – очікує на підтвердження ресторану`,
    );
    const pl = await blikInWarsaw(undefined, 'none-pl@example.com');
    const mail = await mailTo('none-pl@example.com');
    expect(mail.subject).toBe(`Zamówienie ${pl.displayId} otrzymane – czeka na przyjęcie przez restaurację`);
    expect(mail.text).toContain(`/status/${pl.id}/`);
  });
});

describe('place order: every error key', () => {
  const valid = (zip: string) => ({
    ...plCustomer,
    zip,
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '123456',
  });

  it('idempotencyKeyRequired without the header or with one too long', async () => {
    const b = await makeBasket(ctx.database.db);
    for (const key of [null, 'x'.repeat(101)]) {
      const response = await placeOrder(ctx, b.basketId, valid(b.zip), key);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'idempotencyKeyRequired' });
    }
  });

  it('basketEmpty without a basket, for an unknown one, and for another user’s', async () => {
    const b = await makeBasket(ctx.database.db);
    for (const cookie of [null, crypto.randomUUID(), 'not-a-uuid']) {
      const response = await placeOrder(ctx, cookie, valid(b.zip));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'basketEmpty' });
    }
    const [user] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select id from users where email = 'user@example.com'`,
    );
    const owned = await makeBasket(ctx.database.db, { userId: user!.id });
    expect(await (await placeOrder(ctx, owned.basketId, valid(owned.zip))).json()).toEqual({
      requestId: expect.any(String),
      error: 'basketEmpty',
    });
  });

  it('validation names the failing rule of each customer field, with the country’s phone and zip rules', async () => {
    const b = await makeBasket(ctx.database.db);
    const response = await placeOrder(ctx, b.basketId, {
      ...valid(b.zip),
      firstname: '  ',
      phone: '0501234567',
      email: 'nope',
      zip: '04070',
      street: undefined,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: {
        firstname: 'notEmpty',
        phone: 'isValidPhoneNo',
        email: 'isValidEmail',
        zip: 'isValidZipCode',
        street: 'notEmpty',
      },
    });
  });

  it('restaurantClosed outside working hours', async () => {
    const b = await makeBasket(ctx.database.db, { restaurant: 'smash-club-warszawa-mokotow' });
    ctx.setNow(new Date('2026-03-04T08:00:00Z')); // a Wednesday, 09:00 in Warsaw: opens at 12:00
    const response = await placeOrder(ctx, b.basketId, valid(b.zip));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('restaurantClosed');
  });

  it('productUnavailable when an item was switched off after it went into the basket', async () => {
    const b = await makeBasket(ctx.database.db);
    await ctx.database.db.update(menuItems).set({ unavailable: true }).where(eq(menuItems.id, b.menuItemId));
    const body = await (await placeOrder(ctx, b.basketId, valid(b.zip))).json();
    expect(body.error).toBe('productUnavailable');
    expect(body.details.problems).toContain('productUnavailable');
  });

  it('minBasketValueError below the restaurant’s minimum', async () => {
    const b = await makeBasket(ctx.database.db, { quantity: 1 });
    const body = await (await placeOrder(ctx, b.basketId, valid(b.zip))).json();
    expect(body.error).toBe('minBasketValueError');
  });

  it('addressOutOfRestaurantsDeliveryArea for a zip and point outside the area; pickup needs no address', async () => {
    const b = await makeBasket(ctx.database.db);
    const body = await (await placeOrder(ctx, b.basketId, { ...valid('31-000'), lat: 50.06, lng: 19.94 })).json();
    expect(body.error).toBe('addressOutOfRestaurantsDeliveryArea');
    const inside = await placeOrder(ctx, b.basketId, { ...valid('31-000'), lat: b.lat, lng: b.lng });
    expect(inside.status).toBe(201);
    const pickup = await makeBasket(ctx.database.db, { deliveryMethod: 'pickup' });
    const { firstname, lastname, phone, email } = plCustomer;
    const response = await placeOrder(ctx, pickup.basketId, {
      firstname,
      lastname,
      phone,
      email,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
    });
    expect(response.status).toBe(201);
    const order = (await response.json()).order;
    expect(order).toMatchObject({ deliveryType: 'pickup', deliveryCosts: 0, groups: { selfPickup: true } });
  });

  it('discountNotActive for an inactive code in the basket', async () => {
    const b = await makeBasket(ctx.database.db, { code: 'ZIMA2025' });
    const body = await (await placeOrder(ctx, b.basketId, valid(b.zip))).json();
    expect(body.error).toBe('discountNotActive');
  });

  it('restaurantLocation / mishmashedLocations for a line now cooked by another brand / by the brand elsewhere', async () => {
    const db = ctx.database.db;
    // At a location that does not share baskets (the demo's Mokotów does: tests/api/shared-basket.test.ts).
    await db.update(locations).set({ sharedBaskets: false });
    const b = await makeBasket(db);
    const [home] = await db.select().from(restaurants).where(eq(restaurants.id, b.restaurantId));
    const [sameBrand] = await db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.conceptId, home!.conceptId), ne(restaurants.id, home!.id)));
    const [otherBrand] = await db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(ne(restaurants.conceptId, home!.conceptId), eq(restaurants.locationId, home!.locationId)));
    const moveItem = (restaurantId: number) =>
      db.update(menuItems).set({ restaurantId }).where(eq(menuItems.id, b.menuItemId));
    await moveItem(sameBrand!.id);
    const elsewhere = await placeOrder(ctx, b.basketId, valid(b.zip));
    expect(elsewhere.status).toBe(409);
    expect((await elsewhere.json()).error).toBe('mishmashedLocations');
    await moveItem(otherBrand!.id);
    const changing = await placeOrder(ctx, b.basketId, valid(b.zip));
    expect(changing.status).toBe(409);
    expect((await changing.json()).error).toBe('restaurantLocation');
    await moveItem(home!.id);
    expect((await placeOrder(ctx, b.basketId, valid(b.zip))).status).toBe(201);
  });

  it('discountCode for a code that is no longer one of the basket’s country', async () => {
    const b = await makeBasket(ctx.database.db, { code: 'WITAJ10' });
    await ctx.database.db.update(discountCodes).set({ country: 'ua' }).where(eq(discountCodes.code, 'WITAJ10'));
    const response = await placeOrder(ctx, b.basketId, valid(b.zip));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('discountCode');
  });

  it('paymentMethodUnavailable: cash on delivery is for the call centre only in Poland', async () => {
    const b = await makeBasket(ctx.database.db);
    const response = await placeOrder(ctx, b.basketId, { ...valid(b.zip), paymentMethod: 'cashOnDelivery' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('paymentMethodUnavailable');
    const ua = await makeBasket(ctx.database.db, { restaurant: UA });
    const online = await placeOrder(ctx, ua.basketId, {
      ...uaCustomer,
      zip: ua.zip,
      consents: allConsents,
      paymentMethod: 'fastTransfer',
    });
    // Allowed by the channel rules, but Ukraine's configured payments list has no fast transfer.
    expect((await online.json()).error).toBe('paymentMethodUnavailable');
  });

  it('paymentMethodUnavailable outside the method’s availability hours, the basket kept for a later try', async () => {
    // Blik in Poland on weekday evenings only; it is Wednesday noon in Warsaw.
    await ctx.database.db
      .update(paymentOptions)
      .set({ availabilityHours: { mondayToFriday: { from: '18:00', to: '22:00' }, saturday: null, sunday: null } })
      .where(and(eq(paymentOptions.country, 'pl'), eq(paymentOptions.name, 'blik')));
    const b = await makeBasket(ctx.database.db);
    const refused = await placeOrder(ctx, b.basketId, valid(b.zip));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('paymentMethodUnavailable');
    const [basket] = await ctx.database.db.select().from(baskets).where(eq(baskets.id, b.basketId));
    expect(basket?.status).toBe('collecting');
    // Another method is unaffected, and the same order goes through at 18:30 in Warsaw.
    const fast = await makeBasket(ctx.database.db);
    expect((await placeOrder(ctx, fast.basketId, { ...valid(fast.zip), paymentMethod: 'fastTransfer' })).status).toBe(
      201,
    );
    ctx.setNow(new Date('2026-03-04T17:30:00Z'));
    expect((await placeOrder(ctx, b.basketId, valid(b.zip))).status).toBe(201);
  });

  it.each([
    ['12a456', 'blikCodeMustBeNumber'],
    ['12345', 'blikCode'],
    [undefined, 'blikCode'],
  ])('Blik code %s → %s', async (blikCode, key) => {
    const b = await makeBasket(ctx.database.db);
    const response = await placeOrder(ctx, b.basketId, { ...valid(b.zip), blikCode });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(key);
  });

  it('consentRequired names the missing consents; Ukraine hides agree1 and agree2', async () => {
    const b = await makeBasket(ctx.database.db);
    const response = await placeOrder(ctx, b.basketId, {
      ...valid(b.zip),
      consents: { agree1: true, orderWithObligation: true },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe('consentRequired');
    expect(body.details.missing).toEqual(['agree2', 'providerTerms']);
  });

  it('idempotencyKeyReused for the same key with another body; basketAlreadyOrdered for a second key', async () => {
    const b = await makeBasket(ctx.database.db);
    const key = crypto.randomUUID();
    expect((await placeOrder(ctx, b.basketId, valid(b.zip), key)).status).toBe(201);
    const reused = await placeOrder(ctx, b.basketId, { ...valid(b.zip), comment: 'changed' }, key);
    expect(reused.status).toBe(409);
    expect(await reused.json()).toEqual({ requestId: expect.any(String), error: 'idempotencyKeyReused' });
    const again = await placeOrder(ctx, b.basketId, valid(b.zip));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ requestId: expect.any(String), error: 'basketAlreadyOrdered' });
  });

  it('validation for a body that is not an order', async () => {
    const b = await makeBasket(ctx.database.db);
    const response = await placeOrder(ctx, b.basketId, { paymentMethod: 'bitcoin' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('validation');
  });
});

describe('the order placed under a key, for a checkout that lost the answer (GET /api/orders/placed)', () => {
  const placed = (key: string | null, basketId?: string) =>
    request(ctx, '/api/orders/placed', {
      headers: { ...(key ? { 'idempotency-key': key } : {}), ...(basketId ? { cookie: `basket=${basketId}` } : {}) },
    });

  it('answers the order and a working token to the basket’s holder only', async () => {
    const b = await makeBasket(ctx.database.db);
    const key = crypto.randomUUID();
    const response = await placeOrder(
      ctx,
      b.basketId,
      { ...plCustomer, zip: b.zip, consents: allConsents, paymentMethod: 'blik', blikCode: '123456' },
      key,
    );
    expect(response.status).toBe(201);
    const { order } = await response.json();

    const found = await placed(key, b.basketId);
    expect(found.status).toBe(200);
    const body = (await found.json()) as { orderId: string; accessToken: string };
    expect(body.orderId).toBe(order.id);
    expect((await orderStatus(ctx, body.orderId, body.accessToken)).id).toBe(order.id);

    // The key alone, with another basket, or an unknown key: nothing.
    const other = await makeBasket(ctx.database.db);
    expect((await placed(key)).status).toBe(404);
    expect((await placed(key, other.basketId)).status).toBe(404);
    expect((await placed(crypto.randomUUID(), b.basketId)).status).toBe(404);
    expect((await placed(null, b.basketId)).status).toBe(400);
  });
});

describe('place order under concurrency (real PostgreSQL)', () => {
  it('50 concurrent calls with one Idempotency-Key make one order and 50 identical answers', async () => {
    const b = await makeBasket(ctx.database.db, { restaurant: UA });
    const key = crypto.randomUUID();
    const body = {
      ...uaCustomer,
      zip: b.zip,
      consents: { orderWithObligation: true },
      paymentMethod: 'cashOnDelivery',
    };
    const responses = await Promise.all(Array.from({ length: 50 }, () => placeOrder(ctx, b.basketId, body, key)));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201));
    const answers = await Promise.all(responses.map((r) => r.json()));
    expect(new Set(answers.map((a) => a.order.id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.accessToken)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from orders where basket_id = ${b.basketId}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, uaCustomer.email));
    expect(mails).toHaveLength(1);
  });

  it('100 concurrent orders with a code that has one use left: exactly one gets it', async () => {
    const made = await Promise.all(
      Array.from({ length: 100 }, () => makeBasket(ctx.database.db, { code: 'OSTATNI', quantity: 10 })),
    );
    const responses = await Promise.all(
      made.map((b) =>
        placeOrder(ctx, b.basketId, {
          ...plCustomer,
          zip: b.zip,
          consents: allConsents,
          paymentMethod: 'blik',
          blikCode: '123456',
        }),
      ),
    );
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(bodies.filter((b) => b.error === 'discountNotActive')).toHaveLength(99);
    const [code] = await ctx.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'OSTATNI'));
    expect(code!.used).toBe(code!.quantity);
    const winners = await ctx.database.db.select().from(orders).where(eq(orders.discountCodeId, code!.id));
    expect(winners).toHaveLength(1);
    expect(winners[0]!.discountValue).toBe(2000);
    await settle(ctx);
    const paid = await ctx.database.db.select().from(payments).where(eq(payments.orderId, winners[0]!.id));
    expect(paid[0]!.status).toBe('paid');
  });
});
