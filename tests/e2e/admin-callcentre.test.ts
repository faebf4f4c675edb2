import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminPath } from '#domain/admin-routes.ts';
import type { Locale } from '#domain/localized-routes.ts';
import { axeViolations, holdScripts, launchBrowser, screenshot, urlOn } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';
import { waitForMail } from '../helpers/mail.ts';

let browser: Browser;
/** The agent's signed-in session, made once: the login form has its own tests, and its rate limit. */
let session: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  await signIn(context, 'callcenter@example.com');
  session = await context.storageState();
  await context.close();
});
afterAll(() => browser?.close());

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const RESTAURANT = 'Pasta Fresca Warszawa Mokotów';

/** The words each language's run clicks and reads: from messages/*.json, so a missing translation fails here. */
const TEXTS = {
  pl: { find: 'Szukaj', search: 'Szukaj restauracji', next: 'Następna rozmowa' },
  en: { find: 'Find', search: 'Search restaurants', next: 'Next call' },
  ua: { find: 'Знайти', search: 'Шукати ресторани', next: 'Наступний дзвінок' },
} as const;

/** A call-centre agent's page on the new-order screen, hydrated. */
async function agentPage(viewport: { width: number; height: number }, locale: Locale) {
  const context = await browser.newContext({ viewport, storageState: session });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  await page.goto(urlOn('localhost', adminPath(locale, { screen: 'add', entity: 'orders' })));
  await page.waitForSelector('astro-island[component-url*="/PhoneOrder."]:not([ssr])', { state: 'attached' });
  return { page, problems, close: () => context.close() };
}

async function findCaller(page: Page, locale: Locale) {
  await page.fill('#cc-phone', '600 700 800');
  await page.getByRole('button', { name: TEXTS[locale].find, exact: true }).click();
  await expect.poll(() => page.inputValue('#cc-order-firstname')).toBe('Jan');
}

async function openRestaurant(page: Page, locale: Locale) {
  await page.fill('#cc-restaurant-query', 'mokot');
  await page.getByRole('button', { name: TEXTS[locale].search }).click();
  await page.locator('.cc-restaurant', { hasText: RESTAURANT }).click();
  await page.waitForSelector('#cc-menu-title');
}

async function fillAddress(page: Page) {
  await page.fill('#cc-order-street', 'Puławska');
  await page.fill('#cc-order-streetNo', '145');
  await page.fill('#cc-order-zip', '02-715');
  await page.fill('#cc-order-city', 'Warszawa');
}

describe('the call centre’s new-order screen', () => {
  it('takes a phone order paid on delivery: caller by phone, a dish with options, the order with source cc', async () => {
    const { page, problems, close } = await agentPage(DESKTOP, 'pl');
    await findCaller(page, 'pl');
    // The caller's account is picked (one account with the number) and the earlier order shows.
    expect(await page.getByRole('radio', { name: /Jan Kowalski/ }).isChecked()).toBe(true);

    await openRestaurant(page, 'pl');
    // A dish with a required option opens the shop's item dialog; it refuses until the option is chosen.
    await page.getByRole('button', { name: 'Dodaj Spaghetti Carbonara' }).click();
    const dialog = page.locator('dialog.item-dialog[open]');
    await dialog.locator('button[type=submit]').click();
    await dialog.getByText('Please select required options').or(dialog.locator('.error:not(:empty)')).waitFor();
    await dialog.getByLabel('Tagliatelle').check();
    await dialog.locator('button[type=submit]').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Dodaj Tiramisu' }).click();
    await expect.poll(() => page.locator('.cc-lines li').count()).toBe(2);

    await fillAddress(page);
    await page.fill('#cc-order-email', 'jan.telefon@example.com');
    await page.getByLabel('Gotówką przy odbiorze').check();
    await page.getByRole('button', { name: /^Złóż zamówienie/ }).click();
    // Consents are the caller's: asked for, then ticked.
    await page.locator('#cc-order-consent-orderWithObligation-error').waitFor();
    for (const consent of ['agree1', 'agree2', 'orderWithObligation'])
      await page.locator(`input[name="consents.${consent}"]`).check();
    await page.getByRole('button', { name: /^Złóż zamówienie/ }).click();

    const placed = page.locator('#cc-placed-title');
    await placed.waitFor();
    expect(await placed.textContent()).toMatch(/^Zamówienie \S+ złożone$/);
    await page.getByText('Zamówienie czeka na akceptację restauracji.').waitFor();
    const statusLink = await page.getByRole('link', { name: 'Strona statusu zamówienia' }).getAttribute('href');
    expect(statusLink).toMatch(/^\/status\/[0-9a-f-]{36}\/.+/);

    // The caller's confirmation carries the same status page.
    const mail = await waitForMail(inject('mailDir'), 'jan.telefon@example.com');
    expect(mail.links.some((link) => link.includes(statusLink!.split('/')[2]!))).toBe(true);

    await page.getByRole('button', { name: TEXTS.pl.next }).click();
    expect(await page.inputValue('#cc-phone')).toBe('');
    expect(problems).toEqual([]);
    await close();
  });

  it('takes a phone order paid by Blik for a caller without an account', async () => {
    const { page, problems, close } = await agentPage(DESKTOP, 'en');
    await page.fill('#cc-phone', '+48 511 222 333');
    await page.getByRole('button', { name: TEXTS.en.find, exact: true }).click();
    await page.getByText('No account or earlier order with this number').waitFor();
    await openRestaurant(page, 'en');
    await page.getByRole('button', { name: 'Add Tiramisu' }).click();
    await page.getByRole('button', { name: 'Add Panna cotta' }).click();
    await expect.poll(() => page.locator('.cc-lines li').count()).toBe(2);
    // Two of each: above the restaurant's minimum order.
    await page.getByLabel('Quantity of Tiramisu').fill('3');
    await expect.poll(() => page.getByLabel('Quantity of Tiramisu').inputValue()).toBe('3');

    await page.fill('#cc-order-firstname', 'Ola');
    await page.fill('#cc-order-lastname', 'Nowak');
    await page.fill('#cc-order-email', 'ola.blik@example.com');
    await fillAddress(page);
    // Only channel cc's methods of Poland are offered: Blik and on delivery, no Google Pay or fast transfer.
    const methods = await page
      .locator('fieldset:has(legend:text-is("Payment")) input[type=radio]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).sort());
    expect(methods).toEqual(['blik', 'cardOnDelivery', 'cashOnDelivery']);
    await page.getByLabel('BLIK (the caller reads the code)').check();
    await page.fill('#cc-order-blikCode', '123456');
    for (const consent of ['agree1', 'agree2', 'providerTerms', 'orderWithObligation'])
      await page.locator(`input[name="consents.${consent}"]`).check();
    await page.getByRole('button', { name: /^Place the order/ }).click();
    await page.locator('#cc-placed-title').waitFor();
    await page.getByText('The caller now confirms the BLIK payment in their banking app.').waitFor();
    expect(problems).toEqual([]);
    await close();
  });

  it('keeps the phone and the restaurant search an agent typed before the screen’s island had loaded', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, storageState: session });
    const page = await context.newPage();
    // The scripts are held back, as on a slow line: the screen is painted long before its island runs.
    const release = await holdScripts(page);
    await page.goto(urlOn('localhost', adminPath('en', { screen: 'add', entity: 'orders' })), { waitUntil: 'commit' });
    await page.fill('#cc-phone', '600 700 800');
    await page.fill('#cc-restaurant-query', 'mokot');
    release();
    await page.waitForSelector('astro-island[component-url*="/PhoneOrder."]:not([ssr])', { state: 'attached' });
    expect(await page.inputValue('#cc-phone')).toBe('600 700 800');
    expect(await page.inputValue('#cc-restaurant-query')).toBe('mokot');
    await page.getByRole('button', { name: TEXTS.en.find, exact: true }).click();
    await expect.poll(() => page.inputValue('#cc-order-firstname')).toBe('Jan');
    await context.close();
  });

  for (const locale of ['pl', 'en', 'ua'] as const)
    it(`${locale}: looks right at 1280 and 375 px, and axe finds no serious or critical violation`, async () => {
      for (const [name, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { page, problems, close } = await agentPage(viewport, locale);
        await findCaller(page, locale);
        await openRestaurant(page, locale);
        await page.locator('.cc-menu button.cc-small:not([disabled])').first().click();
        await page.locator('.cc-lines li').first().waitFor();
        const violations = await axeViolations(page);
        expect(violations).toEqual([]);
        await screenshot(page, `admin-callcentre-${locale}-${name}`);
        const wider = await page.evaluate((width) => {
          // The screen's own markup; the admin navbar is the layout's.
          const all = [...document.querySelectorAll<HTMLElement>('.cc-screen, .cc-screen *')];
          return all
            .filter((element) => element.getBoundingClientRect().right > width + 1)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
            .slice(0, 5);
        }, viewport.width);
        expect(wider, 'no sideways scrolling').toEqual([]);
        // The part an agent works in on a phone: the basket and the form, as the screen shows them.
        await page.locator('#cc-basket-title').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/screenshots/admin-callcentre-${locale}-${name}-basket.png` });
        expect(problems).toEqual([]);
        await close();
      }
    });
});
