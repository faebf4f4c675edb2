import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pathFor } from '#domain/localized-routes.ts';
import { loadTenants } from '#tenants/index.ts';
import { basketCookie, placeOrderOverHttp } from '../helpers/http-orders.ts';
import { launchBrowser, urlOn, visitorAddress, VIEWPORTS } from '../helpers/browser.ts';

// Issue 30: the islands run on React (decision 039), and each kind of page keeps a budget of JavaScript loaded before
// the visitor touches anything (gzip, idle islands included). Bytes are deterministic, so they are tests; Lighthouse's
// scores stay a benchmark (bench/shop.ts, bench/brands.ts).
const KB = 1024;
const RESTAURANT = 'pasta-fresca-warszawa-mokotow';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Script = { path: string; gzip: number; text: string };

/** Opens a page on a phone as a Polish visitor and waits for everything that loads without a touch. */
async function loadUntouched(host: string, pagePath: string, cookie?: string) {
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    locale: 'pl-PL',
    extraHTTPHeaders: { ...visitorAddress(), ...(cookie ? { cookie } : {}) },
  });
  const page = await context.newPage();
  const scripts: Script[] = [];
  const problems: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({
      path: new URL(response.url()).pathname,
      gzip: gzipSync(body, { level: 9 }).length,
      text: `${body}`,
    });
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto(urlOn(host, pagePath));
  expect(response?.status(), pagePath).toBe(200);
  await page.waitForLoadState('networkidle');
  // Islands that hydrate when idle do so within a second (sites/hydration.ts): they count too.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  return { page, scripts, problems, close: () => context.close() };
}

const total = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.gzip, 0);
const listing = (scripts: Script[]) => scripts.map((script) => `${script.path} ${script.gzip}`).join('\n');

/** The islands React hydrated: hydrateRoot marks its container with a `__reactContainer$…` property. */
const reactRoots = (page: Page) =>
  page.$$eval('astro-island:not([ssr])', (islands) =>
    islands.map((island) => Object.keys(island).some((key) => key.startsWith('__reactContainer$'))),
  );

describe('the shop pages stay within their JavaScript budgets, on React', () => {
  it('home, restaurant and basket load at most 100 KB; summary and status at most 130 KB', async () => {
    const base = urlOn('localhost', '');
    const basket = await basketCookie(base, RESTAURANT);
    const placed = await placeOrderOverHttp(base, {
      restaurant: RESTAURANT,
      country: 'pl',
      payment: 'blik',
    });
    const pages: { name: string; path: string; cookie?: string; budget: number }[] = [
      { name: 'home', path: pathFor('home', 'pl'), cookie: 'lang=pl', budget: 100 * KB },
      { name: 'restaurant', path: pathFor('restaurant', 'pl', { slug: RESTAURANT }), budget: 100 * KB },
      { name: 'basket', path: pathFor('basket', 'pl'), cookie: basket, budget: 100 * KB },
      { name: 'summary', path: pathFor('summary', 'pl'), cookie: basket, budget: 130 * KB },
      {
        name: 'status',
        path: pathFor('status', 'pl', { orderId: placed.order.id, token: placed.accessToken }),
        budget: 130 * KB,
      },
    ];
    for (const { name, path: pagePath, cookie, budget } of pages) {
      const { page, scripts, problems, close } = await loadUntouched('localhost', pagePath, cookie);
      expect(scripts.length, name).toBeGreaterThan(0);
      expect(total(scripts), `${name}:\n${listing(scripts)}`).toBeLessThanOrEqual(budget);
      // React is what hydrates the islands: every island hydrated so far is a React root.
      const roots = await reactRoots(page);
      expect(roots.length, name).toBeGreaterThan(0);
      expect(roots.every(Boolean), name).toBe(true);
      expect(problems, name).toEqual([]);
      await close();
    }
  });
});

describe('the brand sites load no framework before the visitor acts', () => {
  for (const tenant of loadTenants())
    it(`${tenant.slug}: at most 5 KB of JavaScript before interaction; React arrives with the first touch`, async () => {
      const { page, scripts, problems, close } = await loadUntouched(`${tenant.slug}.localhost`, '/');
      expect(total(scripts), listing(scripts)).toBeLessThanOrEqual(5 * KB);
      expect(scripts.some((script) => script.text.includes('hydrateRoot'))).toBe(false);

      await page.locator('.order-now').first().click();
      await page.locator('dialog#aggregators').waitFor({ state: 'visible' });
      const roots = await reactRoots(page);
      expect(roots.length).toBeGreaterThan(0);
      expect(roots.every(Boolean)).toBe(true);
      expect(problems).toEqual([]);
      await close();
    });
});

describe('no Preact anywhere', () => {
  it('is not installed, and no built browser file carries it', () => {
    const require = createRequire(import.meta.url);
    expect(() => require.resolve('preact')).toThrow();
    expect(() => require.resolve('@astrojs/preact')).toThrow();
    const scripts = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
        .map((entry) => path.join(entry.parentPath, entry.name));
    const built = scripts('dist').filter((file) => !file.startsWith(path.join('dist', 'server')));
    expect(built.length).toBeGreaterThan(10);
    // Astro's Preact renderer marks its islands with data-preact-*; the React renderer loads react-dom's hydrateRoot.
    expect(built.filter((file) => /preact/i.test(readFileSync(file, 'utf8')))).toEqual([]);
    expect(built.filter((file) => readFileSync(file, 'utf8').includes('hydrateRoot')).length).toBeGreaterThan(0);
  });
});
