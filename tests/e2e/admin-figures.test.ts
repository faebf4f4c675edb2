import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localePrefix, LOCALES, type Locale } from '#domain/localized-routes.ts';
import { fillBusyYear } from '../../bench/busy-year.ts';
import { axeViolations, holdScripts, launchBrowser, screenshot, urlOn } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';
import { databaseUrl } from '../setup/postgres.ts';

let browser: Browser;
let shownOrder: string;

beforeAll(async () => {
  // The server's database is the template's copy named after the same process (tests/setup/e2e-global.ts).
  const name = inject('pgTemplate').replace('mp_template_e2e_', 'mp_e2e_');
  const sql = postgres(databaseUrl(inject('pgAdminUrl'), name), { max: 1, onnotice: () => {} });
  try {
    const [{ n } = { n: 0 }] = await sql<{ n: number }[]>`select count(*)::int as n from orders`;
    if (n < 80) await fillBusyYear(sql, { orders: 80, end: new Date(), days: 30 });
    // An order delivered to the door, paid by BLIK, rejected by staff and refunded: every code the order page names.
    const [order] = await sql<{ id: string; total: number; currency: string }[]>`
      select id, total, currency from orders where delivery_type = 'door2door' order by created_at desc limit 1`;
    shownOrder = order!.id;
    await sql`update orders set status = 'rejected', payment_method = 'blik', payment_type = 'online',
                rejection_reason = 'soldOut' where id = ${shownOrder}`;
    const [payment] = await sql<{ id: string }[]>`
      insert into payments (order_id, provider, method, status, amount, currency)
      values (${shownOrder}, 'sandbox', 'blik', 'refunded', ${order!.total}, ${order!.currency}) returning id`;
    await sql`insert into refunds (payment_id, amount, status, reason)
              values (${payment!.id}, ${order!.total}, 'succeeded', 'reject') on conflict do nothing`;
    await sql`insert into audit_log (action, entity, entity_id, data)
              values ('order.status', 'order', ${shownOrder}, ${sql.json({ from: 'new', to: 'rejected', reason: 'reject' })})`;
  } finally {
    await sql.end();
  }
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The staff widths: a 1280 px laptop and a 768 px tablet. */
const WIDTHS = [1280, 768] as const;

async function adminContext(width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
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

/** How far the page itself reaches past the window sideways (0: nothing is cut off or needs the page scrolled). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Codes as the database keeps them, which no admin should have to read. */
const RAW_CODES = [
  'door2door',
  'leave@door',
  'cashOnDelivery',
  'cardOnDelivery',
  'fastTransfer',
  'googlePay',
  'succeeded',
  'refunded',
  'waiting_for',
  'ready_for_pickup',
  'acceptanceTimeout',
  'payOnDelivery',
  '(reject)',
  'blik ',
  'sandbox',
];

const ORDERS_HEADER: Record<Locale, string> = {
  pl: 'Numer,Utworzono,Stan,Restauracja,Koncept,Klient,Kanał,Sposób dostawy,Płatność,Razem,Waluta',
  en: 'Number,Created,Status,Restaurant,Concept,Customer,Channel,Delivery method,Payment,Total,Currency',
  ua: 'Номер,Створено,Статус,Ресторан,Концепт,Клієнт,Канал,Спосіб доставки,Оплата,Разом,Валюта',
};

describe('admin figures and tables on a laptop and a tablet', () => {
  for (const width of WIDTHS)
    it(`${width} px: the orders list and the dashboard fit the window; wide tables scroll in their own region`, async () => {
      const context = await adminContext(width);
      const { page, problems } = await open(context, '/en/admin/orders');
      await page.waitForSelector('.list-table');
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      // Every column is still there, reachable by scrolling the table's region (a focusable, named region).
      expect(await page.locator('.list-table thead th').count()).toBe(10);
      const region = page.locator('.list-scroll');
      expect(await region.getAttribute('role')).toBe('region');
      const hidden = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
      // A laptop shows the whole table; on a tablet the last column is one scroll of the table away.
      if (width === 1280) expect(hidden).toBeLessThanOrEqual(0);
      await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const [edge, last] = await Promise.all([
        region.boundingBox(),
        page.locator('.list-table thead th').last().boundingBox(),
      ]);
      expect(last!.x + last!.width).toBeLessThanOrEqual(edge!.x + edge!.width + 1);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `admin-figures-orders-${width}`);

      await page.goto(urlOn('localhost', '/en/admin'));
      await page.waitForSelector('.dashboard-periods button:not([disabled])');
      await page.getByRole('button', { name: '30 days' }).click();
      await page.waitForSelector('.dashboard-times');
      expect(await page.locator('.dashboard-caption').first().textContent()).toContain('Warsaw time');
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `admin-figures-dashboard-${width}`);
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);

  it('names every code of an order in the page’s language (order page, each language)', async () => {
    const context = await adminContext(1280);
    for (const locale of LOCALES) {
      const { page, problems } = await open(context, `${localePrefix(locale)}/admin/orders/show/${shownOrder}`);
      await page.waitForSelector('.staff-payments');
      const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      for (const code of RAW_CODES) expect(text, `${locale}: ${code}`).not.toContain(code);
      await screenshot(page, `admin-figures-order-${locale}`);
      expect(problems).toEqual([]);
      await page.close();
    }
    await context.close();
  }, 120_000);

  it('downloads the filtered orders as CSV from the list, before its island has loaded, in the page’s language', async () => {
    const context = await adminContext(1280);
    for (const locale of LOCALES) {
      const page = await context.newPage();
      const release = await holdScripts(page);
      await page.goto(urlOn('localhost', `${localePrefix(locale)}/admin/orders?status=finished&sort=-total`), {
        waitUntil: 'commit',
      });
      const link = page.locator('.list-export a');
      expect(await link.getAttribute('href')).toBe(`/api/admin/csv/orders?status=finished&sort=-total&lang=${locale}`);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync((await download.path())!, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = text.slice(1).split('\r\n');
      expect(header).toBe(ORDERS_HEADER[locale]);
      expect(rows.filter(Boolean).length).toBeGreaterThan(25);
      release();
      await page.close();
    }
    await context.close();
  }, 120_000);
});
