import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pathFor } from '#domain/localized-routes.ts';
import { holdScripts, launchBrowser, urlOn, visitorAddress, VIEWPORTS } from '../helpers/browser.ts';

// An impatient visitor on a slow phone starts typing as soon as a form is painted, before its island has loaded.
// What they typed must still be in the fields once the island runs, and be what the form then sends: the islands'
// next render used to write their empty state back over it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A phone whose scripts are held back until `release`, as on a slow line: the HTML is painted long before. */
async function slowPhone() {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, extraHTTPHeaders: visitorAddress() });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems, release: await holdScripts(page) };
}

/** Waits until Astro has hydrated every island whose component file starts with `name`. */
async function hydrated(page: Page, name: string) {
  await page.waitForFunction((n) => {
    const islands = [...document.querySelectorAll(`astro-island[component-url*="/${n}."]`)];
    return islands.length > 0 && islands.every((i) => !i.hasAttribute('ssr'));
  }, name);
}

/** The islands are still the server's HTML: what follows is typed before any of them runs. */
async function stillServerRendered(page: Page, name: string) {
  expect(await page.locator(`astro-island[component-url*="/${name}."][ssr]`).count()).toBeGreaterThan(0);
}

/** Types into the home page's address form, field by field. */
async function typeAddress(page: Page, parts: Partial<Record<'street' | 'streetNo' | 'zip' | 'city', string>>) {
  for (const [name, value] of Object.entries(parts)) await page.fill(`.address-form input[name="${name}"]`, value);
}

/** Saves the home page's address form and answers the address it then shows. */
async function saveAddress(page: Page) {
  await page.click('.address-form button[type="submit"]');
  await page.locator('.current-address strong').waitFor();
  return page.locator('.current-address strong').textContent();
}

describe('what a visitor types before the island has loaded', () => {
  it('the home page keeps the typed address, and saving it shows that address', async () => {
    const { context, page, problems, release } = await slowPhone();
    await page.goto(urlOn('localhost', pathFor('home', 'en')), { waitUntil: 'commit' });
    await page.locator('.address-form input[name="street"]').waitFor();
    await stillServerRendered(page, 'AddressEntry');
    await typeAddress(page, { street: 'Puławska', streetNo: '150', zip: '02-715', city: 'Warszawa' });
    release();
    await hydrated(page, 'AddressEntry');
    expect(await page.inputValue('.address-form input[name="street"]')).toBe('Puławska');
    expect(await page.inputValue('.address-form input[name="city"]')).toBe('Warszawa');
    expect(await saveAddress(page)).toContain('Puławska 150');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a returning visitor who begins a new address before the island runs keeps the form, not the old address', async () => {
    const { context, page, problems, release } = await slowPhone();
    await context.addInitScript(() => {
      const old = { street: 'Marszałkowska', streetNo: '1', zip: '00-001', city: 'Warszawa', country: 'pl' };
      localStorage.setItem(
        'deliveryAddress',
        JSON.stringify({ ...old, fullAddress: 'Marszałkowska 1, 00-001 Warszawa' }),
      );
    });
    await page.goto(urlOn('localhost', pathFor('home', 'en')), { waitUntil: 'commit' });
    await page.locator('.address-form input[name="street"]').waitFor();
    await typeAddress(page, { street: 'Puławska', streetNo: '150' });
    release();
    await hydrated(page, 'AddressEntry');
    expect(await page.locator('.current-address').count()).toBe(0);
    expect(await page.inputValue('.address-form input[name="street"]')).toBe('Puławska');
    await typeAddress(page, { zip: '02-715', city: 'Warszawa' });
    expect(await saveAddress(page)).toContain('Puławska 150');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the login and registration forms keep every field, and the login sends what was typed', async () => {
    const { context, page, problems, release } = await slowPhone();
    await page.goto(urlOn('localhost', pathFor('login', 'ua')), { waitUntil: 'commit' });
    await page.locator('#login-email').waitFor();
    await stillServerRendered(page, 'LoginForm');
    await page.fill('#login-email', 'nobody-early@example.com');
    await page.fill('#login-password', 'Not-the-password-1');
    release();
    await hydrated(page, 'LoginForm');
    expect(await page.inputValue('#login-email')).toBe('nobody-early@example.com');
    expect(await page.inputValue('#login-password')).toBe('Not-the-password-1');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/login'));
    await page.click('.account-form button[type="submit"]');
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({
      email: 'nobody-early@example.com',
      password: 'Not-the-password-1',
    });
    // No field was found empty: the server's answer (no such account) is the form's only error.
    await page.locator('.account-alert-error').waitFor();
    expect(await page.locator('.account-field-error').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    const again = await slowPhone();
    await again.page.goto(urlOn('localhost', pathFor('register', 'en')), { waitUntil: 'commit' });
    await again.page.locator('#register-email').waitFor();
    const typed = {
      firstname: 'Olena',
      lastname: 'Early',
      email: 'olena-early@example.com',
      phone: '600100200',
      password: 'Early-pass-2026',
      passwordRepeat: 'Early-pass-2026',
    };
    for (const [name, value] of Object.entries(typed)) await again.page.fill(`#register-${name}`, value);
    again.release();
    await hydrated(again.page, 'RegisterForm');
    for (const [name, value] of Object.entries(typed))
      expect(await again.page.inputValue(`#register-${name}`)).toBe(value);
    expect(again.problems).toEqual([]);
    await again.context.close();
  });

  it('the checkout keeps the typed details and comment over the address the basket would fill in', async () => {
    const { context, page, problems, release } = await slowPhone();
    // A basket with a delivery address of its own, which the form would otherwise start from.
    await page.goto(urlOn('localhost', '/api/ping'));
    await page.evaluate(async () => {
      const restaurant = await fetch('/api/restaurants/pasta-fresca-warszawa-mokotow').then((r) => r.json());
      const plain = restaurant.categories
        .flatMap((c: { items: { id: number; unavailable: boolean; groups: unknown[]; price: number }[] }) => c.items)
        .find((i: { unavailable: boolean; groups: unknown[]; price: number }) => !i.unavailable && !i.groups.length);
      const json = { 'content-type': 'application/json' };
      await fetch('/api/basket/items', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ menuItemId: plain.id, quantity: 4 }),
      });
      await fetch('/api/basket/delivery', {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({
          deliveryMethod: 'door2door',
          country: 'pl',
          address: { street: 'Marszałkowska', streetNo: '1', city: 'Warszawa', zip: '02-715' },
        }),
      });
    });
    await page.goto(urlOn('localhost', pathFor('summary', 'pl')), { waitUntil: 'commit' });
    await page.locator('#checkout-firstname').waitFor();
    await stillServerRendered(page, 'CheckoutScreen');
    const typed = {
      firstname: 'Anna',
      lastname: 'Nowak',
      email: 'anna-early@example.com',
      phone: '600 100 200',
      street: 'Puławska',
      streetNo: '150',
      zip: '02-715',
      city: 'Warszawa',
      comment: 'Proszę dzwonić domofonem 15',
    };
    for (const [name, value] of Object.entries(typed)) await page.fill(`#checkout-${name}`, value);
    release();
    await hydrated(page, 'CheckoutScreen');
    // Loaded: the payment methods are shown once the basket and the customer's data have arrived.
    await page.locator('input[name="paymentMethod"]').first().waitFor();
    for (const [name, value] of Object.entries(typed)) expect(await page.inputValue(`#checkout-${name}`)).toBe(value);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the contact form keeps the message (a textarea) and the ticked consent, and sends them', async () => {
    const { context, page, problems, release } = await slowPhone();
    await page.goto(urlOn('localhost', pathFor('contact', 'en')), { waitUntil: 'commit' });
    await page.locator('#contact-message').waitFor();
    await stillServerRendered(page, 'ContactForm');
    await page.fill('#contact-name', 'John Early');
    await page.fill('#contact-email', 'john-early@example.com');
    await page.fill('#contact-message', 'Do you deliver to Wola on Sundays?');
    await page.check('#contact-terms');
    release();
    await hydrated(page, 'ContactForm');
    expect(await page.inputValue('#contact-message')).toBe('Do you deliver to Wola on Sundays?');
    expect(await page.isChecked('#contact-terms')).toBe(true);
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/contact'));
    await page.click('.contact-form button[type="submit"]');
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({
      name: 'John Early',
      email: 'john-early@example.com',
      message: 'Do you deliver to Wola on Sundays?',
      terms: true,
    });
    await page.locator('.form-ok').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
