import postgres from 'postgres';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIST_ENTITIES } from '#domain/admin-lists.ts';
import { localePrefix, LOCALES, type Locale } from '#domain/localized-routes.ts';
import { fillBusyYear } from '../../bench/busy-year.ts';
import { axeViolations, holdScripts, launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';
import { databaseUrl } from '../setup/postgres.ts';

let browser: Browser;

beforeAll(async () => {
  // The server's database is the template's copy named after the same process (tests/setup/e2e-global.ts).
  const name = inject('pgTemplate').replace('mp_template_e2e_', 'mp_e2e_');
  const sql = postgres(databaseUrl(inject('pgAdminUrl'), name), { max: 1, onnotice: () => {} });
  try {
    // A month of orders, enough for a second page of finished ones; unless an earlier run of this file filled it.
    const [{ n } = { n: 0 }] = await sql<{ n: number }[]>`select count(*)::int as n from orders`;
    if (n < 80) await fillBusyYear(sql, { orders: 80, end: new Date(), days: 30 });
  } finally {
    await sql.end();
  }
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// The narrowest phone the admin screens are made for.
const PHONE = { width: 375, height: 812 };

/** A browser context logged in as the demo admin (the login API sets the session cookie in the context). */
async function adminContext(viewport: 'phone' | 'desktop'): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: viewport === 'phone' ? PHONE : VIEWPORTS.desktop,
  });
  await signIn(context, 'admin@example.com');
  return context;
}

async function open(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(urlOn('localhost', path));
  return { page, problems };
}

/** The list has answered: its count (rows or the empty state) or its error. */
const settled = (page: Page) => page.waitForSelector('.list-count, .list-error');

// From messages/*.json, so a missing translation fails here.
const PAGE_TWO: Record<Locale, RegExp> = { pl: /Strona 2 z \d+/, en: /Page 2 of \d+/, ua: /Сторінка 2 з \d+/ };

describe('admin lists in the browser', () => {
  for (const locale of LOCALES)
    it(`${locale}: every list opens for an admin, with its rows or its empty state (screenshots at 1280 and 375 px)`, async () => {
      const context = await adminContext('desktop');
      // One tab going from list to list, as an admin does.
      const { page, problems } = await open(context, `${localePrefix(locale)}/admin/${LIST_ENTITIES[0]}`);
      for (const entity of LIST_ENTITIES) {
        if (entity !== LIST_ENTITIES[0]) {
          await page.setViewportSize(VIEWPORTS.desktop);
          await page.goto(urlOn('localhost', `${localePrefix(locale)}/admin/${entity}`));
        }
        await settled(page);
        expect(await page.locator('.list-error').count(), entity).toBe(0);
        await screenshot(page, `admin-list-${entity}-${locale}-1280`);
        await page.setViewportSize(PHONE);
        await screenshot(page, `admin-list-${entity}-${locale}-375`);
        expect(problems, entity).toEqual([]);
      }
      await context.close();
    }, 300_000);

  for (const locale of LOCALES)
    it(`${locale}: page 2 of the finished orders sorted by total, and both survive a reload (phone)`, async () => {
      const context = await adminContext('phone');
      const path = `${localePrefix(locale)}/admin/orders/2?status=finished&sort=total`;
      const { page, problems } = await open(context, path);
      await settled(page);
      for (let round = 0; round < 2; round += 1) {
        await expect.poll(() => page.locator('.list-table tbody tr').count()).toBeGreaterThan(0);
        expect(await page.locator('.list-pagination [aria-current="page"]').textContent()).toMatch(PAGE_TWO[locale]);
        expect(await page.locator('select[name="status"]').inputValue()).toBe('finished');
        expect(await page.locator('th[aria-sort="ascending"]').count()).toBe(1);
        const totals = await page.locator('.list-table tbody tr td:last-child').allTextContents();
        // '123,45 zł' and '123,45 ₴' alike: minor units, which the list sorts by.
        const amounts = totals.map((t) => Number(t.replace(/\D/g, '')));
        expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
        await page.reload();
        await settled(page);
      }
      await screenshot(page, `admin-list-orders-page2-${locale}-375`);
      expect(problems).toEqual([]);
      await context.close();
    });

  it('applies a filter from the form into the URL, which a reload keeps; rows lead to the show page', async () => {
    const context = await adminContext('desktop');
    const { page } = await open(context, '/en/admin/orders');
    await settled(page);
    await page.waitForSelector('.list-filters button[type="submit"]:not([disabled])');
    await page.selectOption('select[name="status"]', 'finished');
    await page.click('.list-filters button[type="submit"]');
    await page.waitForURL(/\/en\/admin\/orders\?status=finished$/);
    await settled(page);
    await page.reload();
    await settled(page);
    expect(await page.locator('select[name="status"]').inputValue()).toBe('finished');
    const statuses = await page.locator('.list-table tbody tr td:nth-child(3)').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Completed']));
    const first = page.locator('.list-table tbody tr td:first-child a').first();
    expect(await first.getAttribute('href')).toMatch(/^\/en\/admin\/orders\/show\/[0-9a-f-]{36}$/);
    // Sorting by a header keeps the filter and goes back to page 1.
    await page.click('th a.list-sort:has-text("Total")');
    await page.waitForURL(/\/en\/admin\/orders\?status=finished&sort=-total$/);
    await context.close();
  });

  it('keeps a search typed before the island has loaded, and applies it', async () => {
    const context = await adminContext('desktop');
    const page = await context.newPage();
    // The scripts are held back, as on a slow line: the filters are painted long before their island runs.
    const release = await holdScripts(page);
    await page.goto(urlOn('localhost', '/en/admin/orders'), { waitUntil: 'commit' });
    await page.fill('.list-filters input[name="q"]', 'Kowalski');
    release();
    await page.waitForSelector('.list-filters button[type="submit"]:not([disabled])');
    expect(await page.inputValue('.list-filters input[name="q"]')).toBe('Kowalski');
    await page.click('.list-filters button[type="submit"]');
    await page.waitForURL(/\/en\/admin\/orders\?q=Kowalski$/);
    await context.close();
  });

  it('is usable by keyboard and has no serious accessibility problem (axe, phone)', async () => {
    const context = await adminContext('phone');
    const { page } = await open(context, '/admin/orders');
    await settled(page);
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
    // The table scrolls sideways on a phone: its region takes the focus, so the keyboard can scroll it.
    await page.focus('.list-scroll');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('list-scroll'))).toBe(true);
    await context.close();
  });

  it('answers the 401 page to a customer', async () => {
    const context = await browser.newContext();
    const response = await (await context.newPage()).goto(urlOn('localhost', '/admin/orders'));
    expect(response?.status()).toBe(401);
    await context.close();
  });
});
