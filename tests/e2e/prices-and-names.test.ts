import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { LOCALES, pathFor, type Locale } from '#domain/localized-routes.ts';
import { formatMoney } from '#domain/money.ts';
import { stripEmoji } from '#domain/orders.ts';
import { menuDictionary } from '#db/seed/index.ts';
import { customers } from '../helpers/http-orders.ts';
import { launchBrowser, urlOn, visitorAddress, VIEWPORTS, addToBasketFromPage } from '../helpers/browser.ts';

// Customer issue 40, items 4 and 5: prices written as the page's language writes them, and one name for a dish, without
// its emoji, on the menu, in the basket and on the status page. The demo menus have 'Arancini 🍙' at 21 zł.
const WARSAW = 'pasta-fresca-warszawa-mokotow'; // open around the clock in the demo data
const KYIV = 'pasta-fresca-kyiv-podil';
const BROWSER_LOCALE: Record<Locale, string> = { pl: 'pl-PL', en: 'en-US', ua: 'uk-UA' };
const EMOJI = /\p{Extended_Pictographic}/u;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type MenuAnswer = {
  currency: 'PLN' | 'UAH';
  categories: { items: { id: number; name: string; price: number; unavailable: boolean; groups: unknown[] }[] }[];
};

async function openPage(locale: Locale, path: string) {
  const page = await browser.newPage({
    viewport: VIEWPORTS.phone,
    locale: BROWSER_LOCALE[locale],
    extraHTTPHeaders: visitorAddress(),
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(urlOn('localhost', path));
  return { page, problems };
}

const menuOf = (page: Page, slug: string, locale: Locale) =>
  page.evaluate(([slug, lang]) => fetch(`/api/restaurants/${slug}?lang=${lang}`).then((r) => r.json()), [
    slug,
    locale,
  ] as const) as Promise<MenuAnswer>;

/** An element's own words, without its children's (a line's name apart from the allergens shown inside it). */
const ownText = (locator: Locator) =>
  locator.evaluate((el) =>
    [...el.childNodes].flatMap((n) => (n.nodeType === Node.TEXT_NODE ? [n.textContent] : [])).join(''),
  );

/** A row of the restaurant page's menu, found by its dish's heading as the page shows it. */
const menuRow = (page: Page, name: string) =>
  page.locator('.restaurant-menu li.item', { has: page.getByRole('heading', { name, exact: true }) });

describe('prices in the page’s language, names without emoji', () => {
  for (const locale of LOCALES) {
    it(`${locale}: the menu, basket, summary and status page write 'Arancini' and its price alike`, async () => {
      const { page, problems } = await openPage(locale, pathFor('restaurant', locale, { slug: WARSAW }));
      const menu = await menuOf(page, WARSAW, locale);
      // The seed names it 'Arancini 🍙' ('Аранчіні 🍙' in Ukrainian); every answer and screen names it without the emoji.
      const name = stripEmoji(menuDictionary[locale]('Arancini 🍙'));
      expect(name).toBe({ pl: 'Arancini', en: 'Arancini', ua: 'Аранчіні' }[locale]);
      const arancini = menu.categories.flatMap((c) => c.items).find((i) => i.name === name)!;
      expect(arancini).toBeDefined();
      const price = formatMoney(arancini.price, 'PLN', locale);
      expect(price).toBe({ pl: '21,00\u00a0zł', en: '21.00\u00a0zł', ua: '21,00\u00a0zł' }[locale]);

      // The menu.
      const row = menuRow(page, name);
      expect(await row.locator('.item-price').textContent()).toBe(price);
      expect(await page.locator('.restaurant-menu').textContent()).not.toMatch(EMOJI);
      expect(await menuRow(page, stripEmoji(menuDictionary[locale]('Diavola 🌶️'))).count()).toBe(1);

      // The basket: three of them, added the way the menu adds them (the dialog of a dish without options).
      await row.getByRole('button').click();
      await page.waitForSelector('dialog.item-dialog[open]');
      expect(await page.locator('dialog.item-dialog h2').textContent()).toBe(name);
      await page.click('dialog.item-dialog button[type=submit]');
      await page.waitForSelector('[data-basket-count="1"]');
      const total = Number(await page.getAttribute('[data-basket-total]', 'data-basket-total'));
      expect(await page.locator('[data-basket-total]').textContent()).toContain(formatMoney(total, 'PLN', locale));
      expect((await addToBasketFromPage(page, arancini.id, 2)).status).toBe(200);
      await page.goto(urlOn('localhost', pathFor('basket', locale)));
      const line = page.locator('.basket-line');
      await line.waitFor();
      expect(await line.locator('h3').textContent()).toBe(name);
      expect(await line.textContent()).toContain(formatMoney(3 * arancini.price, 'PLN', locale));
      expect(await line.textContent()).not.toMatch(EMOJI);

      // The checkout's summary of the same basket.
      await page.goto(urlOn('localhost', pathFor('summary', locale)));
      const recap = page.locator('.checkout-recap-lines li');
      await recap.waitFor();
      // The line's own words, apart from its allergens (issue 36) shown under them.
      const words = await ownText(recap.locator(':scope > span').first());
      expect(words).toBe(`3 × ${name}`);
      expect(await recap.locator('.allergen').count()).toBeGreaterThan(0);
      expect(await recap.locator(':scope > span').nth(1).textContent()).toBe(
        formatMoney(3 * arancini.price, 'PLN', locale),
      );

      // The status page of the order placed from that basket.
      const restaurant = (await page.evaluate(
        (slug) => fetch(`/api/restaurants/${slug}`).then((r) => r.json()),
        WARSAW,
      )) as { location: { zip: string; latitude: number; longitude: number } };
      const placed = await page.evaluate(
        (body) =>
          fetch('/api/orders', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
            body: JSON.stringify(body),
          }).then(async (r) => ({ status: r.status, body: await r.json() })),
        {
          ...customers.pl,
          zip: restaurant.location.zip,
          lat: restaurant.location.latitude,
          lng: restaurant.location.longitude,
          consents: { agree1: true, agree2: true, providerTerms: true, orderWithObligation: true },
          paymentMethod: 'blik',
          blikCode: '123456',
          lang: locale,
        },
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const { order, accessToken } = placed.body as { order: { id: string }; accessToken: string };
      await page.goto(urlOn('localhost', pathFor('status', locale, { orderId: order.id, token: accessToken })));
      // The order keeps its lines as the menu writes them (Polish for a Polish restaurant), without the emoji.
      const item = page.locator('.lines .items li');
      const ordered = await ownText(item.locator('.name'));
      expect(ordered).toMatch(/^\s*3 × Arancini\s*$/);
      // Again at delivery, as EU 1169/2011 asks: what the line holds, in the page's language.
      expect(await item.locator('.allergen').count()).toBeGreaterThan(0);
      expect(await item.locator('.price').textContent()).toBe(formatMoney(3 * arancini.price, 'PLN', locale));
      expect(problems).toEqual([]);
      await page.close();
    });

    it(`${locale}: a Kyiv restaurant's prices in hryvnias, written as the page's language writes them`, async () => {
      const { page, problems } = await openPage(locale, pathFor('restaurant', locale, { slug: KYIV }));
      const menu = await menuOf(page, KYIV, locale);
      expect(menu.currency).toBe('UAH');
      const dish = menu.categories.flatMap((c) => c.items).find((i) => !i.unavailable && i.price > 0)!;
      const shown = await menuRow(page, dish.name).locator('.item-price').first().textContent();
      expect(shown).toBe(formatMoney(dish.price, 'UAH', locale));
      // '685,00 ₴' on /pl and /ua, '685.00 ₴' on /en: the sign after the number, two decimals.
      expect(shown).toMatch(locale === 'en' ? /^[\d,]+\.\d{2}\u00a0₴$/ : /^[\d\u00a0]+,\d{2}\u00a0₴$/);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
