import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminPath } from '#domain/admin-routes.ts';
import { axeViolations, launchBrowser, screenshot, urlOn, visitorAddress } from '../helpers/browser.ts';
import { placeOrderOverHttp } from '../helpers/http-orders.ts';
import { signIn } from '../helpers/sign-in.ts';

// Issue 35: a shared basket's order is one card on the kitchen's boards, a section per brand, so the bag's dishes
// finish together. Mokotów shares baskets in the demo; Pierogi Babci, Sushi Kaizen and Pasta Fresca there never close.
const PIEROGI = 'pierogi-babci-warszawa-mokotow';
const SUSHI = 'sushi-kaizen-warszawa-mokotow';
const PASTA = 'pasta-fresca-warszawa-mokotow';
const TABLET = { width: 768, height: 1024 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const base = () => urlOn('localhost', '').replace(/\/$/, '');

describe('a shared basket’s order on the kitchen board', () => {
  it('is one card with a section per brand, on the board of each brand it holds', async () => {
    const placed = await placeOrderOverHttp(base(), {
      restaurant: PIEROGI,
      also: [SUSHI, PASTA],
      country: 'pl',
      payment: 'blik',
      deliveryMethod: 'pickup',
    });
    const context = await browser.newContext({ viewport: TABLET, extraHTTPHeaders: visitorAddress() });
    await signIn(context, 'kitchen@example.com');
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    for (const board of [PIEROGI, SUSHI, PASTA]) {
      await page.goto(urlOn('localhost', adminPath('en', { screen: 'kitchen', restaurant: board })));
      const card = page.locator(`.kitchen-card[data-order="${placed.order.id}"]`);
      await card.waitFor({ timeout: 15_000 });
      expect(await card.count(), board).toBe(1);
      const sections = card.locator('.kitchen-brand');
      expect(await sections.evaluateAll((all) => all.map((s) => s.getAttribute('data-brand')))).toEqual([
        'pierogi-babci',
        'sushi-kaizen',
        'pasta-fresca',
      ]);
      expect(await card.locator('.kitchen-brand-tag').allTextContents()).toEqual([
        'Pierogi Babci',
        'Sushi Kaizen',
        'Pasta Fresca',
      ]);
      // Each section holds its brand's one dish.
      for (let i = 0; i < 3; i++) expect(await sections.nth(i).locator('li').count()).toBeGreaterThan(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'kitchen-board-shared-basket-en-tablet');
    expect(problems).toEqual([]);
    await context.close();
  });
});
