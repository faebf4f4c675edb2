import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Browser, Page } from 'playwright-core';
import { pathFor } from '#domain/localized-routes.ts';
import { axeViolations, launchBrowser, screenshot, urlOn, visitorAddress, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

// A customer asks for a company invoice at checkout (issue 36), sees who sells and what they give up before
// ordering, and downloads the invoice from the status page once the restaurant has finished the order.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PL = 'pasta-fresca-warszawa-mokotow';
const UA = 'bao-house-kyiv-podil';

async function openPage(viewport: keyof typeof VIEWPORTS, email?: string) {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], extraHTTPHeaders: visitorAddress() });
  if (email) await signIn(context, email);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  return { page, context, problems };
}

/** Two plain dishes of the restaurant, three of each, through the basket API as the restaurant page adds them. */
async function fillBasket(page: Page, slug: string) {
  await page.goto(urlOn('localhost', '/api/ping'));
  await page.evaluate(async (slug) => {
    const restaurant = await fetch(`/api/restaurants/${slug}`).then((r) => r.json());
    const plain = restaurant.categories
      .flatMap((c: { items: { id: number; unavailable: boolean; groups: unknown[]; price: number }[] }) => c.items)
      .filter((i: { unavailable: boolean; groups: unknown[]; price: number }) => !i.unavailable && !i.groups.length);
    await fetch('/api/basket/clear');
    for (const item of plain.slice(0, 2))
      await fetch('/api/basket/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ menuItemId: item.id, quantity: 3 }),
      });
  }, slug);
}

async function openSummary(page: Page, locale: 'pl' | 'ua') {
  await page.goto(urlOn('localhost', pathFor('summary', locale)));
  await page.waitForSelector('astro-island[component-url*="/CheckoutScreen."]:not([ssr])', { state: 'attached' });
  await page.waitForSelector('input[name="paymentMethod"]');
}

describe('a company invoice', () => {
  it('pl phone: asked for at checkout, refused with a wrong NIP, then downloaded from the status page once finished', async () => {
    const { page, problems, context } = await openPage('phone');
    await fillBasket(page, PL);
    await openSummary(page, 'pl');

    // Who sells, the withdrawal exception and the restaurant terms stand right before the order button.
    const notice = page.locator('.checkout-form .seller-notice');
    await expect.poll(() => notice.textContent()).toContain('Pasta Fresca Polska sp. z o.o.');
    expect(await notice.textContent()).toContain('NIP 5213017843');
    expect(await notice.textContent()).toContain('po ich przygotowaniu nie przysługuje prawo odstąpienia od umowy');
    expect(await notice.locator('a').getAttribute('href')).toBe(pathFor('restaurantTerms', 'pl'));
    const follows = await page.evaluate(() => {
      const seller = document.querySelector('.checkout-form .seller-notice')!;
      const button = document.querySelector('.checkout-submit')!;
      return Boolean(seller.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(follows).toBe(true);

    await page.fill('#checkout-firstname', 'Anna');
    await page.fill('#checkout-lastname', 'Nowak');
    await page.fill('#checkout-email', `invoice-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await page.fill('#checkout-phone', '600 100 200');
    await page.fill('#checkout-street', 'Puławska');
    await page.fill('#checkout-streetNo', '150');
    await page.fill('#checkout-zip', '02-715');
    await page.fill('#checkout-city', 'Warszawa');
    await page.check('input[name="paymentMethod"][value="blik"]');
    await page.fill('#checkout-blikCode', '123456');
    for (const consent of await page.locator('.checkout-form input[type="checkbox"][required]').all())
      await consent.check();

    await page.getByLabel('Chcę fakturę na firmę').check();
    await page.fill('#checkout-invoiceCompanyName', 'Biuro Rachunkowe Złoty Grosz sp. z o.o.');
    await page.fill('#checkout-invoiceNip', '525-281-23-48');
    await page.fill('#checkout-invoiceStreet', 'ul. Złota 44');
    await page.fill('#checkout-invoiceZip', '00-120');
    await page.fill('#checkout-invoiceCity', 'Warszawa');
    await page.click('.checkout-submit');
    // A wrong check digit is caught at its field, in the page's language; nothing is ordered.
    await expect
      .poll(() => page.textContent('#checkout-invoiceNip-error'))
      .toBe('Ten NIP jest nieprawidłowy: sprawdź jego dziesięć cyfr.');
    expect(await page.getAttribute('#checkout-invoiceNip', 'aria-invalid')).toBe('true');
    expect(page.url()).toContain(pathFor('summary', 'pl'));
    await screenshot(page, 'invoice-pl-phone-1-wrong-nip');
    expect(await axeViolations(page)).toEqual([]);

    await page.fill('#checkout-invoiceNip', '525-281-23-49');
    await page.click('.checkout-submit');
    await page.waitForURL((url) => url.pathname.startsWith('/status/'));
    const [orderId] = new URL(page.url()).pathname.split('/').slice(-2) as [string, string];

    // The status page names the seller and promises the invoice.
    await page.waitForSelector('astro-island[component-url*="/OrderStatusPanel."]:not([ssr])', { state: 'attached' });
    expect(await page.textContent('.status-panel .seller-notice')).toContain('Pasta Fresca Polska sp. z o.o.');
    expect(await page.textContent('.status-panel')).toContain('Zamówiono fakturę na firmę');

    // The restaurant's staff see the request, and finish the order.
    const staff = await openPage('desktop', 'kitchen@example.com');
    await staff.page.goto(urlOn('localhost', `/admin/orders/show/${orderId}`));
    await expect
      .poll(() => staff.page.textContent('[data-testid="staff-invoice"]'))
      .toContain('Biuro Rachunkowe Złoty Grosz sp. z o.o., NIP 5252812349');
    for (const action of ['accept', 'ready', 'handToCourier']) {
      const done = await staff.page.request.post(urlOn('localhost', `/api/admin/orders/${orderId}/actions`), {
        data: { action },
        headers: { origin: urlOn('localhost', '').replace(/\/$/, '') },
      });
      expect(done.status(), action).toBe(200);
    }
    await staff.context.close();

    // The status page follows the order: the invoice's link appears, and its PDF is the company's invoice.
    const link = page.getByRole('link', { name: /Pobierz fakturę FV\/\d{4}\/\d{5}\/PFR/ });
    await link.waitFor({ timeout: 20_000 });
    await screenshot(page, 'invoice-pl-phone-2-finished');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^FV-\d{4}-\d{5}-PFR\.pdf$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(Buffer.concat(chunks))), {
      mergePages: true,
    });
    expect(text).toContain('Biuro Rachunkowe Złoty Grosz sp. z o.o.');
    expect(text).toContain('NIP 5252812349');
    expect(text).toContain('Pasta Fresca Polska sp. z o.o.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('ua desktop: the checkout says there are no invoices in Ukraine, and still names the seller', async () => {
    const { page, problems, context } = await openPage('desktop');
    await fillBasket(page, UA);
    await openSummary(page, 'ua');
    await expect
      .poll(() => page.textContent('.checkout-form'))
      .toContain('Для замовлень в Україні рахунки-фактури не виставляються.');
    expect(await page.$('#checkout-invoiceWanted')).toBeNull();
    await expect.poll(() => page.textContent('.checkout-form .seller-notice')).toContain('ТОВ «Бао Хаус Україна»');
    await screenshot(page, 'invoice-ua-desktop-checkout');
    expect(problems).toEqual([]);
    await context.close();
  });
});
