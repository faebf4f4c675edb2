import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openDatabase, type Database } from '#db/client.ts';
import { menuItems, paymentOptions, restaurants, workingHours } from '#db/schema/index.ts';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import type { OrderStatus } from '#domain/orders.ts';
import { parseEnv } from '#server/env.ts';
import { SYSTEM } from '#server/services/actor.ts';
import { changeStatusInTx } from '#server/services/orders/change-status.ts';
import { CONSENT_STORAGE_KEY } from '#app/shop/CookieConsent.tsx';
import { axeViolations, launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';
import { logIn, placeOrderOverHttp, type PlacedOrder } from '../helpers/http-orders.ts';

const PL = 'pasta-fresca-warszawa-mokotow';
const UA = 'bao-house-kyiv-podil';

let browser: Browser;
let database: Database;
const base = () => urlOn('localhost').replace(/\/$/, '');

beforeAll(async () => {
  browser = await launchBrowser();
  database = await openDatabase({ url: inject('databaseUrl'), max: 2 });
});
afterAll(async () => {
  await browser?.close();
  await database?.close();
});

// The texts each language shows; they come from messages/*.json, so a missing translation fails here.
const TEXTS = {
  pl: {
    thanks: 'Dziękujemy za zamówienie!',
    new: 'Czeka na przyjęcie przez restaurację',
    processing: 'W przygotowaniu',
    courier: 'Restauracja przyjęła zamówienie',
    reconnecting: 'Utracono połączenie',
    refundPl: 'w ciągu kilku dni roboczych',
    refundUa: 'w ciągu 48 godzin',
    countdown: 'Restauracja ma na przyjęcie zamówienia jeszcze',
  },
  en: {
    thanks: 'Thank you for your order!',
    new: 'Waiting for the restaurant',
    processing: 'Being prepared',
    courier: 'The restaurant accepted your order',
    reconnecting: 'Connection lost',
    refundPl: 'within a few working days',
    refundUa: 'within 48 hours',
    countdown: 'Time left for the restaurant to accept',
  },
  ua: {
    thanks: 'Дякуємо за замовлення!',
    new: 'Очікує на підтвердження ресторану',
    processing: 'Готується',
    courier: 'Ресторан прийняв замовлення',
    reconnecting: "З'єднання втрачено",
    refundPl: 'протягом кількох робочих днів',
    refundUa: 'протягом 48 годин',
    countdown: 'Час, що залишився ресторану на прийняття',
  },
} as const;

// The e-mails a change writes link to the status page with the server's secrets, which a test server takes by default.
const serverEnv = parseEnv({ NODE_ENV: 'test' });

/** What the restaurant (or staff) does to an order, in the server's database: every server process hears of it. */
const moveOrder = (orderId: string, to: OrderStatus) =>
  database.db.transaction((tx) =>
    changeStatusInTx(tx, { orderId, to, reason: 'admin', actor: SYSTEM, env: serverEnv, now: new Date() }),
  );

async function orderStatusNow(order: PlacedOrder): Promise<string> {
  const response = await fetch(`${base()}/api/orders/${order.order.id}?token=${order.accessToken}`);
  return ((await response.json()) as { order: { status: string } }).order.status;
}

/** Waits until the sandbox's Blik approval has reached the server and the order went to the restaurant. */
async function untilNew(order: PlacedOrder) {
  for (let i = 0; i < 100 && (await orderStatusNow(order)) !== 'new'; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await orderStatusNow(order)).toBe('new');
}

const statusUrl = (locale: Locale, order: PlacedOrder) =>
  urlOn('localhost', pathFor('status', locale, { orderId: order.order.id, token: order.accessToken }));

/** A fresh browser context (a guest unless it logs in) that records script errors and unexpected console errors. */
async function openContext(viewport: keyof typeof VIEWPORTS) {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  // The cookie banner was agreed to before (a customer following an order has been on the shop), so the screenshots
  // show the page under it; the banner has its own tests.
  await context.addInitScript((key) => {
    // about:blank has no storage of its own.
    if (location.protocol.startsWith('http')) localStorage.setItem(key, 'agreed');
  }, CONSENT_STORAGE_KEY);
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (error) => problems.push(`${new URL(page.url()).pathname}: ${error.message}`));
    page.on('console', (message) => {
      const text = message.text();
      // The 404 page answers 404; the offline test's refused reconnections are what it is about.
      if (message.type() !== 'error' || /status of 404|ERR_INTERNET_DISCONNECTED/.test(text)) return;
      problems.push(text);
    });
  };
  context.on('page', watch);
  return { context, problems, close: () => context.close() };
}

/** Opens the status page and waits until its island follows the order live. */
async function openStatus(context: BrowserContext, locale: Locale, order: PlacedOrder) {
  const page = await context.newPage();
  const response = await page.goto(statusUrl(locale, order));
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await page.waitForSelector('.status-connection-live');
  return page;
}

const badge = (page: Page) => page.locator('.status-badge');

async function expectNoSeriousAxeViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations).toEqual([]);
}

describe('order status page', () => {
  for (const locale of ['pl', 'en', 'ua'] as const) {
    it(`${locale}: a guest follows the order from the link, and sees it accepted live`, async () => {
      const order = await placeOrderOverHttp(base(), { restaurant: PL, country: 'pl', payment: 'blik', lang: locale });
      await untilNew(order);
      const { context, problems, close } = await openContext('phone');
      const page = await openStatus(context, locale, order);
      const text = TEXTS[locale];
      await expect.poll(() => page.textContent('h1')).toContain(order.order.displayId);
      expect(await page.textContent('.status-panel')).toContain(text.thanks);
      expect(await badge(page).textContent()).toBe(text.new);
      expect(await page.textContent('.status-countdown')).toContain(text.countdown);
      expect(await page.textContent('[role=timer]')).toMatch(/^(10:00|9:[0-5]\d)$/);
      // The order's lines and total are on the page.
      expect(await page.locator('.lines .total dd').textContent()).toMatch(/zł$/);
      // The restaurant's number grouped as Poles write it, dialable from any SIM (issue 40).
      const phone = page.locator('.facts a[href^="tel:"]');
      expect(await phone.textContent()).toBe('+48 22 100 20 30');
      expect(await phone.getAttribute('href')).toBe('tel:+48221002030');
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, `status-${locale}-phone-new`);

      await moveOrder(order.order.id, 'processing');
      await expect.poll(() => badge(page).textContent(), { timeout: 15_000 }).toBe(text.processing);
      expect(await page.textContent('[role=status].status-message')).toContain(text.courier);
      expect(await page.locator('.status-countdown').count()).toBe(0);
      await page.setViewportSize(VIEWPORTS.desktop);
      await screenshot(page, `status-${locale}-desktop-processing`);
      expect(problems).toEqual([]);
      await close();
    });
  }

  it('catches up when the network comes back after the stream was cut', async () => {
    const order = await placeOrderOverHttp(base(), { restaurant: PL, country: 'pl', payment: 'blik', lang: 'en' });
    await untilNew(order);
    const { context, problems, close } = await openContext('phone');
    const page = await openStatus(context, 'en', order);
    await moveOrder(order.order.id, 'processing');
    await expect.poll(() => badge(page).textContent(), { timeout: 15_000 }).toBe(TEXTS.en.processing);

    await context.setOffline(true);
    await page.waitForSelector('.status-connection-reconnecting');
    expect(await page.textContent('.status-connection')).toContain(TEXTS.en.reconnecting);
    await moveOrder(order.order.id, 'waiting_for_courier');
    // Cut off: the page cannot know yet.
    await page.waitForTimeout(1500);
    expect(await badge(page).getAttribute('data-status')).toBe('processing');
    await screenshot(page, 'status-en-phone-reconnecting');

    await context.setOffline(false);
    await expect.poll(() => badge(page).getAttribute('data-status'), { timeout: 20_000 }).toBe('waiting_for_courier');
    await page.waitForSelector('.status-connection-live');
    expect(problems).toEqual([]);
    await close();
  });

  it('the refresh action asks for the order now', async () => {
    const order = await placeOrderOverHttp(base(), { restaurant: PL, country: 'pl', payment: 'blik', lang: 'pl' });
    await untilNew(order);
    const { context, problems, close } = await openContext('desktop');
    const page = await openStatus(context, 'pl', order);
    // No stream from here on: only the refresh can bring the change.
    await context.route('**/events?**', (route) => route.abort());
    await context.setOffline(true);
    await context.setOffline(false);
    await moveOrder(order.order.id, 'processing');
    await page.getByRole('button', { name: 'Odśwież status' }).click();
    await expect.poll(() => badge(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('processing');
    expect(problems.filter((p) => !/ERR_FAILED/.test(p))).toEqual([]);
    await close();
  });

  it('a rejected paid order promises the refund the way its country does', async () => {
    // The Kyiv restaurant is open around the clock for this test, so it runs at any hour, and Ukraine's payments list
    // (data, not rules: server/domain/country.ts) offers Blik, so that a Ukrainian order can be paid online at all.
    const uaBlik = and(eq(paymentOptions.country, 'ua'), eq(paymentOptions.name, 'blik'));
    await database.db.insert(paymentOptions).values({
      country: 'ua',
      name: 'blik',
      group: 'online',
      subgroup: 'blik',
      translateKey: 'payment.blik',
      availableFor: ['web'],
      availabilityHours: {
        mondayToFriday: { from: '00:00', to: '24:00' },
        saturday: { from: '00:00', to: '24:00' },
        sunday: { from: '00:00', to: '24:00' },
      },
      position: 9,
    });
    const [kyiv] = await database.db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.slug, UA));
    const hours = await database.db.select().from(workingHours).where(eq(workingHours.restaurantId, kyiv!.id));
    await database.db.delete(workingHours).where(eq(workingHours.restaurantId, kyiv!.id));
    await database.db
      .insert(workingHours)
      .values([0, 1, 2, 3, 4, 5, 6].map((day) => ({ restaurantId: kyiv!.id, day, from: '00:00', to: '24:00' })));
    try {
      for (const [restaurant, country, locale, refund] of [
        [PL, 'pl', 'pl', TEXTS.pl.refundPl],
        [UA, 'ua', 'ua', TEXTS.ua.refundUa],
        [UA, 'ua', 'en', TEXTS.en.refundUa],
      ] as const) {
        const order = await placeOrderOverHttp(base(), { restaurant, country, payment: 'blik', lang: locale });
        await untilNew(order);
        const { context, problems, close } = await openContext('phone');
        const page = await openStatus(context, locale, order);
        await moveOrder(order.order.id, 'rejected');
        await expect.poll(() => badge(page).getAttribute('data-status'), { timeout: 15_000 }).toBe('rejected');
        expect(await page.textContent('[role=status].status-message')).toContain(refund);
        expect(await page.textContent('.status-panel')).not.toContain(TEXTS[locale].thanks);
        await screenshot(page, `status-${locale}-${country}-phone-rejected`);
        expect(problems).toEqual([]);
        await close();
      }
    } finally {
      await database.db.delete(paymentOptions).where(uaBlik);
      await database.db.delete(workingHours).where(eq(workingHours.restaurantId, kyiv!.id));
      if (hours.length) await database.db.insert(workingHours).values(hours);
    }
  });

  it('offers to pay again when the payment was declined, and says until when', async () => {
    const { context, problems, close } = await openContext('phone');
    const declined = await placeOrderOverHttp(base(), {
      restaurant: PL,
      country: 'pl',
      payment: 'blik',
      blikCode: '777123',
      lang: 'en',
    });
    const page = await context.newPage();
    await page.goto(statusUrl('en', declined));
    await expect
      .poll(() => page.textContent('[role=status].status-message'), { timeout: 15_000 })
      .toContain('Your payment did not go through');
    // The checkout's retry form (decision 017) takes the place of the link to the summary page once it has loaded.
    const retry = page.getByRole('form', { name: 'Pay again' });
    await expect.poll(() => retry.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => retry.getByRole('radio').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'status-en-phone-payment-declined');
    // Nothing is paid, so nothing is being processed and nobody is thanked yet.
    expect(await page.textContent('.status-panel')).not.toContain('Payment is being processed');
    expect(await page.textContent('.status-panel')).not.toContain(TEXTS.en.thanks);
    expect(await page.textContent('.checkout-pay-until')).toContain('You can pay until');
    expect(problems).toEqual([]);
    await close();
  });

  it('a wrong token or an unknown order is the 404 page', async () => {
    const order = await placeOrderOverHttp(base(), { restaurant: PL, country: 'pl', payment: 'blik' });
    const { context, close } = await openContext('phone');
    const page = await context.newPage();
    for (const [locale, path] of [
      ['pl', pathFor('status', 'pl', { orderId: order.order.id, token: `${order.accessToken.slice(1)}x` })],
      ['en', pathFor('status', 'en', { orderId: crypto.randomUUID(), token: order.accessToken })],
      ['ua', pathFor('status', 'ua', { orderId: 'not-an-order', token: order.accessToken })],
    ] as const) {
      const response = await page.goto(urlOn('localhost', path));
      expect(response?.status(), path).toBe(404);
      expect(await page.textContent('body'), path).not.toContain(order.order.displayId);
      expect(await page.getAttribute('html', 'lang')).toBe(locale === 'ua' ? 'uk' : locale);
    }
    await close();
  });
});

/** What the status page of an order waiting for its transfer says, in each language (messages/*.json). */
const TRANSFER = {
  pl: {
    waiting: 'Przelew jeszcze do nas nie dotarł',
    payUntil: 'Możesz zapłacić do',
    processing: 'Płatność jest przetwarzana',
    backToBank: 'Dokończ płatność w banku',
    payAgain: 'Zapłać ponownie',
    intl: 'pl-PL',
  },
  en: {
    waiting: 'The transfer has not reached us yet',
    payUntil: 'You can pay until',
    processing: 'Payment is being processed',
    backToBank: 'Finish the payment at your bank',
    payAgain: 'Pay again',
    intl: 'en-GB',
  },
  ua: {
    waiting: 'Переказ до нас ще не надійшов',
    payUntil: 'Оплатити можна до',
    processing: 'Оплата обробляється',
    backToBank: 'Завершити оплату в банку',
    payAgain: 'Оплатити ще раз',
    intl: 'uk-UA',
  },
} as const;

type WaitingOrder = { status: string; paymentDeadline: string; payment: { status: string; redirectUrl: string } };
async function orderNow(order: PlacedOrder): Promise<WaitingOrder> {
  const response = await fetch(`${base()}/api/orders/${order.order.id}?token=${order.accessToken}`);
  return ((await response.json()) as { order: WaitingOrder }).order;
}

/**
 * The customer starts a bank transfer, reaches the (sandbox) bank's page and leaves it without paying, then opens
 * the order's status page (from the e-mail, or my orders).
 */
async function transferLeftAtTheBank(context: BrowserContext, locale: Locale) {
  const order = await placeOrderOverHttp(base(), {
    restaurant: PL,
    country: 'pl',
    payment: 'fastTransfer',
    lang: locale,
  });
  const { payment, paymentDeadline } = await orderNow(order);
  const page = await context.newPage();
  await page.goto(payment.redirectUrl);
  await page.getByText('Sandbox Bank').first().waitFor();
  await page.goto(statusUrl(locale, order));
  await page.waitForSelector('.status-connection-live');
  const text = TRANSFER[locale];
  const panel = page.locator('.status-panel');
  // It says what is true: the transfer has not come, until when the order can be paid (by the Warsaw restaurant's
  // clock), and neither thanks nor 'being processed'.
  await panel.getByText(text.waiting).waitFor();
  const deadline = new Intl.DateTimeFormat(text.intl, { timeStyle: 'short', timeZone: 'Europe/Warsaw' }).format(
    new Date(paymentDeadline),
  );
  expect(await page.textContent('.checkout-pay-until')).toContain(`${text.payUntil} ${deadline}`);
  expect(await panel.textContent()).not.toContain(TEXTS[locale].thanks);
  expect(await panel.textContent()).not.toContain(text.processing);
  expect(await badge(page).getAttribute('data-status')).toBe('waiting_for_payment');
  // Both ways on: back to the same payment at the bank, and paying again.
  expect(await panel.getByRole('link', { name: text.backToBank }).getAttribute('href')).toBe(payment.redirectUrl);
  await panel.getByRole('button', { name: text.payAgain }).and(page.locator(':enabled')).waitFor();
  return { order, page, panel, text };
}

describe('a bank transfer left unfinished', () => {
  for (const [locale, viewport] of [
    ['pl', 'desktop'],
    ['ua', 'phone'],
  ] as const) {
    it(`${locale} ${viewport}: the transfer abandoned at the bank → status page offers 'back to the bank' and 'pay again' and the order is paid from there`, async () => {
      const { context, problems, close } = await openContext(viewport);
      const { order, page, panel, text } = await transferLeftAtTheBank(context, locale);
      await expectNoSeriousAxeViolations(page);
      await screenshot(page, `status-${locale}-${viewport}-transfer-waiting`);
      await panel.getByRole('link', { name: text.backToBank }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox-bank/'));
      await page.click('button.pay');
      // The bank sends the customer back to the status page, which now shows the order paid and at the restaurant.
      await page.waitForURL(statusUrl(locale, order));
      await expect.poll(() => badge(page).getAttribute('data-status'), { timeout: 15_000 }).toBe('new');
      expect(await page.textContent('.status-panel')).toContain(TEXTS[locale].thanks);
      expect(await page.locator('.checkout-bank').count()).toBe(0);
      expect(await orderNow(order)).toMatchObject({ status: 'new', payment: { status: 'paid' } });
      expect(problems).toEqual([]);
      await close();
    });
  }

  it("en phone: 'pay again' with another method (Blik) pays the order from its status page", async () => {
    const { context, problems, close } = await openContext('phone');
    const { order, page, panel, text } = await transferLeftAtTheBank(context, 'en');
    await panel.getByRole('button', { name: text.payAgain }).click();
    const retry = page.getByRole('form', { name: 'Pay again' });
    await retry.locator('input[name="paymentMethod"][value="blik"]').check();
    // The customer is warned not to finish the transfer as well.
    await retry.getByText('do not finish the transfer you started').waitFor();
    await page.fill('#retry-blikCode', '123456');
    await page.check('#retry-providerTerms');
    await screenshot(page, 'status-en-phone-transfer-pay-again');
    await retry.locator('button[type="submit"]').click();
    await expect.poll(() => badge(page).getAttribute('data-status'), { timeout: 15_000 }).toBe('new');
    expect(await page.textContent('.status-panel')).toContain(TEXTS.en.thanks);
    expect(new URL(page.url()).pathname).toBe(
      pathFor('status', 'en', { orderId: order.order.id, token: order.accessToken }),
    );
    expect(await orderNow(order)).toMatchObject({ status: 'new', payment: { method: 'blik', status: 'paid' } });
    expect(problems).toEqual([]);
    await close();
  });
});

describe('my orders and order again', () => {
  it('a logged-in user finds the order in my orders, opens its status page and orders it again into the basket', async () => {
    const session = await logIn(base(), 'user@example.com', 'user-demo-2026');
    const order = await placeOrderOverHttp(base(), { restaurant: PL, country: 'pl', payment: 'blik', session });
    await untilNew(order);
    const { context, problems, close } = await openContext('phone');
    const login = await context.request.post(`${base()}/api/auth/login`, {
      data: { email: 'user@example.com', password: 'user-demo-2026' },
      headers: { origin: base() },
    });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    await page.goto(urlOn('localhost', pathFor('myOrders', 'pl')));
    const card = page.locator('.account-order', { hasText: order.order.displayId });
    await card.waitFor();
    await screenshot(page, 'status-pl-phone-my-orders');
    await card.getByRole('link', { name: 'Szczegóły i status' }).click();
    await page.waitForURL(statusUrl('pl', order));
    await page.waitForSelector('.status-connection-live');

    // Order again from my orders, after the price of the dish went up: the customer is told before the basket.
    const [item] = await database.db.select().from(menuItems).where(eq(menuItems.id, order.menuItemId));
    await database.db
      .update(menuItems)
      .set({ price: sql`${menuItems.price} + 100` })
      .where(eq(menuItems.id, order.menuItemId));
    try {
      await page.goto(urlOn('localhost', pathFor('myOrders', 'pl')));
      const again = page.locator('.account-order', { hasText: order.order.displayId });
      await again.locator('astro-island:not([ssr]), .reorder-button:not([disabled])').first().waitFor();
      await again.getByRole('button', { name: 'Zamów ponownie' }).click();
      await again.locator('.reorder-notice').waitFor();
      expect(await again.locator('.reorder-notice').textContent()).toContain('Nowa cena:');
      await screenshot(page, 'status-pl-phone-reorder-told');
      await again.getByRole('link', { name: 'Przejdź do koszyka' }).click();
      await page.waitForURL(urlOn('localhost', pathFor('basket', 'pl')));
      // The basket holds the dish again, at today's price.
      const basket = (await (await context.request.get(`${base()}/api/basket`)).json()) as {
        lines: { menuItemId: number; quantity: number; unitPrice: number }[];
      };
      expect(basket.lines).toEqual([
        expect.objectContaining({ menuItemId: order.menuItemId, unitPrice: item!.price + 100 }),
      ]);
    } finally {
      await database.db.update(menuItems).set({ price: item!.price }).where(eq(menuItems.id, order.menuItemId));
    }

    // From the status page, with nothing changed, straight to the basket.
    await page.goto(statusUrl('pl', order));
    await page.waitForSelector('.status-connection-live');
    await page.getByRole('button', { name: 'Zamów ponownie' }).click();
    await page.waitForURL(urlOn('localhost', pathFor('basket', 'pl')));
    expect(problems).toEqual([]);
    await close();
  });
});
