import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pathFor } from '#domain/localized-routes.ts';
import { launchBrowser, screenshot, visitorAddress, VIEWPORTS } from '../helpers/browser.ts';
import { PAYU_CREDENTIALS, startFakePayu } from '../helpers/fake-providers.ts';
import { startServer } from '../helpers/server-process.ts';
import { cloneDatabase, dropDatabase, freePort } from '../setup/postgres.ts';

// Google Pay where PayU takes it (issue 17): the checkout loads Google's pay.js, which the content security policy
// must let in, shows Google's own button and asks Google's sheet for a card tokenized for the "payu" gateway, in
// the TEST environment. pay.google.com cannot be reached from here, so the browser gets a stand-in for pay.js that
// does what Google's reference says its PaymentsClient does, and keeps what the page asked of it. The server is its
// own process configured for PayU (a local PayU, tests/helpers/fake-providers.ts), on a copy of the seeded database.

const PL = 'pasta-fresca-warszawa-mokotow';
const TOKEN = '{"protocolVersion":"ECv2","signature":"MEUCIQ","signedMessage":"{}"}';

/** pay.js as far as the page uses it: https://developers.google.com/pay/api/web/reference/client */
const PAY_JS = `
window.googlePayAsked = { clients: [], buttons: [], requests: [] };
window.google = { payments: { api: { PaymentsClient: class {
  constructor(options) { window.googlePayAsked.clients.push(options); }
  isReadyToPay() { return Promise.resolve({ result: true }); }
  createButton(options) {
    window.googlePayAsked.buttons.push({ ...options, onClick: undefined });
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'gpay-button';
    button.setAttribute('aria-label', 'Google Pay');
    button.textContent = 'Pay with G Pay';
    button.addEventListener('click', options.onClick);
    return button;
  }
  loadPaymentData(request) {
    window.googlePayAsked.requests.push(request);
    return Promise.resolve({ paymentMethodData: { type: 'CARD', tokenizationData: { type: 'PAYMENT_GATEWAY', token: ${JSON.stringify(TOKEN)} } } });
  }
} } } };
`;

let browser: Browser;
let payu: Awaited<ReturnType<typeof startFakePayu>>;
let server: ReturnType<typeof startServer>;
let base: string;
const database = `mp_e2e_gpay_${process.pid}`;

beforeAll(async () => {
  const port = await freePort();
  payu = await startFakePayu();
  const url = await cloneDatabase(inject('pgAdminUrl'), inject('pgTemplate'), database);
  server = startServer({
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_REQUESTS: '0',
    TRUST_PROXY: '1',
    PAYMENTS: 'configured',
    PAYMENT_ROUTES: 'pl.blik=payu,pl.googlePay=payu,pl.fastTransfer=payu',
    ...PAYU_CREDENTIALS,
    PAYU_BASE_URL: payu.url,
  });
  base = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`server did not start: ${server.output().stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await payu?.close();
  await dropDatabase(inject('pgAdminUrl'), database).catch(() => {});
});

describe('Google Pay through PayU on the summary page', () => {
  it('pl phone: Google’s button in place of ours; its sheet is asked for a PayU-tokenized card in TEST; the token reaches PayU', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, extraHTTPHeaders: visitorAddress() });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // Google's origin answers with the stand-in; the page's real policy decides whether it may run.
    await context.route('https://pay.google.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: PAY_JS }),
    );

    await page.goto(`${base}/`);
    await page.evaluate(async (slug) => {
      const restaurant = await fetch(`/api/restaurants/${slug}`).then((r) => r.json());
      const item = restaurant.categories
        .flatMap((c: { items: { id: number; unavailable: boolean; groups: unknown[]; price: number }[] }) => c.items)
        .find((i: { unavailable: boolean; groups: unknown[]; price: number }) => !i.unavailable && !i.groups.length);
      await fetch('/api/basket/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ menuItemId: item.id, quantity: 2 }),
      });
    }, PL);
    await page.goto(`${base}${pathFor('summary', 'pl')}`);
    await page.waitForSelector('astro-island[component-url*="/CheckoutScreen."]:not([ssr])', { state: 'attached' });
    await page.waitForSelector('input[name="paymentMethod"][value="googlePay"]');
    await page.fill('#checkout-firstname', 'Anna');
    await page.fill('#checkout-lastname', 'Nowak');
    await page.fill('#checkout-email', `gpay-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await page.fill('#checkout-phone', '600 100 200');
    await page.fill('#checkout-street', 'Puławska');
    await page.fill('#checkout-streetNo', '150');
    await page.fill('#checkout-zip', '02-715');
    await page.fill('#checkout-city', 'Warszawa');
    await page.check('input[name="paymentMethod"][value="googlePay"]');
    for (const consent of await page.$$('.checkout-form input[type="checkbox"][required]')) await consent.check();

    // Google's button replaces the page's submit button.
    const googleButton = page.locator('.checkout-gpay-button .gpay-button');
    await googleButton.waitFor();
    expect(await page.locator('.checkout-submit').count()).toBe(0);
    await screenshot(page, 'checkout-pl-phone-google-pay-button');
    await googleButton.click();
    await page.waitForFunction(
      () => (window as { googlePayAsked?: { requests: unknown[] } }).googlePayAsked!.requests.length > 0,
    );

    const asked = await page.evaluate(
      () => (window as unknown as { googlePayAsked: Record<string, unknown[]> }).googlePayAsked,
    );
    expect(asked['clients']).toEqual([{ environment: 'TEST' }]);
    expect(asked['buttons']).toEqual([expect.objectContaining({ buttonType: 'pay', buttonLocale: 'pl' })]);
    expect(asked['requests']).toEqual([
      expect.objectContaining({
        apiVersion: 2,
        allowedPaymentMethods: [
          expect.objectContaining({
            type: 'CARD',
            tokenizationSpecification: {
              type: 'PAYMENT_GATEWAY',
              parameters: { gateway: 'payu', gatewayMerchantId: PAYU_CREDENTIALS.PAYU_POS_ID },
            },
          }),
        ],
        transactionInfo: expect.objectContaining({ totalPriceStatus: 'FINAL', currencyCode: 'PLN', countryCode: 'PL' }),
      }),
    ]);

    // The order is placed with the token, which goes to PayU as its Google Pay method; then the page waits for PayU.
    await page.locator('.checkout-processing').waitFor();
    const created = payu.seen.filter((s) => s.path === '/api/v2_1/orders').at(-1);
    expect(JSON.parse(created!.body).payMethods.payMethod).toEqual({
      type: 'PBL',
      value: 'ap',
      authorizationCode: Buffer.from(TOKEN).toString('base64'),
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});
