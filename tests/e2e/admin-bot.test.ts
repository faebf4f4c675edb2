import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminPath } from '#domain/admin-routes.ts';
import { LOCALES, type Locale } from '#domain/localized-routes.ts';
import { axeViolations, launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Open every hour of every day in the demo data, so the order can be placed whenever the test runs.
const RESTAURANT = 'pasta-fresca-warszawa-mokotow';
const BROWSER_LOCALE: Record<Locale, string> = { pl: 'pl-PL', en: 'en-US', ua: 'uk-UA' };
const TEXTS = {
  pl: {
    create: 'Utwórz klucz',
    created: 'Klucz został utworzony',
    revoke: 'Unieważnij klucz',
    revoked: 'Klucz został unieważniony',
  },
  en: {
    create: 'Create key',
    created: 'The key has been created',
    revoke: 'Revoke key',
    revoked: 'The key has been revoked',
  },
  ua: { create: 'Створити ключ', created: 'Ключ створено', revoke: 'Відкликати ключ', revoked: 'Ключ відкликано' },
} as const;

/** A signed-in admin's browser on the bot keys screen; console and page errors are collected as problems. */
async function openAsAdmin(
  locale: Locale,
  viewport: keyof typeof VIEWPORTS,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: BROWSER_LOCALE[locale],
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(urlOn('localhost')).origin });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // The 401 page before the login is expected; Chromium logs its status as an error.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) problems.push(message.text());
  });
  const screen = urlOn('localhost', adminPath(locale, { screen: 'list', entity: 'botKeys', page: 1 }));
  expect((await page.goto(screen))?.status(), 'a visitor gets the 401 page').toBe(401);
  await signIn(context, 'admin@example.com');
  expect((await page.goto(screen))?.status()).toBe(200);
  await page.waitForSelector('astro-island[component-url*="/BotKeysScreen."]:not([ssr])', { state: 'attached' });
  await page.waitForSelector('.list-table, .list-state');
  return { context, page, problems };
}

/** Calls the bot API as a bot would: from outside the browser, with its key as a bearer token. */
const bot = (key: string, path: string, init: RequestInit = {}) =>
  fetch(urlOn('localhost', `/api/bot${path}`), {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });

type Menu = {
  restaurant: { minBasketValue: number; location: { zip: string; latitude: number; longitude: number } };
  categories: { items: { id: number; price: number; unavailable: boolean; groups: unknown[] }[] }[];
};

describe('admin: bot keys and the bot channel', () => {
  it('an admin makes a key, copies it, the bot orders with it; once revoked, the bot is refused', async () => {
    const { context, page, problems } = await openAsAdmin('en', 'desktop');
    const name = `E2E bot ${Date.now()}`;
    const submit = page.getByRole('button', { name: TEXTS.en.create });
    await page.getByLabel('Name (who the key is for)').fill(name);
    await submit.click();
    await page.getByText(TEXTS.en.created).waitFor();
    const shown = page.getByLabel(`New key: ${name}`);
    await shown.waitFor();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Copied').waitFor();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toMatch(/^mkb_[A-Za-z0-9_-]{43}$/);
    expect(await shown.inputValue()).toBe(key);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(key.slice(0, 10));
    expect(await row.textContent()).not.toContain(key.slice(10));

    // The bot reads the menu and orders enough of a plain item for the minimum, delivered to the kitchen's street.
    const menuResponse = await bot(key, `/restaurants/${RESTAURANT}/menu?lang=en`);
    expect(menuResponse.status).toBe(200);
    const menu = (await menuResponse.json()) as Menu;
    const item = menu.categories
      .flatMap((c) => c.items)
      .find((i) => !i.unavailable && i.groups.length === 0 && i.price > 0);
    expect(item).toBeDefined();
    const quantity = Math.min(99, Math.ceil(menu.restaurant.minBasketValue / item!.price) + 1);
    const { zip, latitude, longitude } = menu.restaurant.location;
    const orderResponse = await bot(key, '/orders', {
      method: 'POST',
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        items: [{ menuItemId: item!.id, quantity }],
        deliveryMethod: 'door2door',
        firstname: 'Jan',
        lastname: 'Kowalski',
        phone: '600 700 800',
        email: 'jan.bot@example.com',
        street: 'Puławska',
        streetNo: '10',
        city: 'Warszawa',
        zip,
        lat: latitude,
        lng: longitude,
        consents: { agree1: true, agree2: true, providerTerms: true, orderWithObligation: true },
        paymentMethod: 'blik',
        blikCode: '123456',
        lang: 'en',
      }),
    });
    const placed = (await orderResponse.json()) as {
      order: { id: string; source: string; status: string; value: number };
      statusUrl: string;
      accessToken: string;
    };
    expect(orderResponse.status, JSON.stringify(placed)).toBe(201);
    expect(placed.order).toMatchObject({ source: 'bot', status: 'waiting_for_payment', value: item!.price * quantity });
    // The link the bot hands on is the customer's status page, whose token also opens the order in the API (the
    // status page itself is built under its own issue).
    const status = new URL(placed.statusUrl);
    expect(status.origin).toBe(new URL(urlOn('localhost')).origin);
    const [, lang, segment, orderId, token] = status.pathname.split('/');
    expect([lang, segment, orderId]).toEqual(['en', 'status', placed.order.id]);
    const followed = await fetch(urlOn('localhost', `/api/orders/${orderId}?token=${token}`));
    expect(followed.status).toBe(200);
    expect(((await followed.json()) as { order: { source: string } }).order.source).toBe('bot');

    // Revoked in the admin, after the confirmation: the key opens nothing any more.
    await page.reload();
    await page.waitForSelector('astro-island[component-url*="/BotKeysScreen."]:not([ssr])', { state: 'attached' });
    await page.getByRole('button', { name: `Revoke the key ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: TEXTS.en.revoke }).click();
    await page.getByText(TEXTS.en.revoked).waitFor();
    await expect.poll(() => row.textContent()).toContain('Revoked');
    const refused = await bot(key, `/restaurants/${RESTAURANT}/menu`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ requestId: expect.any(String), error: 'Unauthorized' });
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const locale of LOCALES)
    it(`${locale}: the screen at phone and desktop width, with no serious axe violation`, async () => {
      for (const viewport of ['phone', 'desktop'] as const) {
        const { context, page, problems } = await openAsAdmin(locale, viewport);
        await page.getByRole('button', { name: TEXTS[locale].create }).waitFor();
        await screenshot(page, `admin-bot-keys-${locale}-${viewport}`);
        const violations = await axeViolations(page);
        expect(violations).toEqual([]);
        expect(problems).toEqual([]);
        await context.close();
      }
    });
});
