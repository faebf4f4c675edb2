import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { openDatabase, type Database } from '#db/client.ts';
import { locations, restaurants } from '#db/schema/index.ts';
import { errorMessage } from '#i18n/messages.ts';
import { fill } from '#app/catalogue/texts.ts';
import { LOCALES, pathFor, type Locale } from '#domain/localized-routes.ts';
import { formatMoney } from '#domain/money.ts';
import { basketTexts } from '../../sites/components/basket/messages.ts';
import { menuDictionary } from '#db/seed/index.ts';
import {
  axeViolations,
  holdAnswers,
  launchBrowser,
  screenshot,
  urlOn,
  visitorAddress,
  VIEWPORTS,
  addToBasketFromPage,
} from '../helpers/browser.ts';

let browser: Browser;
let database: Database;
beforeAll(async () => {
  browser = await launchBrowser();
  database = await openDatabase({ url: inject('databaseUrl'), max: 2 });
});
afterAll(async () => {
  await browser?.close();
  await database?.close();
});

// Chromium reports every 4xx answer as a console error: a refused discount code (400) is an answer the page shows, and
// so is the discount rate limit (10 tries in 10 minutes from one address), which this file's tries reach by its end.
const EXPECTED = new Set([
  'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  'Failed to load resource: the server responded with a status of 429 (Too Many Requests)',
]);
const BROWSER_LOCALE: Record<Locale, string> = { pl: 'pl-PL', en: 'en-US', ua: 'uk-UA' };
const RESTAURANT = 'pasta-fresca-warszawa-mokotow'; // open around the clock in the demo data
// Open around the clock too: a closed restaurant takes nothing into a basket.
const KYIV = 'bao-house-kyiv-podil';
/** A text of the demo menu (written in Polish) as the page's language shows it: the basket names lines so too. */
const inPageLanguage = (locale: Locale, polish: string) => menuDictionary[locale](polish);

async function openPage(path: string, locale: Locale) {
  const page = await browser.newPage({
    viewport: VIEWPORTS.phone,
    locale: BROWSER_LOCALE[locale],
    extraHTTPHeaders: visitorAddress(),
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED.has(message.text())) problems.push(message.text());
  });
  await page.goto(urlOn('localhost', path));
  return { page, problems };
}

/** Adds a menu item from the restaurant page through its dialog, with the first option of every group. */
async function addFromMenu(page: Page, itemName: string, count: number) {
  await page.click(`button.add[aria-label$="${itemName}"]`);
  await page.waitForSelector('dialog.item-dialog[open]');
  for (const fieldset of await page.$$('dialog.item-dialog fieldset')) await (await fieldset.$('input'))!.check();
  await page.click('dialog.item-dialog button[type=submit]');
  await page.waitForSelector(`[data-basket-count="${count}"]`);
}

/** The basket's own answer, read by the page's browser (its cookie). */
const basketOf = (page: Page) => page.evaluate(() => fetch('/api/basket').then((r) => r.json()));
const totalOf = (page: Page) =>
  page.$eval('[data-total="total"]', (e) => Number((e as HTMLElement).dataset['value'] ?? 'NaN'));
const text = async (page: Page, selector: string) => (await page.textContent(selector))?.trim();

async function dismissCookies(page: Page) {
  const agree = await page.waitForSelector('.cookie-consent button', { timeout: 5000 }).catch(() => null);
  await agree?.click();
}

async function screenshots(page: Page, name: string) {
  for (const viewport of ['phone', 'desktop'] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await screenshot(page, `${name}-${viewport}`);
  }
  await page.setViewportSize(VIEWPORTS.phone);
}

async function applyCode(page: Page, code: string) {
  await page.fill('.discount-form input[name=code]', code);
  await page.click('.discount-form button[type=submit]');
}

describe('basket page', () => {
  for (const locale of LOCALES)
    it(`${locale}: quantity, minimum order, discount codes, pickup, remove and clear`, async () => {
      const texts = basketTexts(locale);
      const { page, problems } = await openPage(pathFor('restaurant', locale, { slug: RESTAURANT }), locale);
      await dismissCookies(page);
      const name = inPageLanguage(locale, 'Focaccia z rozmarynem');
      await addFromMenu(page, name, 1);
      await Promise.all([page.waitForURL(`**${pathFor('basket', locale)}`), page.click('.basket-bar a')]);
      await page.waitForSelector('.basket-line');
      expect(await text(page, '.basket-line h3')).toBe(name);

      // 15 zł of a 30 zł minimum: what is missing is said, and the way on is closed with the reason.
      expect(await page.getAttribute('.basket-minimum', 'data-missing')).toBe('1500');
      expect(await text(page, '.basket-minimum strong')).toBe(
        fill(texts.minimumMissing, { missing: formatMoney(1500, 'PLN', locale) }),
      );
      expect(await page.isDisabled('button.basket-go')).toBe(true);
      expect(await text(page, '[data-blocker="minBasketValueError"]')).toBe(
        errorMessage('minBasketValueError', locale),
      );
      expect(await page.$('[data-total="extraFee"]')).not.toBeNull();
      await screenshots(page, `basket-minimum-${locale}`);

      // + and − (named after the item), then + again: 2 × 15 zł reaches the minimum and the summary opens.
      await page.click(`button[aria-label="${fill(texts.increase, { item: name })}"]`);
      await page.waitForSelector('[data-quantity="2"]');
      await page.click(`button[aria-label="${fill(texts.decrease, { item: name })}"]`);
      await page.waitForSelector('[data-quantity="1"]');
      await page.focus(`button[aria-label="${fill(texts.increase, { item: name })}"]`);
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-quantity="2"]');
      expect(await page.getAttribute('a.basket-go', 'href')).toBe(pathFor('summary', locale));
      expect(await page.getAttribute('.basket-minimum', 'data-missing')).toBe('0');

      // Codes: unknown, inactive (remove it to continue), then a valid one and its removal.
      await applyCode(page, 'NOPE');
      await page.waitForSelector('.discount-form [data-error="discountCode"]');
      expect(await text(page, '.discount-form [data-error="discountCode"]')).toBe(errorMessage('discountCode', locale));
      await applyCode(page, 'ZIMA2025');
      await page.waitForSelector('.discount-form [data-error="discountNotActive"]');
      expect(await text(page, '.discount-form [data-error="discountNotActive"]')).toBe(
        errorMessage('discountNotActive', locale),
      );
      await screenshots(page, `basket-discount-error-${locale}`);
      const before = await totalOf(page);
      await applyCode(page, 'witaj10');
      await page.waitForSelector('[data-total="discount"]');
      expect(await totalOf(page)).toBe(before - 300);
      expect(await text(page, '[data-total="discount"] dd')).toBe(formatMoney(-300, 'PLN', locale));
      await screenshots(page, `basket-discount-${locale}`);
      await page.click('.discount-applied button');
      await page.waitForSelector('[data-total="discount"]', { state: 'detached' });
      expect(await totalOf(page)).toBe(before);

      // Pickup is offered here: delivery becomes 0 and leaves the total.
      expect(await page.$$eval('[data-method]', (labels) => labels.map((l) => l.getAttribute('data-method')))).toEqual([
        'door2door',
        'outside',
        'leave@door',
        'pickup',
      ]);
      const delivery = (await basketOf(page)).summary.deliveryValue as number;
      expect(delivery).toBeGreaterThan(0);
      await page.click('[data-method="pickup"]');
      await page.waitForFunction(
        (zero) => document.querySelector('[data-total="delivery"] dd')?.textContent === zero,
        formatMoney(0, 'PLN', locale),
      );
      expect(await totalOf(page)).toBe(before - delivery);
      expect((await basketOf(page)).deliveryMethod).toBe('pickup');
      await screenshots(page, `basket-pickup-${locale}`);

      // A second line, added on the menu and reached from the navbar's basket.
      await page.goto(urlOn('localhost', pathFor('restaurant', locale, { slug: RESTAURANT })));
      const carbonara = inPageLanguage(locale, 'Spaghetti Carbonara');
      await addFromMenu(page, carbonara, 3);
      await page.click('.basket-button');
      await Promise.all([page.waitForURL(`**${pathFor('basket', locale)}`), page.click('.basket-panel a.button')]);
      await page.waitForSelector('.basket-line >> nth=1');
      expect(await page.$$eval('.basket-line h3', (h) => h.map((e) => e.textContent))).toEqual([name, carbonara]);
      // The chosen options show with their groups.
      expect(await text(page, '.basket-line:nth-child(2) .basket-line-options li')).toBe(
        `${inPageLanguage(locale, 'Rodzaj makaronu')}: ${inPageLanguage(locale, 'Spaghetti')}`,
      );
      await page.click(`button[aria-label="${fill(texts.removeItem, { item: name })}"]`);
      await page.waitForFunction(() => document.querySelectorAll('.basket-line').length === 1);
      expect((await basketOf(page)).lines).toHaveLength(1);

      if (locale === 'en') {
        // Removing the last line empties the basket: the page goes to the home page of its language.
        await Promise.all([
          page.waitForURL(urlOn('localhost', pathFor('home', locale))),
          page.click(`button[aria-label="${fill(texts.removeItem, { item: carbonara })}"]`),
        ]);
      } else {
        // Clearing asks first; keeping the basket changes nothing, clearing it goes home.
        await page.click('.basket-clear');
        await page.waitForSelector('dialog.clear-dialog[open]');
        await screenshots(page, `basket-clear-${locale}`);
        await page.keyboard.press('Escape');
        await page.waitForSelector('dialog.clear-dialog', { state: 'detached' });
        expect((await basketOf(page)).lines).toHaveLength(1);
        await page.click('.basket-clear');
        await Promise.all([
          page.waitForURL(urlOn('localhost', pathFor('home', locale))),
          page.click('dialog.clear-dialog .danger'),
        ]);
      }
      expect((await basketOf(page)).lines).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });

  it('names lines in the page’s language and prices a Kyiv basket in hryvnias', async () => {
    const { page, problems } = await openPage(pathFor('home', 'ua'), 'ua');
    const menu = await page.evaluate((slug) => fetch(`/api/restaurants/${slug}`).then((r) => r.json()), KYIV);
    const item = (menu.categories as { items: { id: number; name: string; groups: unknown[] }[] }[])
      .flatMap((c) => c.items)
      .find((i) => i.groups.length === 0)!;
    const polish = (
      await page.evaluate((slug) => fetch(`/api/restaurants/${slug}?lang=pl`).then((r) => r.json()), KYIV)
    ).categories
      .flatMap((c: { items: { id: number; name: string }[] }) => c.items)
      .find((i: { id: number }) => i.id === item.id).name as string;
    expect(polish).not.toBe(item.name);
    expect((await addToBasketFromPage(page, item.id)).status).toBe(200);

    await page.goto(urlOn('localhost', pathFor('basket', 'ua')));
    await page.waitForSelector('.basket-line');
    expect(await text(page, '.basket-line h3')).toBe(item.name);
    expect(await text(page, '[data-total="serviceFee"] dd')).toMatch(/^[\d\u00a0]+,\d\d\u00a0₴$/);
    await applyCode(page, 'KYIV100');
    await page.waitForSelector('[data-total="discount"]');
    expect(await text(page, '[data-total="discount"] dd')).toBe(formatMoney(-10000, 'UAH', 'ua'));
    await screenshots(page, 'basket-kyiv-ua');

    await page.goto(urlOn('localhost', pathFor('basket', 'pl')));
    await page.waitForSelector('.basket-line');
    expect(await text(page, '.basket-line h3')).toBe(polish);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('an empty basket goes to the home page of its language; before the island runs there is no form', async () => {
    for (const locale of LOCALES) {
      const html = await (await fetch(urlOn('localhost', pathFor('basket', locale)))).text();
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main).toContain(basketTexts(locale).loading);
      expect(main).not.toContain('<form');
      const { page, problems } = await openPage(pathFor('basket', locale), locale);
      await page.waitForURL(urlOn('localhost', pathFor('home', locale)));
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  for (const locale of LOCALES)
    it(`${locale}: axe finds no serious or critical violation on the basket and its clear dialog`, async () => {
      const { page, problems } = await openPage(pathFor('restaurant', locale, { slug: RESTAURANT }), locale);
      await addFromMenu(page, inPageLanguage(locale, 'Focaccia z rozmarynem'), 1);
      await page.goto(urlOn('localhost', pathFor('basket', locale)));
      await page.waitForSelector('.basket-line');
      await applyCode(page, 'NOPE');
      await page.waitForSelector('.discount-form [data-error]');
      expect(await axeViolations(page)).toEqual([]);
      await page.click('.basket-clear');
      await page.waitForSelector('dialog.clear-dialog[open]');
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });
});

/** Whether pickup is offered at the restaurant's location (its kitchen), as an operator switches it in the admin. */
async function offerPickup(slug: string, offered: boolean) {
  await database.db
    .update(locations)
    .set({ pickupEnabled: offered })
    .where(
      eq(locations.id, sql`(select ${restaurants.locationId} from ${restaurants} where ${restaurants.slug} = ${slug})`),
    );
}

const checkedMethod = (page: Page) =>
  page.$eval('.basket-delivery', (set) => set.querySelector<HTMLInputElement>('input:checked')?.value ?? null);

describe('the delivery method', () => {
  for (const [locale, viewport] of [
    ['pl', 'phone'],
    ['en', 'desktop'],
    ['ua', 'phone'],
  ] as const)
    it(`${locale} ${viewport}: is ticked before the server answers, the last of quick changes wins, a refusal unticks it with the reason`, async () => {
      const texts = basketTexts(locale);
      const { page, problems } = await openPage(pathFor('restaurant', locale, { slug: RESTAURANT }), locale);
      await page.setViewportSize(VIEWPORTS[viewport]);
      await dismissCookies(page);
      await addFromMenu(page, inPageLanguage(locale, 'Focaccia z rozmarynem'), 1);
      await page.goto(urlOn('localhost', pathFor('basket', locale)));
      await page.waitForSelector('.basket-delivery input:enabled');
      expect(await checkedMethod(page)).toBe('door2door');

      // The server's answer is held back: the choice shows ticked while it waits.
      const slow = await holdAnswers(page, '**/api/basket/delivery', { method: 'PUT' });
      await page.click('[data-method="pickup"]');
      await slow.requested;
      expect(await checkedMethod(page)).toBe('pickup');
      // Changed twice more before that answer came: the last choice is what shows, and what the basket keeps.
      await page.click('[data-method="outside"]');
      await page.click('[data-method="leave@door"]');
      expect(await checkedMethod(page)).toBe('leave@door');
      await screenshot(page, `basket-delivery-${locale}-${viewport}-waiting`);
      slow.release();
      await expect.poll(async () => (await basketOf(page)).deliveryMethod).toBe('leave@door');
      expect(await checkedMethod(page)).toBe('leave@door');
      await page.unroute('**/api/basket/delivery');

      // The restaurant stops offering pickup meanwhile: the server refuses it, the tick goes back, the reason shows.
      await offerPickup(RESTAURANT, false);
      try {
        await page.click('[data-method="pickup"]');
        await page.waitForSelector('.basket-delivery [data-error="pickupUnavailable"]');
        expect(await text(page, '.basket-delivery [role=alert]')).toBe(texts.errors['pickupUnavailable']);
        expect(await checkedMethod(page)).toBe('leave@door');
        expect((await basketOf(page)).deliveryMethod).toBe('leave@door');
        await screenshot(page, `basket-delivery-${locale}-${viewport}-refused`);
      } finally {
        await offerPickup(RESTAURANT, true);
      }
      expect(problems).toEqual([]);
      await page.close();
    });
});
