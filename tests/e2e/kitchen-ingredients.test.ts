import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminPath } from '#domain/admin-routes.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { launchBrowser, screenshot, urlOn, visitorAddress, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

// Issue 35, decision 064: staff mark bacon out of stock on Smash Club's board at Warszawa Mokotów; a customer's open
// Pasta Fresca page (another brand cooked in the same kitchen) shows the bolognese unavailable without a reload, and
// available again when the bacon is back.
const BOARD = 'smash-club-warszawa-mokotow';
const PAGE = 'pasta-fresca-warszawa-mokotow';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openPage(viewport: { width: number; height: number }, email?: string) {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: visitorAddress() });
  if (email) await signIn(context, email);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  return { page, context, problems };
}

describe('an ingredient out of stock', () => {
  it('switched off on one brand’s board shows another brand’s dish unavailable on an open page, and back', async () => {
    const shop = await openPage(VIEWPORTS.phone);
    await shop.page.goto(urlOn('localhost', pathFor('restaurant', 'pl', { slug: PAGE })));
    const bolognese = shop.page.locator('li[data-item-id]', {
      has: shop.page.getByRole('heading', { name: 'Tagliatelle Bolognese' }),
    });
    const margherita = shop.page.locator('li[data-item-id]', {
      has: shop.page.getByRole('heading', { name: 'Margherita' }),
    });
    await expect.poll(() => bolognese.count()).toBe(1);
    expect(await bolognese.getAttribute('data-out')).toBeNull();
    // The page's stream is open before anything is switched.
    await shop.page
      .waitForResponse((r) => r.url().includes('/availability/events'), { timeout: 10_000 })
      .catch(() => null);

    const board = await openPage({ width: 768, height: 1024 }, 'kitchen@example.com');
    await board.page.goto(urlOn('localhost', adminPath('pl', { screen: 'kitchen', restaurant: BOARD })));
    const panel = board.page.getByTestId('kitchen-ingredients');
    await panel.locator('summary').click();
    const bacon = panel.getByRole('switch', { name: /Boczek/ });
    await expect.poll(() => bacon.getAttribute('aria-checked')).toBe('false');
    await bacon.click();
    await expect.poll(() => bacon.getAttribute('aria-checked')).toBe('true');
    const switchedAt = Date.now();
    await screenshot(board.page, 'kitchen-ingredients-board-out');

    let failure: unknown = null;
    try {
      // Within a second or two, without a reload: the card says so and its "+" is gone; a dish without bacon stays.
      await expect
        .poll(() => bolognese.getAttribute('data-out'), { timeout: 5_000, interval: 100 })
        .toBe('Chwilowo niedostępne');
      expect(Date.now() - switchedAt).toBeLessThan(3_000);
      expect(await bolognese.locator('button.add').isVisible()).toBe(false);
      expect(await margherita.getAttribute('data-out')).toBeNull();
      const label = await bolognese.evaluate((card) => getComputedStyle(card, '::after').content);
      expect(label).toContain('Chwilowo');
      await screenshot(shop.page, 'kitchen-ingredients-restaurant-out');
    } catch (error) {
      failure = error;
    }
    // Back in stock whatever happened, so that no other test finds the bacon dishes off.
    await bacon.click();
    await expect
      .poll(() => bacon.getAttribute('aria-checked'), { message: `${String(failure)} ${board.problems.join()}` })
      .toBe('false');
    if (failure) throw failure;
    await expect.poll(() => bolognese.getAttribute('data-out'), { timeout: 5_000, interval: 100 }).toBeNull();
    expect(await bolognese.locator('button.add').isVisible()).toBe(true);
    expect(shop.problems).toEqual([]);
    expect(board.problems).toEqual([]);
    await shop.context.close();
    await board.context.close();
  });
});
