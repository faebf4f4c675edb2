import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { errorMessage } from '#i18n/messages.ts';
import { LOCALES, pathFor, type Locale } from '#domain/localized-routes.ts';
import { basketTexts } from '../../sites/components/basket/messages.ts';
import {
  addToBasketFromPage,
  axeViolations,
  launchBrowser,
  screenshot,
  urlOn,
  visitorAddress,
  VIEWPORTS,
} from '../helpers/browser.ts';

// Issue 35, the shop's side: the Mokotów family's order. Warszawa Mokotów shares baskets (the demo's setting, decision
// 066), and Pierogi Babci, Sushi Kaizen and Pasta Fresca cook there around the clock, so a pierogi, a sushi and a
// pasta go into one basket from three restaurant pages without a "start a new basket?" dialog, show under their three
// brands' logos in the basket, the navbar's basket and the checkout's recap, and become one order with one number.
// Then one brand switched off: its lines say why they stop the order, and the basket removes just those.

const FAMILY = [
  { concept: 'pierogi-babci', name: 'Pierogi Babci' },
  { concept: 'sushi-kaizen', name: 'Sushi Kaizen' },
  { concept: 'pasta-fresca', name: 'Pasta Fresca' },
] as const;
const restaurantOf = (concept: string) => `${concept}-warszawa-mokotow`;
const SWITCHED_OFF = restaurantOf('sushi-kaizen');
const ADDRESS = { street: 'Puławska', streetNo: '150', zip: '02-715', city: 'Warszawa', phone: '600 100 200' };
const BROWSER_LOCALE: Record<Locale, string> = { pl: 'pl-PL', en: 'en-US', ua: 'uk-UA' };

let browser: Browser;
const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
let shared = true;
beforeAll(async () => {
  browser = await launchBrowser();
  // The demo's setting, said here so that the file does not depend on another file having put it back.
  const [location] = await sql<{ shared: boolean }[]>`select shared_baskets as shared from locations
    where slug = 'warszawa-mokotow'`;
  shared = location?.shared ?? true;
  await sql`update locations set shared_baskets = true where slug = 'warszawa-mokotow'`;
});
afterAll(async () => {
  await browser?.close();
  await sql`update restaurants set is_enabled = true where slug = ${SWITCHED_OFF}`;
  await sql`update locations set shared_baskets = ${shared} where slug = 'warszawa-mokotow'`;
  await sql.end();
});

async function openPage(locale: Locale, viewport: keyof typeof VIEWPORTS = 'phone') {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: BROWSER_LOCALE[locale],
    extraHTTPHeaders: visitorAddress(),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // The checkout's refusal of a basket with a switched-off brand is a 400 the page shows.
    if (message.type() === 'error' && !/status of 400/.test(message.text())) problems.push(message.text());
  });
  return { page, problems, close: () => context.close() };
}

/** Accepts the cookie notice, which would otherwise cover the lines in every phone screenshot. */
async function dismissCookies(page: Page) {
  const agree = await page.waitForSelector('.cookie-consent button', { timeout: 5000 }).catch(() => null);
  await agree?.click();
}

const basketCount = (page: Page) =>
  page.$eval('[data-basket-count]', (e) => Number((e as HTMLElement).dataset['basketCount']));
const basketTotal = (page: Page) =>
  page.$eval('[data-basket-total]', (e) => Number((e as HTMLElement).dataset['basketTotal']));

/** Adds the restaurant page's first dish through its dialog, with the first option of every group. */
async function addFirstDish(page: Page) {
  await page.click('button.add >> nth=0');
  await page.waitForSelector('dialog.item-dialog[open]');
  for (const fieldset of await page.$$('dialog.item-dialog fieldset')) await (await fieldset.$('input'))!.check();
  const added = page.waitForResponse((r) => r.url().endsWith('/api/basket/items') && r.request().method() === 'POST');
  await page.click('dialog.item-dialog button[type=submit]');
  return (await added).status();
}

/** The groups a page shows under `selector`: each one's brand slug, its heading's logo and that logo's state. */
const groupsOf = (page: Page, selector: string) =>
  page.$$eval(selector, (sections) =>
    sections.map((section) => {
      const logo = section.querySelector('img.brand-name-logo') as HTMLImageElement | null;
      return {
        brand: (section as HTMLElement).dataset['brand'],
        name: logo?.alt,
        logo: logo && new URL(logo.src).pathname,
        loaded: Boolean(logo?.complete && logo.naturalWidth > 0),
      };
    }),
  );
const familyGroups = FAMILY.map(({ concept, name }) => ({
  brand: concept,
  name,
  logo: `/logos/${concept}.svg`,
  loaded: true,
}));

/** Fills the guest's form (Polish address, Blik) and ticks every consent shown. */
async function fillCheckout(page: Page) {
  await page.fill('#checkout-firstname', 'Anna');
  await page.fill('#checkout-lastname', 'Nowak');
  await page.fill('#checkout-email', `family-${crypto.randomUUID().slice(0, 8)}@example.com`);
  await page.fill('#checkout-phone', ADDRESS.phone);
  await page.fill('#checkout-street', ADDRESS.street);
  await page.fill('#checkout-streetNo', ADDRESS.streetNo);
  await page.fill('#checkout-zip', ADDRESS.zip);
  await page.fill('#checkout-city', ADDRESS.city);
  await page.check('input[name="paymentMethod"][value="blik"]');
  await page.fill('#checkout-blikCode', '123456');
  for (const consent of await page.locator('.checkout-form input[type="checkbox"][required]').all())
    await consent.check();
}

async function openSummary(page: Page, locale: Locale) {
  await page.goto(urlOn('localhost', pathFor('summary', locale)));
  await page.waitForSelector('astro-island[component-url*="/CheckoutScreen."]:not([ssr])', { state: 'attached' });
  await page.waitForSelector('.checkout-recap-brand');
  await page.waitForSelector('input[name="paymentMethod"]');
}

describe('the Mokotów family orders from three brands in one basket', () => {
  for (const locale of LOCALES)
    it(`${locale} 390 px: three restaurant pages, one basket under three logos, one order`, async () => {
      const { page, problems, close } = await openPage(locale);
      let count = 0;
      let total = 0;
      for (const { concept } of FAMILY) {
        await page.goto(urlOn('localhost', pathFor('restaurant', locale, { slug: restaurantOf(concept) })));
        if (count === 0) await dismissCookies(page);
        // Another brand of the kitchen is simply taken in: no dialog, the basket bar counts it.
        expect(await addFirstDish(page)).toBe(200);
        await page.waitForSelector(`[data-basket-count="${count + 1}"]`);
        expect(await page.$('dialog.conflict-dialog')).toBeNull();
        count = await basketCount(page);
        expect(await basketTotal(page)).toBeGreaterThan(total);
        total = await basketTotal(page);
      }
      expect(count).toBe(3);

      await page.goto(urlOn('localhost', pathFor('basket', locale)));
      await page.waitForSelector('.basket-brand >> nth=2');
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.basket-brand img')].every((i) => i.complete),
      );
      expect(await groupsOf(page, '.basket-brand')).toEqual(familyGroups);
      const texts = basketTexts(locale);
      expect((await page.textContent('.basket-lines-head h2'))?.trim()).toBe(texts.linesTitleShared);
      // Each brand's one line under it; one summary for the whole basket, and nothing stops the order.
      expect(
        await page.$$eval('.basket-brand', (s) => s.map((g) => g.querySelectorAll('.basket-line').length)),
      ).toEqual([1, 1, 1]);
      expect(await page.locator('.basket-totals').count()).toBe(1);
      expect(await page.$('.basket-blocked-lines')).toBeNull();
      expect(await page.locator('a.basket-go').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `shared-basket-${locale}-phone-basket`);
      // The navbar's basket lists the same three brands.
      await page.click('.basket-button');
      await page.waitForSelector('.basket-panel .basket-lines-brand >> nth=2');
      expect(await groupsOf(page, '.basket-panel .basket-lines-brand')).toEqual(familyGroups);
      await screenshot(page, `shared-basket-${locale}-phone-navbar`);
      await page.keyboard.press('Escape');
      if (locale === 'en') {
        await page.setViewportSize(VIEWPORTS.desktop);
        await screenshot(page, `shared-basket-${locale}-desktop-basket`);
        await page.setViewportSize(VIEWPORTS.phone);
      }

      await page.click('a.basket-go');
      await page.waitForURL(`**${pathFor('summary', locale)}`);
      await openSummary(page, locale);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('.checkout-recap-brand img')].every((i) => i.complete),
      );
      expect(await groupsOf(page, '.checkout-recap-brand')).toEqual(familyGroups);
      expect(await page.$('.checkout-recap-from')).toBeNull();
      const basketId = (await page.evaluate(() => fetch('/api/basket').then((r) => r.json()))).id as string;
      await fillCheckout(page);
      await screenshot(page, `shared-basket-${locale}-phone-summary`);
      if (locale === 'en') {
        await page.setViewportSize(VIEWPORTS.desktop);
        await screenshot(page, `shared-basket-${locale}-desktop-summary`);
        await page.setViewportSize(VIEWPORTS.phone);
      }
      await page.click('.checkout-submit');

      // One order, one number: the status page's, holding the three brands' lines.
      await page.waitForURL((url) => url.pathname.startsWith(`${locale === 'pl' ? '' : `/${locale}`}/status/`));
      const [orderId, token] = new URL(page.url()).pathname.split('/').slice(-2) as [string, string];
      expect(new URL(page.url()).pathname).toBe(pathFor('status', locale, { orderId, token }));
      const orders = await sql<{ id: string; brands: number; lines: number }[]>`
        select o.id, count(distinct i.restaurant_id)::int as brands, count(i.id)::int as lines
        from orders o join order_items i on i.order_id = o.id where o.basket_id = ${basketId} group by o.id`;
      expect(orders).toEqual([{ id: orderId, brands: 3, lines: 3 }]);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `shared-basket-${locale}-phone-status`);
      expect(problems).toEqual([]);
      await close();
    });
});

describe('a brand of the basket switched off', () => {
  it('pl 390 px: its lines say why; checkout says what blocks; "remove" takes just those lines away', async () => {
    const { page, problems, close } = await openPage('pl');
    await page.goto(urlOn('localhost', '/api/ping'));
    // Two dishes of each brand, as the restaurant pages would add them.
    for (const { concept } of FAMILY) {
      const menu = (await page.evaluate(
        (slug) => fetch(`/api/restaurants/${slug}`).then((r) => r.json()),
        restaurantOf(concept),
      )) as { categories: { items: { id: number; unavailable: boolean; groups: unknown[]; price: number }[] }[] };
      const plain = menu.categories
        .flatMap((c) => c.items)
        .filter((i) => !i.unavailable && i.groups.length === 0 && i.price > 0);
      for (const item of plain.slice(0, 2)) expect((await addToBasketFromPage(page, item.id)).status).toBe(200);
    }
    const texts = basketTexts('pl');
    try {
      await sql`update restaurants set is_enabled = false where slug = ${SWITCHED_OFF}`;
      await page.goto(urlOn('localhost', pathFor('basket', 'pl')));
      await dismissCookies(page);
      await page.waitForSelector('.basket-blocked-lines');
      const lines = () =>
        page.$$eval('.basket-brand', (sections) =>
          sections.map((s) => ({
            brand: (s as HTMLElement).dataset['brand'],
            blocked: [...s.querySelectorAll<HTMLElement>('.basket-line')].map((l) => l.dataset['blocked'] ?? null),
            reasons: [...s.querySelectorAll('.basket-line-unavailable')].map((p) => p.textContent),
          })),
        );
      const closed = texts.errors['restaurantClosed']!;
      expect(await lines()).toEqual([
        { brand: 'pierogi-babci', blocked: [null, null], reasons: [] },
        { brand: 'sushi-kaizen', blocked: ['restaurantClosed', 'restaurantClosed'], reasons: [closed, closed] },
        { brand: 'pasta-fresca', blocked: [null, null], reasons: [] },
      ]);
      expect((await page.textContent('.basket-blocked-lines p'))?.trim()).toBe(texts.blockedLines);
      // The way on is shut, and says why in the checkout's words.
      expect(await page.$('a.basket-go')).toBeNull();
      expect(await page.textContent('[data-blocker="restaurantClosed"]')).toContain(closed);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'shared-basket-pl-phone-blocked');
      await page.setViewportSize(VIEWPORTS.desktop);
      await screenshot(page, 'shared-basket-pl-desktop-blocked');
      await page.setViewportSize(VIEWPORTS.phone);

      // The checkout, reached all the same, still says what blocks: the refusal, and the lines it is about.
      await openSummary(page, 'pl');
      await fillCheckout(page);
      await page.click('.checkout-submit');
      await page.waitForSelector('#checkout-basket-error[data-error="restaurantClosed"]');
      expect(await page.textContent('#checkout-basket-error')).toContain(errorMessage('restaurantClosed', 'pl'));
      expect(
        await page.$$eval('.checkout-recap-brand[data-brand="sushi-kaizen"] li[data-blocked]', (l) => l.length),
      ).toBe(2);
      await screenshot(page, 'shared-basket-pl-phone-checkout-blocked');

      await page.goto(urlOn('localhost', pathFor('basket', 'pl')));
      await page.waitForSelector('.basket-blocked-lines button');
      await page.click('.basket-blocked-lines button');
      await page.waitForSelector('.basket-blocked-lines', { state: 'detached' });
      // Just the switched-off brand's lines went; the other two brands' stay, and the way on is open.
      expect((await lines()).map((g) => [g.brand, g.blocked.length])).toEqual([
        ['pierogi-babci', 2],
        ['pasta-fresca', 2],
      ]);
      const basket = await page.evaluate(() => fetch('/api/basket').then((r) => r.json()));
      expect(basket.lines).toHaveLength(4);
      expect(await page.locator('a.basket-go').count()).toBe(1);
      expect(await page.textContent('.basket-layout > p.visually-hidden[role="status"]')).toBe(texts.removedBlocked);
      await screenshot(page, 'shared-basket-pl-phone-removed');
    } finally {
      await sql`update restaurants set is_enabled = true where slug = ${SWITCHED_OFF}`;
    }
    expect(problems).toEqual([]);
    await close();
  });
});
