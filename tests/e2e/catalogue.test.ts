import { gzipSync } from 'node:zlib';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { errorMessage } from '#i18n/messages.ts';
import { LOCALES, pathFor, type Locale } from '#domain/localized-routes.ts';
import { menuDictionary } from '#db/seed/index.ts';
import {
  axeViolations,
  holdScripts,
  launchBrowser,
  screenshot,
  urlOn,
  visitorAddress,
  VIEWPORTS,
} from '../helpers/browser.ts';

let browser: Browser;
const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
// Smash Club (12:00–23:00) is the other kitchen at Pasta Fresca's address; a closed restaurant takes nothing into a
// basket, so for these tests it cooks around the clock, whatever the hour they run at.
const SAME_ADDRESS = 'smash-club-warszawa-mokotow';
let sameAddressHours: { day: number; from: string; to: string }[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  sameAddressHours = await sql`select day, "from", "to" from working_hours
    where restaurant_id = (select id from restaurants where slug = ${SAME_ADDRESS}) order by day`;
  await sql`delete from working_hours where restaurant_id = (select id from restaurants where slug = ${SAME_ADDRESS})`;
  await sql`insert into working_hours (restaurant_id, day, "from", "to")
    select r.id, d, '00:00', '24:00' from restaurants r, generate_series(0, 6) d where r.slug = ${SAME_ADDRESS}`;
  // The spec's one-restaurant basket: the demo's Mokotów shares baskets across its brands (issue 35), which
  // tests/e2e/shared-basket.test.ts shows; here it does not.
  await sql`update locations set shared_baskets = false where slug = 'warszawa-mokotow'`;
});
afterAll(async () => {
  await browser?.close();
  await sql`update locations set shared_baskets = true where slug = 'warszawa-mokotow'`;
  await sql`delete from working_hours where restaurant_id = (select id from restaurants where slug = ${SAME_ADDRESS})`;
  for (const h of sameAddressHours)
    await sql`insert into working_hours (restaurant_id, day, "from", "to")
      select id, ${h.day}, ${h.from}, ${h.to} from restaurants where slug = ${SAME_ADDRESS}`;
  await sql.end();
});

// Chromium reports every 4xx answer as a console error; the basket's 409 is the expected answer that opens the
// "start a new basket?" dialog, so exactly that one is not a problem.
const EXPECTED_CONFLICT = 'Failed to load resource: the server responded with a status of 409 (Conflict)';

// The browser's language: `/` sends a browser that does not ask for Polish to /en or /ua (spec section 2), and
// headless Chromium asks for en-US, so a test of a Polish page says that it prefers Polish.
const BROWSER_LOCALE: Record<Locale, string> = { pl: 'pl-PL', en: 'en-US', ua: 'uk-UA' };

async function openPage(viewport: keyof typeof VIEWPORTS, path: string, locale: Locale) {
  const page = await browser.newPage({
    viewport: VIEWPORTS[viewport],
    locale: BROWSER_LOCALE[locale],
  });
  const problems: string[] = [];
  /** Every script the page loaded, with the size of its body gzipped (what a visitor downloads at the least). */
  const scripts: { path: string; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ path: new URL(response.url()).pathname, gzip: gzipSync(body).length });
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text() !== EXPECTED_CONFLICT) problems.push(message.text());
  });
  const response = await page.goto(urlOn('localhost', path));
  return { page, response, problems, scripts };
}

const basketTotal = (page: Page) =>
  page.$eval('[data-basket-total]', (e) => Number((e as HTMLElement).dataset['basketTotal']));

/** Opens an item's dialog, chooses the first option of every group and adds it. */
async function addWithFirstOptions(page: Page, itemName: string) {
  await page.click(`button.add[aria-label$="${itemName}"]`);
  await page.waitForSelector('dialog.item-dialog[open]');
  for (const fieldset of await page.$$('dialog.item-dialog fieldset')) await (await fieldset.$('input'))!.check();
  await page.click('dialog.item-dialog button[type=submit]');
}

const ADDRESS = { street: 'Puławska', streetNo: '145', zip: '02-715', city: 'Warszawa' };
/** The city as each language names it. */
const WARSAW: Record<Locale, string> = { pl: 'Warszawa', en: 'Warsaw', ua: 'Варшава' };
const RESTAURANT = 'pasta-fresca-warszawa-mokotow';

describe('catalogue: from an address to the basket', () => {
  for (const locale of LOCALES)
    for (const viewport of ['phone', 'desktop'] as const)
      it(`${locale} ${viewport}: home → address → city → restaurant → required option → basket`, async () => {
        const { page, problems } = await openPage(viewport, pathFor('home', locale), locale);
        await page.waitForSelector('.address-form button[type=submit]:not([disabled])');
        // The whole form is checked on submit, and the first field in error takes the focus.
        await page.click('.address-form button[type=submit]');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('street');
        for (const [field, value] of Object.entries(ADDRESS)) await page.fill(`.address-form [name=${field}]`, value);
        await page.click('.address-form button[type=submit]');
        await page.waitForSelector(`.nearby-list a[href="${pathFor('restaurant', locale, { slug: RESTAURANT })}"]`);
        await screenshot(page, `catalogue-home-${locale}-${viewport}`);

        await Promise.all([
          page.waitForURL(`**${pathFor('city', locale, { slug: 'warszawa' })}`),
          page.click('.nearby-city'),
        ]);
        expect(await page.textContent('h1')).toContain(WARSAW[locale]);
        await screenshot(page, `catalogue-city-${locale}-${viewport}`);

        await Promise.all([
          page.waitForURL(`**${pathFor('restaurant', locale, { slug: RESTAURANT })}`),
          page.click(`a[href="${pathFor('restaurant', locale, { slug: RESTAURANT })}"]`),
        ]);
        await screenshot(page, `catalogue-restaurant-${locale}-${viewport}`);
        // The restaurant's number, grouped in the international form, dials with the country code (issue 40).
        const call = page.getByRole('link', { name: '+48 22 100 20 30', exact: true });
        expect(await call.getAttribute('href')).toBe('tel:+48221002030');

        // Spaghetti Carbonara's pasta is a required choice: refused, with the spec's sentence, until chosen.
        await page.click(`button.add[aria-label$="${menuDictionary[locale]('Spaghetti Carbonara')}"]`);
        await page.waitForSelector('dialog.item-dialog[open]');
        await page.click('dialog.item-dialog button[type=submit]');
        expect(await page.textContent('dialog.item-dialog .error')).toBe(errorMessage('requiredOptions', locale));
        expect(
          await page.evaluate(() => document.activeElement?.closest('fieldset')?.getAttribute('aria-invalid')),
        ).toBe('true');
        expect(await page.$('[data-basket-count]')).toBeNull();
        await screenshot(page, `catalogue-item-dialog-${locale}-${viewport}`);
        await page.check('dialog.item-dialog fieldset[aria-invalid] input >> nth=0');
        await page.click('dialog.item-dialog button[type=submit]');
        await page.waitForSelector('[data-basket-count="1"]');
        const first = await basketTotal(page);
        expect(first).toBeGreaterThan(0);

        await addWithFirstOptions(page, menuDictionary[locale]('Focaccia z rozmarynem'));
        await page.waitForSelector('[data-basket-count="2"]');
        expect(await basketTotal(page)).toBeGreaterThan(first);
        expect(problems).toEqual([]);
        await page.close();
      });

  for (const [locale, viewport] of [
    ['en', 'desktop'],
    ['ua', 'phone'],
    ['pl', 'phone'],
  ] as const)
    it(`${locale} ${viewport}: another restaurant's item offers to clear the basket`, async () => {
      const { page, problems } = await openPage(viewport, pathFor('restaurant', locale, { slug: RESTAURANT }), locale);
      await addWithFirstOptions(page, menuDictionary[locale]('Margherita'));
      await page.waitForSelector('[data-basket-count="1"]');

      await page.goto(urlOn('localhost', pathFor('restaurant', locale, { slug: SAME_ADDRESS })));
      const firstItem = await page.$eval('button.add', (b) =>
        b.getAttribute('aria-label')!.split(': ').slice(1).join(': '),
      );
      await addWithFirstOptions(page, firstItem);
      await page.waitForSelector('dialog.conflict-dialog[open]');
      expect(await page.textContent('dialog.conflict-dialog p')).toBe(errorMessage('restaurantLocation', locale));
      await screenshot(page, `catalogue-conflict-${locale}-${viewport}`);
      const added = page.waitForResponse(
        (r) => r.url().endsWith('/api/basket/items') && r.request().method() === 'POST' && r.ok(),
      );
      await page.click('dialog.conflict-dialog .primary');
      await added;
      // The basket now holds only this restaurant's item.
      await page.waitForSelector('dialog.conflict-dialog', { state: 'detached' });
      await page.waitForSelector('[data-basket-count="1"]');
      const basket = await page.evaluate(() => fetch('/api/basket').then((r) => r.json()));
      expect(basket.lines.map((line: { name: string }) => line.name)).toEqual([firstItem]);
      expect(problems).toEqual([]);
      await page.close();
    });

  // Issue 40: a Kyiv dish into a Warsaw basket said "you are changing restaurant"; it is food from another location.
  for (const locale of LOCALES)
    it(`${locale}: a Kyiv dish into a Warsaw basket says products from different locations cannot be ordered together`, async () => {
      const { page, problems } = await openPage('phone', pathFor('restaurant', locale, { slug: RESTAURANT }), locale);
      await addWithFirstOptions(page, menuDictionary[locale]('Margherita'));
      await page.waitForSelector('[data-basket-count="1"]');
      await page.goto(urlOn('localhost', pathFor('restaurant', locale, { slug: 'bao-house-kyiv-podil' })));
      const kyivDish = await page.$eval('button.add', (b) =>
        b.getAttribute('aria-label')!.split(': ').slice(1).join(': '),
      );
      await addWithFirstOptions(page, kyivDish);
      await page.waitForSelector('dialog.conflict-dialog[open]');
      expect(await page.textContent('dialog.conflict-dialog p')).toBe(errorMessage('mishmashedLocations', locale));
      // Keeping the basket leaves it as it was.
      await page.click('dialog.conflict-dialog button:not(.primary)');
      await page.waitForSelector('dialog.conflict-dialog', { state: 'detached' });
      const basket = await page.evaluate(() => fetch('/api/basket').then((r) => r.json()));
      expect(basket.restaurant.slug).toBe(RESTAURANT);
      expect(problems).toEqual([]);
      await page.close();
    });
});

describe('catalogue: every public page answers in every language', () => {
  it('home, city, location, concept and restaurant pages answer 200 with their content in the HTML', async () => {
    const overview = await (await fetch(urlOn('localhost', '/api/getLocationsAndConcepts'))).json();
    // A restaurant's name in each language (Bao House Kyiv Podil in English), as its page in that language shows it.
    const restaurants = new Map<string, string>();
    for (const locale of LOCALES)
      for (const city of overview.cities as { slug: string }[]) {
        const answer = await (await fetch(urlOn('localhost', `/api/cities/${city.slug}?lang=${locale}`))).json();
        for (const r of answer.restaurants as { slug: string; name: string }[])
          restaurants.set(`${locale}/${r.slug}`, r.name);
      }
    const slugs = new Set([...restaurants.keys()].map((key) => key.split('/')[1]!));
    expect(slugs.size).toBeGreaterThan(5);
    const paths = (locale: Locale) => [
      pathFor('home', locale),
      ...(overview.cities as { slug: string }[]).map((c) => pathFor('city', locale, { slug: c.slug })),
      ...(overview.locations as { slug: string }[]).map((l) => pathFor('location', locale, { slug: l.slug })),
      ...(overview.concepts as { slug: string }[]).map((c) => pathFor('concept', locale, { slug: c.slug })),
      ...[...slugs].map((slug) => pathFor('restaurant', locale, { slug })),
    ];
    for (const locale of LOCALES)
      for (const path of paths(locale)) {
        const response = await fetch(urlOn('localhost', path));
        expect(response.status, path).toBe(200);
        const html = await response.text();
        expect(html, path).toContain(`<link rel="canonical"`);
        const name = restaurants.get(`${locale}/${path.split('/').pop()!}`);
        if (name) expect(html, path).toContain(name);
      }
    // The menu is in the HTML a search engine fetches, not loaded by a script.
    const html = await (await fetch(urlOn('localhost', pathFor('restaurant', 'en', { slug: RESTAURANT })))).text();
    expect(html).toContain('Spaghetti Carbonara');
    expect(html).toContain('Puławska 145');
    // A Ukrainian restaurant's number as Ukraine writes it internationally, and dialled from anywhere.
    const kyiv = [...slugs].find((slug) => slug.includes('kyiv'))!;
    const ua = await (await fetch(urlOn('localhost', pathFor('restaurant', 'ua', { slug: kyiv })))).text();
    const dial = /<a href="tel:([^"]*)"[^>]*>([^<]*)<\/a>/.exec(ua);
    expect(dial?.slice(1), kyiv).toEqual(['+380441002030', '+380 44 100 20 30']);
    for (const locale of LOCALES)
      expect((await fetch(urlOn('localhost', pathFor('restaurant', locale, { slug: 'no-such-place' })))).status).toBe(
        404,
      );
  });
});

describe('catalogue: the concept page’s contact form', () => {
  it('cannot be sent before its island runs (only a brand’s own host answers it without one), then sends', async () => {
    // A visitor of their own: the contact form's rate limit counts per address, and other tests send it too.
    const context = await browser.newContext({
      viewport: VIEWPORTS.phone,
      locale: BROWSER_LOCALE.en,
      extraHTTPHeaders: visitorAddress(),
    });
    const page = await context.newPage();
    const release = await holdScripts(page, /\/_astro\/ContactForm\.[^/]*\.js$/);
    await page.goto(urlOn('localhost', pathFor('concept', 'en', { slug: 'pasta-fresca' })));
    const form = page.locator('.contact-form');
    await form.scrollIntoViewIfNeeded();
    expect(await page.locator('astro-island[component-url*="/ContactForm."][ssr]').count()).toBe(1);
    await form.locator('[name="name"]').fill('Ann');
    await form.locator('[name="email"]').fill('ann@example.com');
    await form.locator('[name="message"]').fill('Catering for twenty?');
    await form.locator('[name="terms"]').check();
    const send = form.locator('button[type="submit"]');
    expect(await send.isDisabled()).toBe(true);
    // Enter in a field does not send it either: the form's default button is disabled.
    await form.locator('[name="name"]').press('Enter');
    release();
    await page.waitForSelector('.contact-form button[type="submit"]:not([disabled])');
    expect(new URL(page.url()).pathname).toBe(pathFor('concept', 'en', { slug: 'pasta-fresca' }));
    expect(await form.locator('[name="message"]').inputValue()).toBe('Catering for twenty?');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/contact'));
    await send.click();
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ concept: 'pasta-fresca', name: 'Ann' });
    await page.locator('.form-ok').waitFor();
    await context.close();
  });
});

describe('catalogue: accessibility', () => {
  const pages = (locale: Locale) => [
    pathFor('home', locale),
    pathFor('city', locale, { slug: 'warszawa' }),
    pathFor('location', locale, { slug: 'warszawa-mokotow' }),
    pathFor('concept', locale, { slug: 'pasta-fresca' }),
    pathFor('restaurant', locale, { slug: RESTAURANT }),
  ];
  for (const locale of LOCALES)
    it(`${locale}: axe finds no serious or critical violation on the main pages and the item dialog`, async () => {
      const first = pathFor('home', locale);
      const { page, problems } = await openPage('phone', first, locale);
      for (const path of pages(locale)) {
        if (path !== first) await page.goto(urlOn('localhost', path));
        if (path.includes('restaurant')) {
          await page.click(`button.add[aria-label$="${menuDictionary[locale]('Spaghetti Carbonara')}"]`);
          await page.waitForSelector('dialog.item-dialog[open]');
        }
        const violations = await axeViolations(page);
        expect(violations, path).toEqual([]);
        expect(problems, path).toEqual([]);
      }
      await page.close();
    });

  // The restaurant page's budget: at most 100 KB (gzip) of JavaScript before interaction, idle islands included (the
  // islands run on React, decision 039; bench/shop.ts reports the figure with Lighthouse's). The page settles with no
  // console or CSP error.
  it('the restaurant page settles within its JavaScript budget before the visitor acts, with no console or CSP error', async () => {
    const { page, scripts, problems } = await openPage(
      'phone',
      pathFor('restaurant', 'pl', { slug: RESTAURANT }),
      'pl',
    );
    await page.waitForLoadState('networkidle');
    // requestIdleCallback islands (client:idle) have had their chance to load too.
    await page.waitForTimeout(1000);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    expect(total, scripts.map((script) => `${script.path} ${script.gzip}`).join('\n')).toBeLessThanOrEqual(100 * 1024);
    await page.close();
    expect(problems).toEqual([]);
  });
});
