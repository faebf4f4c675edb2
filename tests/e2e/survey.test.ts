import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the survey host', () => {
  it('shows the embedded form full screen at /, titled Ankieta, with no login', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    const response = await page.goto(urlOn('survey.localhost', '/'));
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe('Ankieta');
    const frame = page.locator('iframe');
    expect(await frame.getAttribute('title')).toBe('Ankieta');
    expect(await frame.boundingBox()).toEqual({ x: 0, y: 0, ...VIEWPORTS.phone });
    const form = page.frameLocator('iframe');
    expect(await form.locator('h1').textContent()).toBe('Ankieta');
    expect((await page.context().cookies()).length).toBe(0);
    await screenshot(page, 'survey-phone');
    await page.close();
  });

  it('serves nothing but / (and what the page itself loads)', async () => {
    const page = await browser.newPage();
    for (const path of ['/koszyk', '/en', '/ua', '/login', '/survey', '/regulations', '/brands/smash-club/']) {
      const response = await page.goto(urlOn('survey.localhost', path));
      expect(response?.status(), path).toBe(404);
    }
    await page.close();
  });
});
