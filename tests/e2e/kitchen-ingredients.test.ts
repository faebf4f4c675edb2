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
    await screenshot(board.page, 'kitchen-ingredients-board-out');

    let failure: unknown = null;
    try {
      // Within a second or two, without a reload: the card says so and its "+" is gone; a dish without bacon stays.
      await expect
        .poll(() => bolognese.getAttribute('data-out'), { timeout: 5_000, interval: 100 })
        .toBe('Chwilowo niedostępne');
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

  it('a dish out when the page was rendered comes back with its "+" once the island is up, and an open dialog follows the kitchen', async () => {
    const board = await openPage({ width: 768, height: 1024 }, 'kitchen@example.com');
    await board.page.goto(urlOn('localhost', adminPath('pl', { screen: 'kitchen', restaurant: BOARD })));
    const panel = board.page.getByTestId('kitchen-ingredients');
    await panel.locator('summary').click();
    const bacon = panel.getByRole('switch', { name: /Boczek/ });
    const setBacon = async (out: boolean) => {
      if ((await bacon.getAttribute('aria-checked')) !== String(out)) await bacon.click();
      await expect.poll(() => bacon.getAttribute('aria-checked')).toBe(String(out));
    };
    await setBacon(true);

    const shop = await openPage(VIEWPORTS.phone);
    let failure: unknown = null;
    try {
      await shop.page.goto(urlOn('localhost', pathFor('restaurant', 'pl', { slug: PAGE })));
      const bolognese = shop.page.locator('li[data-item-id]', {
        has: shop.page.getByRole('heading', { name: 'Tagliatelle Bolognese' }),
      });
      const add = bolognese.locator('button.add');
      expect(await bolognese.getAttribute('class')).toContain('unavailable');
      expect(await add.count()).toBe(0);
      // The first touch hydrates the menu; the bacon comes back meanwhile.
      await shop.page.getByRole('heading', { name: 'Tagliatelle Bolognese' }).click();
      await setBacon(false);
      await expect.poll(() => add.count(), { timeout: 5_000, interval: 100 }).toBe(1);
      expect(await bolognese.getAttribute('class')).not.toContain('unavailable');

      // Its dialog open, the bacon runs out again: the dialog says so and cannot add it; then it can again.
      await add.click();
      const dialog = shop.page.locator('dialog.item-dialog');
      const submit = dialog.locator('button[type="submit"]');
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await setBacon(true);
      await expect.poll(() => submit.isEnabled(), { timeout: 5_000, interval: 100 }).toBe(false);
      expect(await dialog.getByRole('alert').textContent()).toBe('Chwilowo niedostępne');
      await screenshot(shop.page, 'kitchen-ingredients-dialog-out');
      await setBacon(false);
      await expect.poll(() => submit.isEnabled(), { timeout: 5_000, interval: 100 }).toBe(true);
      // One label on the card behind the dialog, never the island's and the attribute's together.
      await expect.poll(() => bolognese.getAttribute('class')).not.toContain('unavailable');
    } catch (error) {
      failure = error;
    }
    await setBacon(false);
    if (failure) throw failure;
    expect(shop.problems).toEqual([]);
    expect(board.problems).toEqual([]);
    await shop.context.close();
    await board.context.close();
  });
});
