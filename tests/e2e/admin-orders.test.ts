import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

// The restaurant the orders go to; its kitchen board is /admin/kitchen/{slug}.
const RESTAURANT = 'pasta-fresca-warszawa-mokotow';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A browser context signed in as the seeded admin, recording script and console errors. */
async function adminContext(viewport: keyof typeof VIEWPORTS = 'desktop') {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  await signIn(context, 'admin@example.com');
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // The board reports its own network drop; the browser logs the refused request, which is the point of the test.
    if (message.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|net::ERR_/.test(message.text()))
      problems.push(message.text());
  });
  return { context, page, problems };
}

/**
 * A guest's pickup order placed through the API (BLIK in the sandbox, which pays it at once), followed the way the
 * customer's status page follows it: the order's event stream, every status it announces kept in window.statuses.
 */
async function placeOrder(context: BrowserContext): Promise<{ id: string; displayId: string; page: Page }> {
  const page = await context.newPage();
  await page.goto(urlOn('localhost', '/en'));
  const placed = await page.evaluate(async (slug) => {
    type Item = { id: number; unavailable: boolean; groups: { required: boolean; min: number }[] };
    const menu = (await (await fetch(`/api/restaurants/${slug}`)).json()) as { categories: { items: Item[] }[] };
    const item = menu.categories
      .flatMap((category) => category.items)
      .find((i) => !i.unavailable && i.groups.every((group) => !group.required && group.min === 0))!;
    const json = { 'content-type': 'application/json' };
    await fetch('/api/basket/items', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ menuItemId: item.id, quantity: 4 }),
    });
    await fetch('/api/basket/delivery', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ deliveryMethod: 'pickup', country: 'pl' }),
    });
    const response = await fetch('/api/orders', {
      method: 'POST',
      headers: { ...json, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        firstname: 'Jan',
        lastname: 'Kowalski',
        phone: '600700800',
        email: 'jan@example.com',
        comment: 'Bez cebuli',
        consents: { agree1: true, agree2: true, providerTerms: true, orderWithObligation: true },
        paymentMethod: 'blik',
        blikCode: '123456',
      }),
    });
    const body = (await response.json()) as { order: { id: string; displayId: string }; accessToken: string };
    const w = window as unknown as { statuses: string[] };
    w.statuses = [];
    const events = new EventSource(`/api/orders/${body.order.id}/events?token=${encodeURIComponent(body.accessToken)}`);
    events.addEventListener('status', (event) => {
      const status = (JSON.parse((event as MessageEvent<string>).data) as { status: string }).status;
      if (w.statuses.at(-1) !== status) w.statuses.push(status);
    });
    return { status: response.status, id: body.order.id, displayId: body.order.displayId };
  }, RESTAURANT);
  expect(placed.status).toBe(201);
  return { id: placed.id, displayId: placed.displayId, page };
}

const customerSaw = (page: Page, status: string) =>
  page.waitForFunction((s) => (window as unknown as { statuses: string[] }).statuses.includes(s), status, {
    timeout: 15_000,
  });

const card = (page: Page, id: string) => page.locator(`.kitchen-card[data-order="${id}"]`);
const column = (page: Page, index: number) => page.locator('.kitchen-column').nth(index);

describe('kitchen board', () => {
  it('takes an order through its whole lifecycle while the customer’s status stream follows', async () => {
    const admin = await adminContext();
    const customer = await browser.newContext();
    await admin.page.goto(urlOn('localhost', `/en/admin/kitchen/${RESTAURANT}`));
    await admin.page.getByText('Live', { exact: true }).waitFor();

    const order = await placeOrder(customer);
    // It arrives on the open board by itself, in the New column, with its acceptance countdown.
    await column(admin.page, 0).locator(`[data-order="${order.id}"]`).waitFor({ timeout: 15_000 });
    await customerSaw(order.page, 'new');
    expect(await card(admin.page, order.id).getByRole('timer').textContent()).toMatch(/left to accept$/);
    await screenshot(admin.page, 'admin-kitchen-new-en-desktop');

    await card(admin.page, order.id).getByRole('button', { name: 'Accept' }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Accept order ${order.displayId}?` });
    await dialog.waitFor();
    await screenshot(admin.page, 'admin-kitchen-accept-en-desktop');
    await dialog.getByRole('button', { name: '20 min' }).click();
    await column(admin.page, 1).locator(`[data-order="${order.id}"]`).waitFor();
    await customerSaw(order.page, 'processing');
    await card(admin.page, order.id).getByRole('button', { name: 'Ready' }).click();
    await column(admin.page, 2).locator(`[data-order="${order.id}"]`).waitFor();
    await customerSaw(order.page, 'ready_for_pickup');

    await card(admin.page, order.id).getByRole('button', { name: 'Collected – finish' }).click();
    await card(admin.page, order.id).waitFor({ state: 'detached' });
    await customerSaw(order.page, 'finished');
    // The stream may first show the few moments the BLIK payment took; from the restaurant on, every step.
    const statuses = await order.page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
    expect(statuses.slice(statuses.indexOf('new'))).toEqual(['new', 'processing', 'ready_for_pickup', 'finished']);

    // The order's admin page tells the same story, with the admin as the one who did it.
    await admin.page.goto(urlOn('localhost', `/en/admin/orders/show/${order.id}`));
    const history = admin.page.locator('.staff-history li');
    await history.nth(4).waitFor();
    expect(await history.allTextContents()).toEqual([
      expect.stringContaining('Order placed'),
      expect.stringContaining('Waiting for payment → Waiting for the restaurant'),
      expect.stringMatching(
        /Waiting for the restaurant → Being prepared \(20 min\) Anna Adminowska · accepted by staff/,
      ),
      expect.stringMatching(/Being prepared → Ready for pickup Anna Adminowska · marked ready/),
      expect.stringMatching(/Ready for pickup → Completed Anna Adminowska · finished/),
    ]);
    expect(await admin.page.getByText('This order is closed; there is nothing left to do.').count()).toBe(1);
    expect(admin.problems).toEqual([]);
    await customer.close();
    await admin.context.close();
  });

  it('keeps its queue through a network drop and catches up when the network returns', async () => {
    const admin = await adminContext();
    const customer = await browser.newContext();
    await admin.page.goto(urlOn('localhost', `/en/admin/kitchen/${RESTAURANT}`));
    await admin.page.getByText('Live', { exact: true }).waitFor();

    await admin.context.setOffline(true);
    await admin.page.getByText('Offline – reconnecting…').waitFor();
    // An order arrives while the board cannot hear of it.
    const order = await placeOrder(customer);
    await customerSaw(order.page, 'new');
    await admin.page.waitForTimeout(1500);
    expect(await card(admin.page, order.id).count()).toBe(0);
    await screenshot(admin.page, 'admin-kitchen-offline-en-desktop');

    await admin.context.setOffline(false);
    await column(admin.page, 0).locator(`[data-order="${order.id}"]`).waitFor({ timeout: 15_000 });
    await admin.page.getByText('Live', { exact: true }).waitFor();
    // And it works again: one tap accepts it.
    await card(admin.page, order.id).getByRole('button', { name: 'Accept' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: '15 min' }).click();
    await column(admin.page, 1).locator(`[data-order="${order.id}"]`).waitFor();
    await customerSaw(order.page, 'processing');
    expect(admin.problems).toEqual([]);
    await customer.close();
    await admin.context.close();
  });
});

describe('dashboard', () => {
  it('shows a new order waiting with its countdown, live, and today’s figures for its restaurant', async () => {
    const admin = await adminContext();
    const customer = await browser.newContext();
    await admin.page.goto(urlOn('localhost', '/en/admin'));
    await admin.page.locator('.dashboard-waiting').waitFor();
    const order = await placeOrder(customer);
    const waiting = admin.page.locator(`.dashboard-waiting-list li[data-order="${order.id}"]`);
    await waiting.waitFor({ timeout: 15_000 });
    expect(await waiting.getByRole('timer').textContent()).toMatch(/left to accept$/);
    await admin.page
      .getByRole('table')
      .filter({ hasText: 'Pasta Fresca Warszawa Mokotów' })
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await admin.page.locator('canvas').count()).toBeGreaterThan(0);
    await admin.page.getByRole('link', { name: 'Pasta Fresca · Pasta Fresca Warszawa Mokotów' }).waitFor();
    expect(admin.problems).toEqual([]);
    await customer.close();
    await admin.context.close();
  });
});

describe('screenshots', () => {
  it.each([
    ['pl', ''],
    ['en', '/en'],
    ['ua', '/ua'],
  ])('admin order screens in %s at phone and desktop width', async (lang, prefix) => {
    const customer = await browser.newContext();
    const order = await placeOrder(customer);
    await customerSaw(order.page, 'new');
    for (const viewport of ['desktop', 'phone'] as const) {
      const admin = await adminContext(viewport);
      await admin.page.goto(urlOn('localhost', `${prefix}/admin`));
      await admin.page.locator('.dashboard-waiting-list').waitFor();
      await admin.page.locator('canvas').first().waitFor();
      await screenshot(admin.page, `admin-dashboard-${lang}-${viewport}`);
      expect(await axeViolations(admin.page), 'dashboard').toEqual([]);
      await admin.page.goto(urlOn('localhost', `${prefix}/admin/kitchen/${RESTAURANT}`));
      await card(admin.page, order.id).waitFor();
      await screenshot(admin.page, `admin-kitchen-${lang}-${viewport}`);
      expect(await axeViolations(admin.page), 'kitchen').toEqual([]);
      await admin.page.goto(urlOn('localhost', `${prefix}/admin/orders/show/${order.id}`));
      await admin.page.locator('.staff-history li').first().waitFor();
      await screenshot(admin.page, `admin-order-${lang}-${viewport}`);
      expect(await axeViolations(admin.page), 'order').toEqual([]);
      expect(admin.problems).toEqual([]);
      await admin.context.close();
    }
    await customer.close();
  });
});
