// A brand's shared modifier group (issue 38, decision 058), as an operator makes one and a customer meets it.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pathFor } from '#domain/localized-routes.ts';
import { adminPath } from '#domain/admin-routes.ts';
import { launchBrowser, urlOn, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

// Open around the clock in the demo data, so the customer's page offers its dishes at any hour.
const RESTAURANT = 'pasta-fresca-warszawa-mokotow';
const ORIGIN = { origin: urlOn('localhost', '').replace(/\/$/, '') };
const TABLET = { width: 768, height: 1024 };
const GROUP = 'Sosy do stołu';

type ShopItem = { id: number; name: string; unavailable: boolean; groups: { name: string }[] };

let browser: Browser;
let admin: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext({ viewport: TABLET });
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

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('brand modifier groups in the admin', () => {
  it('pl, 768 px: an operator defines a group, attaches it to two dishes, and a customer sees it on both', async () => {
    const { id, items } = await shopMenu();
    const [first, second] = items.filter((i) => !i.unavailable && i.groups.length === 0);
    const editor = (await (
      await admin.request.get(urlOn('localhost', `/api/admin/menu/restaurants/${id}`))
    ).json()) as {
      brand: { id: number };
    };
    const page = await admin.newPage();
    const problems = watch(page);

    // The brand's page: define the group.
    await page.goto(
      urlOn('localhost', adminPath('pl', { screen: 'show', entity: 'concepts', id: String(editor.brand.id) })),
    );
    await page.waitForSelector('astro-island[component-url*="/BrandGroupsEditor."]:not([ssr])', { state: 'attached' });
    await page.getByRole('button', { name: 'Dodaj grupę marki' }).click();
    const dialog = page.locator('dialog.admin-menu-dialog[open]');
    await dialog
      .getByLabel(/^Nazwa( \*)?$/)
      .first()
      .fill(GROUP);
    await dialog.getByLabel('Nazwa: angielski').first().fill('Table sauces');
    await dialog.getByLabel('Nazwa: ukraiński').first().fill('Соуси до столу');
    await dialog.getByLabel('Najwięcej wyborów').fill('2');
    await dialog
      .getByLabel(/^Nazwa( \*)?$/)
      .nth(1)
      .fill('Czosnkowy');
    await dialog
      .getByLabel(/^Dopłata( \*)?$/)
      .first()
      .fill('3,50');
    await dialog.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await dialog.waitFor({ state: 'detached' });
    const listed = page.locator('section[data-brand-group]', { has: page.getByRole('heading', { name: GROUP }) });
    await expect.poll(() => listed.textContent()).toContain('Czosnkowy');
    expect(await listed.textContent()).toContain('Nie jest dołączona do żadnego dania.');
    mkdirSync('test-results/screenshots', { recursive: true });
    await page.screenshot({ path: 'test-results/screenshots/admin-brand-groups-pl-tablet.png', fullPage: true });

    // The restaurant's menu editor: tick two dishes and attach the group to both.
    await page.goto(urlOn('localhost', adminPath('pl', { screen: 'show', entity: 'restaurants', id: String(id) })));
    await page.waitForSelector('astro-island[component-url*="/MenuEditor."]:not([ssr])', { state: 'attached' });
    await page.waitForSelector('.admin-menu-items li');
    await page.getByRole('checkbox', { name: `Zaznacz do zmiany cen: ${first!.name}` }).check();
    await page.getByRole('checkbox', { name: `Zaznacz do zmiany cen: ${second!.name}` }).check();
    const tool = page.locator('.brand-group-tool');
    await tool.getByLabel('Wspólna grupa marki').selectOption({ label: GROUP });
    await tool.getByRole('button', { name: 'Dołącz do wybranych dań (2)' }).click();
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Dołączono do dań: 2');

    // In the dish's own form the copy is shown as linked, with only a way to detach it.
    await page.getByRole('button', { name: `Edytuj: ${first!.name}`, exact: true }).click();
    const itemDialog = page.locator('dialog.admin-menu-dialog[open]');
    const linked = itemDialog.locator('.brand-group-linked');
    expect(await linked.textContent()).toContain('Połączona z grupą marki');
    expect(await linked.getByRole('textbox').count()).toBe(0);
    expect(await linked.getByRole('button', { name: `Odłącz ${GROUP}` }).count()).toBe(1);
    await linked.evaluate((section) => section.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: 'test-results/screenshots/admin-brand-groups-item-pl-tablet.png' });
    await page.keyboard.press('Escape');
    await itemDialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();

    // A customer on a phone finds the sauce in both dishes' dialogs.
    const visitor = await browser.newPage({ viewport: VIEWPORTS.phone });
    await visitor.goto(urlOn('localhost', pathFor('restaurant', 'pl', { slug: RESTAURANT })));
    for (const dish of [first!, second!]) {
      await visitor.click(`button.add[aria-label$="${dish.name}"]`);
      const dishDialog = visitor.locator('dialog.item-dialog[open]');
      await dishDialog.waitFor();
      expect(await dishDialog.textContent()).toContain(GROUP);
      expect(await dishDialog.getByLabel(/Czosnkowy/).count()).toBe(1);
      await visitor.keyboard.press('Escape');
      await dishDialog.waitFor({ state: 'detached' });
    }
    await visitor.close();

    // Put the demo data back for other files: deleting the definition removes both copies.
    const brandGroups = (await (
      await admin.request.get(urlOn('localhost', `/api/admin/menu/brands/${editor.brand.id}/groups`))
    ).json()) as { groups: { id: number; name: string }[] };
    for (const group of brandGroups.groups.filter((g) => g.name === GROUP)) {
      const deleted = await admin.request.delete(urlOn('localhost', `/api/admin/menu/brand-groups/${group.id}`), {
        headers: ORIGIN,
      });
      expect(deleted.status()).toBe(200);
    }
    expect((await shopMenu()).items.find((i) => i.id === first!.id)!.groups).toEqual([]);
  }, 120_000);
});
