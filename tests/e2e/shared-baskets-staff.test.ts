import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminPath } from '#domain/admin-routes.ts';
import type { Locale } from '#domain/localized-routes.ts';
import { axeViolations, launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

// Issue 35 for the staff: the admin's shared-baskets setting of a location, and the call centre's basket across the
// brands of Mokotów's kitchen (which shares baskets in the demo).
let browser: Browser;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;
let agentState: Awaited<ReturnType<BrowserContext['storageState']>>;
beforeAll(async () => {
  browser = await launchBrowser();
  for (const [email, keep] of [
    ['admin@example.com', (s: typeof adminState) => (adminState = s)],
    ['callcenter@example.com', (s: typeof agentState) => (agentState = s)],
  ] as const) {
    const context = await browser.newContext();
    await signIn(context, email);
    keep(await context.storageState());
    await context.close();
  }
});
const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
afterAll(async () => {
  await browser?.close();
  await sql.end();
});

/** Switches a restaurant off or on, as an admin would (the other test files share this server: always back on). */
const setEnabled = (slug: string, isEnabled: boolean) =>
  sql`update restaurants set is_enabled = ${isEnabled} where slug = ${slug}`;

const TABLET = { width: 768, height: 1024 };
const ORIGIN = { origin: urlOn('localhost', '').replace(/\/$/, '') };

/** The setting's words in each language (messages/*.json): a missing translation fails here. */
const SETTING = {
  pl: { label: 'Wspólny koszyk marek', hint: 'Jeden koszyk dla wszystkich marek gotowanych w tej kuchni' },
  en: { label: 'One basket for all brands', hint: 'One basket for every brand cooked here' },
  ua: { label: 'Спільний кошик брендів', hint: 'Один кошик для всіх брендів, які готують на цій кухні' },
} as const;

async function pageOf(state: typeof adminState, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, storageState: state });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  return { context, page, problems };
}

/** No element of `selector`'s subtree reaches past the viewport's width. */
const sideways = (page: Page, selector: string, width: number) =>
  page.evaluate(
    ({ selector, width }) =>
      [...document.querySelectorAll<HTMLElement>(`${selector}, ${selector} *`)]
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
        .slice(0, 5),
    { selector, width },
  );

describe('admin: a location’s shared baskets', () => {
  it('shows Mokotów’s setting on, with its hint, in every language at 1280 and 390 px', async () => {
    for (const locale of ['pl', 'en', 'ua'] as const)
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const { context, page, problems } = await pageOf(adminState, viewport);
        const found = await context.request.get(urlOn('localhost', '/api/admin/locations?q=Mokot'));
        const { rows } = (await found.json()) as { rows: { id: number; sharedBaskets: boolean }[] };
        expect(rows[0]?.sharedBaskets).toBe(true);
        await page.goto(
          urlOn('localhost', adminPath(locale, { screen: 'show', entity: 'locations', id: String(rows[0]!.id) })),
        );
        await page.waitForSelector('astro-island[component-url*="/LocationForm."]:not([ssr])', { state: 'attached' });
        await page.waitForSelector('form.admin-form button[type=submit]:not([disabled])');
        const box = page.getByLabel(SETTING[locale].label, { exact: true });
        await expect.poll(() => box.isChecked()).toBe(true);
        // The hint is the box's description, read out with it.
        const described = await box.getAttribute('aria-describedby');
        const hint = await page.locator(`[id="${described?.split(' ')[0]}"]`).textContent();
        expect(hint).toContain(SETTING[locale].hint);
        await box.scrollIntoViewIfNeeded();
        expect(await axeViolations(page)).toEqual([]);
        expect(await sideways(page, 'form.admin-form', viewport.width)).toEqual([]);
        await screenshot(page, `shared-baskets-location-${locale}-${name}`);
        await box.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/screenshots/shared-baskets-location-${locale}-${name}-box.png` });
        expect(problems).toEqual([]);
        await context.close();
      }
  });

  it('en: a location added with the box ticked shares baskets; unticked, it stops', async () => {
    const { context, page, problems } = await pageOf(adminState, VIEWPORTS.phone);
    await page.goto(urlOn('localhost', adminPath('en', { screen: 'add', entity: 'locations' })));
    await page.waitForSelector('astro-island[component-url*="/LocationForm."]:not([ssr])', { state: 'attached' });
    const field = (label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));
    for (const [label, value] of [
      ['Name', 'Shared spot'],
      ['Slug \\(address\\)', 'shared-spot'],
      ['Street', 'Prosta'],
      ['Building number', '7'],
      ['Zip code', '00-850'],
      ['City', 'Warszawa'],
      ['City slug', 'warszawa'],
      ['Latitude', '52.23'],
      ['Longitude', '21.01'],
    ] as const)
      await field(label).fill(value);
    const box = page.getByLabel(SETTING.en.label, { exact: true });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL(/\/admin\/locations\/show\/[^/]+$/);
    const id = decodeURIComponent(page.url().split('/').pop() ?? '');
    const read = async () =>
      (
        (await (await context.request.get(urlOn('localhost', `/api/admin/locations/${id}`))).json()) as {
          location: { sharedBaskets: boolean };
        }
      ).location.sharedBaskets;
    expect(await read()).toBe(true);
    await page.waitForSelector('form.admin-form button[type=submit]:not([disabled])');
    await expect.poll(() => box.isChecked()).toBe(true);
    await box.uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Changes saved.');
    expect(await read()).toBe(false);
    // Gone again: the other test files share this server.
    const removed = await context.request.delete(urlOn('localhost', `/api/admin/locations/${id}`), { headers: ORIGIN });
    expect(removed.status()).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** The agent's new-order screen, hydrated, with the demo caller found. */
async function agentScreen(locale: Locale, viewport: { width: number; height: number }) {
  const { context, page, problems } = await pageOf(agentState, viewport);
  await page.goto(urlOn('localhost', adminPath(locale, { screen: 'add', entity: 'orders' })));
  await page.waitForSelector('astro-island[component-url*="/PhoneOrder."]:not([ssr])', { state: 'attached' });
  return { context, page, problems };
}

/** Opens a restaurant from the finder and adds a plain dish of its menu by its name. */
async function addFrom(
  page: Page,
  restaurant: string,
  dish: string,
  addLabel: (name: string) => string,
  before?: () => Promise<void>,
) {
  await page.locator('.cc-restaurant', { hasText: restaurant }).click();
  // The menu comes in the screen's language, the place's name with it (Warsaw, Варшава): its brand is the same.
  await expect.poll(() => page.locator('#cc-menu-title').textContent()).toContain(restaurant.split(' Warszawa')[0]);
  const lines = await page.locator('.cc-lines li').count();
  await before?.();
  await page.getByRole('button', { name: addLabel(dish), exact: true }).click();
  await expect.poll(() => page.locator('.cc-lines li').count()).toBe(lines + 1);
}

describe('call centre: one basket across the brands of Mokotów’s kitchen', () => {
  it('en: builds a three-brand basket from the kitchen’s brands, grouped by brand, and places one order', async () => {
    const { context, page, problems } = await agentScreen('en', VIEWPORTS.desktop);
    await page.fill('#cc-phone', '600 700 800');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect.poll(() => page.inputValue('#cc-order-firstname')).toBe('Jan');
    await page.fill('#cc-restaurant-query', 'mokot');
    await page.getByRole('button', { name: 'Search restaurants' }).click();
    const add = (name: string) => `Add ${name}`;
    await addFrom(page, 'Pasta Fresca Warszawa Mokotów', 'Tiramisu', add);

    // The kitchen's other brands come first, each saying its dishes join the basket.
    const kitchen = page.getByRole('group', { name: /^Also cooked at/ });
    await kitchen.waitFor();
    const sushi = kitchen.locator('.cc-restaurant', { hasText: 'Sushi Kaizen Warszawa Mokotów' });
    expect(await sushi.locator('.cc-fit').textContent()).toBe('Joins the basket');
    expect(
      await kitchen
        .locator('.cc-restaurant', { hasText: 'Pasta Fresca Warszawa Mokotów' })
        .locator('.cc-fit')
        .textContent(),
    ).toBe('In the basket');
    // Its menu says so before a dish is added.
    await addFrom(page, 'Sushi Kaizen Warszawa Mokotów', 'Chicken gyoza', add, () =>
      page.getByText('Cooked in the same kitchen: these dishes join the caller’s basket').waitFor(),
    );
    await addFrom(page, 'Pierogi Babci Warszawa Mokotów', 'Cabbage rolls in tomato sauce', add);

    // One basket, a heading per brand.
    const brands = page.locator('.cc-brand');
    await expect.poll(() => brands.count()).toBe(3);
    expect((await brands.allTextContents()).join(' | ')).toMatch(/Pasta Fresca.*Sushi Kaizen.*Pierogi Babci|Pasta/);

    // Another kitchen's restaurant says it needs an empty basket, before a dish is tried.
    await page.fill('#cc-restaurant-query', 'taco');
    await page.getByRole('button', { name: 'Search restaurants' }).click();
    const taco = page.locator('.cc-restaurant', { hasText: 'Taco Loco' }).first();
    await expect.poll(() => taco.locator('.cc-fit').textContent()).toBe('Needs an empty basket');
    await taco.click();
    await page.getByText('The basket holds food from another kitchen').waitFor();
    await page.locator('.cc-restaurant', { hasText: 'Pierogi Babci Warszawa Mokotów' }).click();
    await expect.poll(() => page.locator('#cc-menu-title').textContent()).toContain('Pierogi Babci');

    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'shared-baskets-cc-en-desktop');
    await page.locator('#cc-basket-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/shared-baskets-cc-en-desktop-basket.png' });
    await page.setViewportSize(TABLET);
    expect(await sideways(page, '.cc-screen', TABLET.width)).toEqual([]);
    await screenshot(page, 'shared-baskets-cc-en-tablet');
    await page.locator('#cc-basket-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/shared-baskets-cc-en-tablet-basket.png' });

    // Sushi Kaizen is switched off while the caller talks: the next change shows its lines stopping the order, and
    // one button removes just them.
    const SUSHI = 'sushi-kaizen-warszawa-mokotow';
    try {
      await setEnabled(SUSHI, false);
      await page.getByLabel('Quantity of Tiramisu').fill('2');
      const closed = page.locator('.cc-brand', { hasText: 'Sushi Kaizen' });
      await expect.poll(() => closed.textContent()).toContain('Closed now: blocks the order');
      expect(await page.locator('.cc-line-blocked').count()).toBe(1);
      expect(await page.locator('.cc-line-blocked').textContent()).toContain('Chicken gyoza');
      await page.locator('#cc-basket-title').scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: 'test-results/screenshots/shared-baskets-cc-en-tablet-blocked.png' });
      await page.getByRole('button', { name: 'Remove the lines that block the order' }).click();
      await expect.poll(() => page.locator('.cc-lines li').count()).toBe(2);
      expect(await page.locator('.cc-brand').count()).toBe(2);
      expect(await page.locator('.cc-line-blocked').count()).toBe(0);
    } finally {
      await setEnabled(SUSHI, true);
    }
    // Back on: the gyoza goes in again, from the kitchen's list of brands.
    await addFrom(page, 'Sushi Kaizen Warszawa Mokotów', 'Chicken gyoza', add);
    await expect.poll(() => page.locator('.cc-brand').count()).toBe(3);

    await page.fill('#cc-order-street', 'Puławska');
    await page.fill('#cc-order-streetNo', '145');
    await page.fill('#cc-order-zip', '02-715');
    await page.fill('#cc-order-city', 'Warszawa');
    await page.fill('#cc-order-email', 'family.phone@example.com');
    await page.getByLabel('Cash on delivery').check();
    for (const consent of ['agree1', 'agree2', 'orderWithObligation'])
      await page.locator(`input[name="consents.${consent}"]`).check();
    await page.getByRole('button', { name: /^Place the order/ }).click();
    await page.locator('#cc-placed-title').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const [locale, words] of [
    [
      'pl',
      {
        find: 'Szukaj',
        search: 'Szukaj restauracji',
        add: (name: string) => `Dodaj ${name}`,
        dishes: ['Tiramisu', 'Gyoza z kurczakiem', 'Gołąbki w sosie pomidorowym'],
      },
    ],
    [
      'ua',
      {
        find: 'Знайти',
        search: 'Шукати ресторани',
        add: (name: string) => `Додати ${name}`,
        dishes: ['Тірамісу', 'Ґьоза з куркою', 'Голубці в томатному соусі'],
      },
    ],
  ] as const)
    it(`${locale}: the kitchen's brands and the basket's brand headings at 768 px`, async () => {
      const { context, page, problems } = await agentScreen(locale, TABLET);
      await page.fill('#cc-restaurant-query', 'mokot');
      await page.getByRole('button', { name: words.search }).click();
      await addFrom(page, 'Pasta Fresca Warszawa Mokotów', words.dishes[0], words.add);
      await page.locator('#cc-kitchen-title').waitFor();
      await addFrom(page, 'Sushi Kaizen Warszawa Mokotów', words.dishes[1], words.add);
      await addFrom(page, 'Pierogi Babci Warszawa Mokotów', words.dishes[2], words.add);
      await expect.poll(() => page.locator('.cc-brand').count()).toBe(3);
      expect(await axeViolations(page)).toEqual([]);
      expect(await sideways(page, '.cc-screen', TABLET.width)).toEqual([]);
      await screenshot(page, `shared-baskets-cc-${locale}-tablet`);
      expect(problems).toEqual([]);
      await context.close();
    });
});
