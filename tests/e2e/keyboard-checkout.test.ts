import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, urlOn, visitorAddress, VIEWPORTS } from '../helpers/browser.ts';

// A whole order without a mouse (the European Accessibility Act covers an online shop's checkout, and the
// accessibility statement promises it): the address on the home page, a restaurant from the list, a dish with
// options in its dialog, the basket, the summary's form, Blik, and the status page. Every step is reached with Tab
// and done with Enter, Space, the arrow keys or typing; nothing is clicked.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Presses Tab until the focused element matches `selector` (and holds `text`); fails if a keyboard cannot reach it. */
async function tabTo(page: Page, selector: string, text?: string, presses = 120): Promise<void> {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const reached = await page.evaluate(
      ([s, t]) => {
        const element = document.activeElement;
        return !!element && element.matches(s!) && (!t || (element.textContent ?? '').includes(t));
      },
      [selector, text] as const,
    );
    if (reached) return;
  }
  throw new Error(`Tab never reached ${selector}${text ? ` holding '${text}'` : ''}`);
}

/** Types into the focused field, replacing what it holds. */
async function typeHere(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? ''}`.trim() : '';
  });

describe('a guest orders with the keyboard only', () => {
  it('en desktop: address, restaurant, a dish with options, basket, summary, Blik, status', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, extraHTTPHeaders: visitorAddress() });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(urlOn('localhost', '/en'), { waitUntil: 'networkidle' });
    await tabTo(page, 'input[name="street"]');
    await typeHere(page, 'Puławska');
    await page.keyboard.press('Tab');
    await typeHere(page, '150');
    await page.keyboard.press('Tab');
    await typeHere(page, '02-715');
    await page.keyboard.press('Tab');
    await typeHere(page, 'Warszawa');
    await page.keyboard.press('Enter');

    await tabTo(page, 'a', 'Pasta Fresca Warsaw Mokotów');
    await page.keyboard.press('Enter');
    await page.waitForURL(urlOn('localhost', '/en/restaurant/pasta-fresca-warszawa-mokotow'));
    await page.waitForLoadState('networkidle');

    // A dish with required groups: a radio group is chosen with Space and the arrow keys, a checkbox with Space.
    await tabTo(page, 'button[aria-label="Add: Build your own pasta"]');
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    await tabTo(page, 'dialog[open] fieldset:nth-of-type(1) input[type="radio"]');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await tabTo(page, 'dialog[open] fieldset:nth-of-type(2) input[type="radio"]');
    await page.keyboard.press('Space');
    await tabTo(page, 'dialog[open] fieldset:nth-of-type(3) input[type="checkbox"]');
    await page.keyboard.press('Space');
    await tabTo(page, 'dialog[open] button[type="submit"]');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // The focus comes back to the dish's button, not to the top of the page.
    expect(await focused(page)).toBe('button Add: Build your own pasta');
    await page.locator('.basket-button').getByText('1', { exact: true }).waitFor();

    await tabTo(page, '.basket-button');
    await page.keyboard.press('Enter');
    await tabTo(page, 'a', 'Go to basket');
    await page.keyboard.press('Enter');
    await page.waitForURL(urlOn('localhost', '/en/basket'));
    await page.waitForLoadState('networkidle');
    // Below the minimum with one dish: a second one, with the line's + button.
    await tabTo(page, 'button[aria-label="Increase the quantity of Build your own pasta"]');
    await page.keyboard.press('Enter');
    await page.locator('.basket-line').getByText('2', { exact: true }).waitFor();
    await tabTo(page, 'a, button', 'Go to summary');
    await page.keyboard.press('Enter');
    await page.waitForURL(urlOn('localhost', '/en/summary'));
    await page.waitForSelector('astro-island[component-url*="/CheckoutScreen."]:not([ssr])', { state: 'attached' });

    for (const [field, value] of [
      ['firstname', 'Anna'],
      ['lastname', 'Nowak'],
      ['email', `keyboard-${crypto.randomUUID().slice(0, 8)}@example.com`],
      ['phone', '600 100 200'],
      ['street', 'Puławska'],
      ['streetNo', '150'],
      ['zip', '02-715'],
      ['city', 'Warszawa'],
    ] as const) {
      await tabTo(page, `#checkout-${field}`);
      await typeHere(page, value);
    }
    // Blik is the first method; the arrow keys would move to another, so the code field is next with Tab.
    await tabTo(page, 'input[name="paymentMethod"]');
    expect(await page.locator('input[name="paymentMethod"][value="blik"]').isChecked()).toBe(true);
    await tabTo(page, '#checkout-blikCode');
    await typeHere(page, '123456');
    for (const consent of ['agree1', 'agree2', 'providerTerms', 'orderWithObligation']) {
      if ((await page.locator(`#checkout-${consent}`).count()) === 0) continue;
      await tabTo(page, `#checkout-${consent}`);
      await page.keyboard.press('Space');
      expect(await page.locator(`#checkout-${consent}`).isChecked()).toBe(true);
    }
    await tabTo(page, '.checkout-submit');
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname.startsWith('/en/status/'));
    const [orderId, token] = new URL(page.url()).pathname.split('/').slice(-2) as [string, string];
    const answer = await page.request.get(urlOn('localhost', `/api/orders/${orderId}?token=${token}`));
    expect((await answer.json()).order).toMatchObject({
      paymentMethod: 'blik',
      payment: { status: 'paid' },
      items: [expect.objectContaining({ quantity: 2, mods: expect.arrayContaining([expect.anything()]) })],
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});
