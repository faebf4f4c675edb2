import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import { stripEmoji } from '#domain/orders.ts';
import { menuDictionary } from '#db/seed/index.ts';
import { allergenTexts } from '#i18n/allergen-texts.ts';
import { m } from '#i18n/paraglide/messages.js';
import { messageLocale } from '#i18n/messages.ts';
import { adminPath } from '#domain/admin-routes.ts';
import { axeViolations, holdScripts, launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

// Issue 36 (EU Regulation 1169/2011): a restaurant page names each dish's allergens before the purchase, in the
// page's language, says "ask the restaurant" where the restaurant gave none, and its filter hides the dishes that
// contain a group the visitor avoids. Read-only: it changes no menu.

const RESTAURANT = 'pasta-fresca-warszawa-mokotow';
const BROWSER_LOCALE: Record<Locale, string> = { pl: 'pl-PL', en: 'en-US', ua: 'uk-UA' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A dish's card by its Polish name, as the page's language writes it. */
const card = (page: Page, locale: Locale, polish: string) =>
  page.locator('.restaurant-menu .item', {
    has: page.locator('h3', { hasText: new RegExp(`^${stripEmoji(menuDictionary[locale](polish))}$`) }),
  });

async function open(locale: Locale, viewport: keyof typeof VIEWPORTS, hold = false) {
  const page = await browser.newPage({ viewport: VIEWPORTS[viewport], locale: BROWSER_LOCALE[locale] });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const release = hold ? await holdScripts(page) : () => {};
  const response = await page.goto(urlOn('localhost', pathFor('restaurant', locale, { slug: RESTAURANT })), {
    // Module scripts hold DOMContentLoaded back: with them held, the page is read as it streams in.
    waitUntil: hold ? 'commit' : 'load',
  });
  expect(response?.status()).toBe(200);
  return { page, problems, release };
}

describe('allergens on the restaurant page', () => {
  for (const [locale, viewport] of [
    ['pl', 'phone'],
    ['en', 'desktop'],
    ['ua', 'phone'],
  ] as const)
    it(`${locale} ${viewport}: each dish names its allergens, and the filter hides those that contain one`, async () => {
      const texts = allergenTexts(locale);
      const l = { locale: messageLocale(locale) };
      const { page, problems } = await open(locale, viewport);
      // A long list wraps between its names: nothing makes the page wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS[viewport].width,
      );

      // Icon and name: the name is the text a screen reader reads, the icon is hidden from it.
      const tuna = card(page, locale, 'Sałatka z tuńczykiem');
      await expect(tuna.locator('.allergens-contains').innerText()).resolves.toBe(
        texts.contains.replace('{list}', `${texts.names.eggs}, ${texts.names.fish}`),
      );
      expect(await tuna.locator('.allergen-icon').count()).toBe(2);
      expect(await tuna.locator('.allergen-icon[aria-hidden="true"]').count()).toBe(2);
      // No data is said, not left blank; an empty list says none of the fourteen.
      await expect(card(page, locale, 'Carpaccio wołowe').locator('.allergens').innerText()).resolves.toBe(
        texts.unknown,
      );
      await expect(card(page, locale, 'Oliwki marynowane').locator('.allergens').innerText()).resolves.toBe(texts.none);
      // Traces are named as such.
      await expect(card(page, locale, 'Affogato').locator('.allergens-traces').innerText()).resolves.toBe(
        texts.mayContain.replace('{list}', texts.names.nuts),
      );

      // The filter: a disclosure of fourteen named boxes, used from the keyboard.
      const filter = page.locator('form.allergen-filter');
      await filter.locator('summary').focus();
      await page.keyboard.press('Enter');
      const fish = filter.getByRole('checkbox', { name: texts.names.fish, exact: true });
      await fish.focus();
      await page.keyboard.press('Space');
      await expect(fish.isChecked()).resolves.toBe(true);
      await tuna.waitFor({ state: 'hidden' });
      const status = filter.getByRole('status');
      await expect(status.innerText()).resolves.toBe(m.allergen_filter_hidden({ count: 1 }, l));
      // A dish that may contain the group, or has no data, stays listed.
      expect(await card(page, locale, 'Carpaccio wołowe').isVisible()).toBe(true);

      // Milk too: every pizza has cheese, so the pizza heading goes with its dishes.
      await filter.getByRole('checkbox', { name: texts.names.milk, exact: true }).check();
      const pizza = page.locator('.restaurant-menu .category', {
        has: page.locator('h2', { hasText: /^(Pizza|Піца)$/ }),
      });
      await pizza.waitFor({ state: 'hidden' });
      expect(await card(page, locale, 'Margherita').isVisible()).toBe(false);
      const hidden = await page.evaluate(
        () => [...document.querySelectorAll('.restaurant-menu .item')].filter((item) => !item.checkVisibility()).length,
      );
      expect(hidden).toBeGreaterThan(5);
      await expect(status.innerText()).resolves.toBe(m.allergen_filter_hidden({ count: hidden }, l));
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `allergens-filter-${locale}-${viewport}`);

      // "Show all" brings every dish back.
      await filter.getByRole('button', { name: m.allergen_filter_clear({}, l) }).click();
      await tuna.waitFor({ state: 'visible' });
      await pizza.waitFor({ state: 'visible' });
      await expect(status.innerText()).resolves.toBe('');
      expect(problems).toEqual([]);
      await page.close();
    });

  it('the filter hides a dish before any script has arrived (CSS only)', async () => {
    const { page, release } = await open('en', 'phone', true);
    await page.locator('.restaurant-menu .item').last().waitFor();
    await page.locator('form.allergen-filter summary').click();
    await page.locator('#avoid-fish').check();
    await card(page, 'en', 'Sałatka z tuńczykiem').waitFor({ state: 'hidden' });
    expect(await card(page, 'en', 'Insalata mista').isVisible()).toBe(true);
    release();
    await page.close();
  });

  it('the dish dialog shows the allergens of the options chosen, as they change, before "add"', async () => {
    const texts = allergenTexts('en');
    const { page } = await open('en', 'desktop');
    const carbonara = card(page, 'en', 'Spaghetti Carbonara');
    // The card says the options may add some.
    await expect(carbonara.locator('.allergens-options').innerText()).resolves.toBe(texts.optionsAdd);
    await carbonara.locator('button.add').click();
    const dialog = page.locator('dialog.item-dialog');
    await dialog.waitFor();
    const union = dialog.locator('.item-allergens .allergens-contains');
    const names = (...ids: (keyof typeof texts.names)[]) =>
      texts.contains.replace('{list}', ids.map((id) => texts.names[id]).join(', '));
    await expect(union.innerText()).resolves.toBe(names('eggs', 'milk'));
    await dialog.getByRole('radio', { name: 'Tagliatelle' }).check();
    await expect(union.innerText()).resolves.toBe(names('gluten', 'eggs', 'milk'));
    await dialog.getByRole('radio', { name: /^Gluten-free/ }).check();
    await expect(union.innerText()).resolves.toBe(names('eggs', 'milk'));
    await dialog.getByRole('checkbox', { name: /^Burrata/ }).check();
    await expect(union.innerText()).resolves.toBe(names('eggs', 'milk'));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'allergens-dialog-en-desktop');
    await page.close();
  });

  it('ua: the admin marks a dish as containing sesame in the menu form, and the shop shows it', async () => {
    const l = { locale: messageLocale('ua') };
    const texts = allergenTexts('ua');
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await signIn(context, 'admin@example.com');
    const menu = (await (await context.request.get(urlOn('localhost', `/api/restaurants/${RESTAURANT}`))).json()) as {
      id: number;
    };
    const page = await context.newPage();
    await page.goto(
      urlOn('localhost', adminPath('ua', { screen: 'show', entity: 'restaurants', id: String(menu.id) })),
    );
    await page.waitForSelector('astro-island[component-url*="/MenuEditor."]:not([ssr])', { state: 'attached' });
    // The admin edits the menu as written, in Polish.
    await page.getByRole('button', { name: m.admin_menu_editNamed({ name: 'Panzanella' }, l), exact: true }).click();
    const dialog = page.locator('dialog.admin-menu-dialog[open]');
    const allergens = dialog.getByRole('group', { name: m.allergen_admin_legend({}, l), exact: true }).first();
    await expect(allergens.getByRole('checkbox', { name: m.allergen_admin_given({}, l) }).isChecked()).resolves.toBe(
      true,
    );
    await allergens.getByLabel(texts.names.sesame, { exact: true }).selectOption('contains');
    await allergens.getByLabel(texts.names.celery, { exact: true }).selectOption('mayContain');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'allergens-admin-ua-phone');
    await dialog.getByRole('button', { name: m.admin_forms_save({}, l) }).click();
    await dialog.waitFor({ state: 'detached' });

    const shop = await context.newPage();
    await shop.goto(urlOn('localhost', pathFor('restaurant', 'ua', { slug: RESTAURANT })));
    const panzanella = card(shop, 'ua', 'Panzanella');
    await expect(panzanella.locator('.allergens-contains').innerText()).resolves.toBe(
      texts.contains.replace('{list}', `${texts.names.gluten}, ${texts.names.sesame}`),
    );
    await expect(panzanella.locator('.allergens-traces').innerText()).resolves.toBe(
      texts.mayContain.replace('{list}', texts.names.celery),
    );
    await context.close();
  });
});
