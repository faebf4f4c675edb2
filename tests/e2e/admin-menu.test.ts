import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import { adminPath } from '#domain/admin-routes.ts';
import { formatMoney } from '#domain/money.ts';
import { launchBrowser, urlOn, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

// A restaurant no other browser test reads prices from; the test puts back what it changed.
const RESTAURANT = 'pierogi-babci-krakow-kazimierz';
const ORIGIN = { origin: urlOn('localhost', '').replace(/\/$/, '') };

type ShopItem = {
  id: number;
  name: string;
  price: number;
  unavailable: boolean;
  groups: unknown[];
  availability?: unknown;
};

let browser: Browser;
let admin: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext({ viewport: VIEWPORTS.desktop });
  await signIn(admin, 'admin@example.com');
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

async function shopMenu(): Promise<{ id: number; items: ShopItem[] }> {
  const response = await admin.request.get(urlOn('localhost', `/api/restaurants/${RESTAURANT}`));
  const body = (await response.json()) as { id: number; categories: { items: ShopItem[] }[] };
  return { id: body.id, items: body.categories.flatMap((c) => c.items) };
}

/** The restaurant's show screen with its menu editor hydrated and loaded. */
async function openMenu(page: Page, locale: Locale, id: number) {
  await page.goto(urlOn('localhost', adminPath(locale, { screen: 'show', entity: 'restaurants', id: String(id) })));
  await page.waitForSelector('astro-island[component-url*="/MenuEditor."]:not([ssr])', { state: 'attached' });
  await page.waitForSelector('.admin-menu-items li');
}

describe('admin menu editing', () => {
  it("pl: an item's new price and another item marked unavailable show on the shop's restaurant page", async () => {
    const { id, items } = await shopMenu();
    const [priced, soldOut] = items.filter((i) => !i.unavailable);
    const page = await admin.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await openMenu(page, 'pl', id);

    await page.getByRole('button', { name: `Edytuj: ${priced!.name}`, exact: true }).click();
    const dialog = page.locator('dialog.admin-menu-dialog[open]');
    await dialog.getByLabel(/^Cena( \*)?$/).fill(((priced!.price + 250) / 100).toFixed(2).replace('.', ','));
    await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Zapisano zmiany.');

    const available = page.getByRole('checkbox', { name: `${soldOut!.name} dostępne` });
    await available.uncheck();
    await expect.poll(() => available.isChecked()).toBe(false);
    await expect.poll(async () => (await shopMenu()).items.find((i) => i.id === soldOut!.id)?.unavailable).toBe(true);

    const visitor = await browser.newPage();
    await visitor.goto(urlOn('localhost', pathFor('restaurant', 'pl', { slug: RESTAURANT })));
    const pricedRow = visitor.locator('.restaurant-menu li.item', {
      has: visitor.getByRole('heading', { name: priced!.name, exact: true }),
    });
    const soldRow = visitor.locator('.restaurant-menu li.item', {
      has: visitor.getByRole('heading', { name: soldOut!.name, exact: true }),
    });
    expect(await pricedRow.locator('.item-price').textContent()).toBe(formatMoney(priced!.price + 250, 'PLN', 'pl'));
    expect(await soldRow.getAttribute('class')).toContain('unavailable');
    expect(await soldRow.locator('.item-price').textContent()).toBe('Chwilowo niedostępne');
    expect(await soldRow.getByRole('button').count()).toBe(0);
    await visitor.close();

    // Deleting asks first; cancelling keeps the item.
    await page.getByRole('button', { name: `Usuń: ${soldOut!.name}` }).click();
    const question = page.locator('dialog.admin-menu-confirm[open]');
    expect(await question.textContent()).toContain(soldOut!.name);
    await question.getByRole('button', { name: 'Anuluj' }).click();
    expect(await page.locator(`.admin-menu-items li[data-item="${soldOut!.id}"]`).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();

    // Put the demo data back for other files.
    await admin.request.put(urlOn('localhost', `/api/admin/menu/items/${soldOut!.id}/availability`), {
      data: { unavailable: false },
      headers: ORIGIN,
    });
    const menu = (await (await admin.request.get(urlOn('localhost', `/api/admin/menu/restaurants/${id}`))).json()) as {
      categories: { items: (ShopItem & { photo: string | null })[] }[];
    };
    const { id: _id, photo, ...item } = menu.categories.flatMap((c) => c.items).find((i) => i.id === priced!.id)!;
    const restored = await admin.request.put(urlOn('localhost', `/api/admin/menu/items/${priced!.id}`), {
      data: { ...item, photo: photo ?? '', price: priced!.price },
      headers: ORIGIN,
    });
    expect(restored.status()).toBe(200);
  });

  it('pl: ticked dishes get 10 % more, and a dish given breakfast hours says so on the restaurant page', async () => {
    const { id, items } = await shopMenu();
    const [first, second] = items.filter((i) => !i.unavailable && !i.availability);
    const page = await admin.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await openMenu(page, 'pl', id);

    await page.getByRole('checkbox', { name: `Zaznacz do zmiany cen: ${first!.name}` }).check();
    await page.getByRole('checkbox', { name: `Zaznacz do zmiany cen: ${second!.name}` }).check();
    await expect.poll(() => page.locator('.menu-tool').first().textContent()).toContain('Zaznaczone dania: 2');
    await page.getByLabel('Zmiana', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Zmień ceny' }).click();
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Zmieniono ceny dań: 2');
    const raised = Math.round(first!.price * 1.1);
    await expect
      .poll(() => page.locator(`.admin-menu-items li[data-item="${first!.id}"] .admin-menu-price`).textContent())
      .toBe(formatMoney(raised, 'PLN', 'pl'));

    // Breakfast hours in the item's form.
    await page.getByRole('button', { name: `Edytuj: ${first!.name}`, exact: true }).click();
    const dialog = page.locator('dialog.admin-menu-dialog[open]');
    await dialog.getByLabel('Tylko w wybranych godzinach').check();
    await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.locator(`.admin-menu-items li[data-item="${first!.id}"] .menu-window`).textContent())
      .toBe('dostępne 7–11');

    const visitor = await browser.newPage({ viewport: VIEWPORTS.phone });
    await visitor.goto(urlOn('localhost', pathFor('restaurant', 'pl', { slug: RESTAURANT })));
    const row = visitor.locator('.restaurant-menu li.item', {
      has: visitor.getByRole('heading', { name: first!.name, exact: true }),
    });
    expect(await row.locator('.item-window').textContent()).toBe('dostępne 7–11');
    await visitor.close();
    expect(problems).toEqual([]);

    // Put the demo data back for other files.
    const menu = (await (await admin.request.get(urlOn('localhost', `/api/admin/menu/restaurants/${id}`))).json()) as {
      categories: { items: (ShopItem & { photo: string | null })[] }[];
    };
    for (const original of [first!, second!]) {
      const { id: itemId, photo, ...item } = menu.categories.flatMap((c) => c.items).find((i) => i.id === original.id)!;
      const restored = await admin.request.put(urlOn('localhost', `/api/admin/menu/items/${itemId}`), {
        data: { ...item, photo: photo ?? '', price: original.price, availability: null },
        headers: ORIGIN,
      });
      expect(restored.status()).toBe(200);
    }
  });

  it('the menu editor and an item form, in pl, en and ua at phone and desktop width', async () => {
    const { id, items } = await shopMenu();
    const withGroups = items.find((i) => i.groups.length > 0) ?? items[0]!;
    mkdirSync('test-results/screenshots', { recursive: true });
    for (const viewport of ['phone', 'desktop'] as const) {
      const context = await browser.newContext({
        viewport: VIEWPORTS[viewport],
        storageState: await admin.storageState(),
      });
      const page = await context.newPage();
      for (const locale of ['pl', 'en', 'ua'] as const) {
        await openMenu(page, locale, id);
        // The editor's top as the admin scrolls to it; the restaurant's own form above has its screenshots in
        // admin-forms.test.ts.
        await page.locator('.admin-menu h2').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: `test-results/screenshots/admin-menu-${locale}-${viewport}.png` });
        await page
          .locator(`.admin-menu-items li[data-item="${withGroups.id}"] .admin-menu-buttons button`)
          .first()
          .click();
        await page.waitForSelector('dialog.admin-menu-dialog[open]');
        await page.screenshot({ path: `test-results/screenshots/admin-menu-item-${locale}-${viewport}.png` });
        await page.locator('.admin-menu-groups h3').evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: `test-results/screenshots/admin-menu-groups-${locale}-${viewport}.png` });
        await page.keyboard.press('Escape');
        await page.locator('dialog.admin-menu-dialog').waitFor({ state: 'detached' });
      }
      await context.close();
    }
  }, 180_000);
});
