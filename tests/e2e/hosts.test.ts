import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { loadTenants } from '#tenants/index.ts';
import { launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the three kinds of host in a real browser', () => {
  it('shows the shop on localhost in pl, en and ua', async () => {
    // A Polish browser: on / the shop follows the browser's language (shop-layout.test.ts checks that).
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop, locale: 'pl-PL' });
    await page.goto(urlOn('localhost', '/'));
    expect(await page.getAttribute('html', 'lang')).toBe('pl');
    expect(await page.locator('h1').textContent()).toContain('siedmiu kuchni');
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await page.waitForURL(/\/en$/);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.goto(urlOn('localhost', '/ua'));
    expect(await page.getAttribute('html', 'lang')).toBe('uk');
    await screenshot(page, 'shop-home-ua-desktop');
    await page.close();
  });

  it('shows only the survey on survey.localhost', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    await page.goto(urlOn('survey.localhost', '/'));
    expect(await page.title()).toBe('Ankieta');
    expect(await page.locator('iframe').count()).toBe(1);
    const other = await page.goto(urlOn('survey.localhost', '/koszyk'));
    expect(other?.status()).toBe(404);
    await page.close();
  });

  it("shows each tenant's own site on <slug>.localhost", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    for (const tenant of loadTenants()) {
      const response = await page.goto(urlOn(`${tenant.slug}.localhost`, '/'));
      expect(response?.status()).toBe(200);
      expect(await page.title()).toContain(tenant.name);
    }
    await page.close();
  });
});
