import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { statusPath } from '#server/services/orders/access-token.ts';
import { axeViolations, launchBrowser, screenshot, urlOn } from '../helpers/browser.ts';
import { placeOrderOverHttp } from '../helpers/http-orders.ts';
import { signIn } from '../helpers/sign-in.ts';

// Open 24 hours, so an order can be placed whenever the suite runs.
const RESTAURANT = 'pasta-fresca-warszawa-mokotow';
const TABLET = { width: 768, height: 1024 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const base = () => urlOn('localhost', '').replace(/\/$/, '');
const order = () => placeOrderOverHttp(base(), { restaurant: RESTAURANT, country: 'pl', payment: 'blik', lang: 'en' });
const card = (page: Page, id: string) => page.locator(`.kitchen-card[data-order="${id}"]`);
/** Whether the board's alarm <audio> element is playing now. */
const playing = (page: Page) => page.evaluate(() => !document.querySelector<HTMLAudioElement>('audio')!.paused);
const waitUntilPlaying = (page: Page, wanted: boolean) =>
  page.waitForFunction((w) => !document.querySelector<HTMLAudioElement>('audio')!.paused === w, wanted, {
    timeout: 15_000,
  });

/**
 * Leaves the board quiet for the next test: every order on it still ringing is acknowledged, the restaurant's own
 * and the shared baskets' orders with a line of it (issue 35), which its board shows too.
 */
async function acknowledgeAll(): Promise<void> {
  const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
  try {
    await sql`with board as (select id from restaurants where slug = ${RESTAURANT})
      update orders set alarm_acknowledged_at = now() where alarm_acknowledged_at is null
      and (restaurant_id = (select id from board) or exists (select from order_items oi
        where oi.order_id = orders.id and oi.restaurant_id = (select id from board)))`;
  } finally {
    await sql.end();
  }
}

describe('the kitchen board’s alarm on a tablet', () => {
  it('rings on the kitchen staff’s tablet until acknowledged, resumes after a reload at the first touch, and rejects with a reason the customer reads', async () => {
    await acknowledgeAll();
    const context = await browser.newContext({ viewport: TABLET });
    // The kitchen's own account (kitchenStaff of warszawa-mokotow), as a tablet on the pass is signed in.
    await signIn(context, 'kitchen@example.com');
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(urlOn('localhost', `/en/admin/kitchen/${RESTAURANT}`));
    await page.getByText('Live', { exact: true }).waitFor();
    const quietTitle = await page.title();
    // Switched on once on this device.
    await page.getByRole('button', { name: 'Turn on the new-order sound' }).click();
    await page.getByRole('button', { name: 'Turn the sound off' }).waitFor();
    expect(await playing(page)).toBe(false);

    const first = await order();
    await card(page, first.order.id).waitFor({ timeout: 15_000 });
    await waitUntilPlaying(page, true);
    expect(await card(page, first.order.id).getAttribute('class')).toContain('kitchen-card-alarm');
    await page.waitForFunction(() => document.title.startsWith('(1) New orders – '));
    expect(await page.locator('link[rel~="icon"]').getAttribute('href')).toMatch(/^data:image\/png/);
    // Still ringing a moment later: the sound loops until somebody acknowledges.
    await page.waitForTimeout(2500);
    expect(await playing(page)).toBe(true);
    expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio')!.loop)).toBe(true);
    await screenshot(page, 'kitchen-alarm-ringing-en-tablet');
    expect(await axeViolations(page)).toEqual([]);

    await card(page, first.order.id).getByRole('button', { name: 'Acknowledge' }).click();
    await waitUntilPlaying(page, false);
    await page.waitForFunction((title) => document.title === title, quietTitle);
    expect(await card(page, first.order.id).getAttribute('class')).not.toContain('kitchen-card-alarm');
    expect(await card(page, first.order.id).getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);

    // A reload loses the page's permission to play: the remembered setting asks for one touch anywhere.
    const second = await order();
    await page.reload();
    const banner = page.getByRole('button', { name: 'Tap anywhere to resume the alarm sound' });
    await banner.waitFor({ timeout: 15_000 });
    await card(page, second.order.id).waitFor({ timeout: 15_000 });
    await screenshot(page, 'kitchen-alarm-resume-en-tablet');
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('h1').click();
    await banner.waitFor({ state: 'detached' });
    await waitUntilPlaying(page, true);

    // Rejecting needs a reason; it also silences the order.
    await card(page, second.order.id).getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Yes, do it' }).click();
    await dialog.getByText('Choose why the order is rejected.').waitFor();
    await screenshot(page, 'kitchen-reject-reason-en-tablet');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('radio', { name: 'Too busy' }).check();
    await dialog.getByRole('button', { name: 'Yes, do it' }).click();
    await card(page, second.order.id).waitFor({ state: 'detached' });
    await waitUntilPlaying(page, false);
    expect(problems).toEqual([]);

    const customer = await browser.newContext({ viewport: TABLET });
    const status = await customer.newPage();
    await status.goto(urlOn('localhost', statusPath('en', second.order.id, second.accessToken)));
    await status.getByText('Reason: The restaurant is too busy to take more orders right now.').waitFor();
    await screenshot(status, 'order-status-rejected-reason-en-tablet');
    await customer.close();
    await context.close();
  }, 150_000);

  it('without motion, an unacknowledged card is highlighted instead of flashing', async () => {
    await acknowledgeAll();
    const context = await browser.newContext({ viewport: TABLET, reducedMotion: 'reduce' });
    await signIn(context, 'admin@example.com');
    const page = await context.newPage();
    await page.goto(urlOn('localhost', `/admin/kitchen/${RESTAURANT}`));
    const placed = await order();
    await card(page, placed.order.id).waitFor({ timeout: 15_000 });
    const style = await card(page, placed.order.id).evaluate((element) => {
      const computed = getComputedStyle(element);
      return { animation: computed.animationName, shadow: computed.boxShadow };
    });
    expect(style.animation).toBe('none');
    expect(style.shadow).not.toBe('none');
    await page.getByText('Nowe – niepotwierdzone').first().waitFor();
    await screenshot(page, 'kitchen-alarm-reduced-motion-pl-tablet');
    await context.close();
    await acknowledgeAll();
  });

  it('shows the call centre an escalated order with the restaurant’s phone to call', async () => {
    const placed = await order();
    const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
    try {
      // The sweeper's escalation is tested with a controlled clock (tests/api/kitchen-alarms.test.ts); here the card.
      await sql`update orders set escalated_at = now() where id = ${placed.order.id}`;
      await sql`update restaurants set phone = '+48 22 123 45 67' where slug = ${RESTAURANT}`;
    } finally {
      await sql.end();
    }
    const context = await browser.newContext({ viewport: TABLET });
    await signIn(context, 'callcenter@example.com');
    const page = await context.newPage();
    await page.goto(urlOn('localhost', '/ua/admin/orders/add'));
    const item = page.locator(`.cc-escalations li[data-order="${placed.order.id}"]`);
    await item.waitFor({ timeout: 15_000 });
    expect(await item.getByRole('link', { name: 'Зателефонувати: +48 22 123 45 67' }).getAttribute('href')).toBe(
      'tel:+48221234567',
    );
    await screenshot(page, 'cc-escalations-ua-tablet');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
    await acknowledgeAll();
  });

  it('the restaurant form sets the kitchen’s settings and explains an escalation that comes too late', async () => {
    const context = await browser.newContext({ viewport: TABLET });
    await signIn(context, 'admin@example.com');
    const page = await context.newPage();
    await page.goto(urlOn('localhost', '/en/admin/restaurants/show/1'));
    await page.waitForSelector('form.admin-form button[type=submit]:not([disabled])');
    const escalation = page.getByLabel(/^Escalate an order not accepted after \(minutes\)/);
    await escalation.fill('10');
    await page.getByLabel(/^Time to accept an order \(minutes\)/).fill('10');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByText(
        'Escalation must come before the acceptance window ends: enter fewer minutes than the acceptance window.',
      )
      .first()
      .waitFor();
    await screenshot(page, 'restaurant-kitchen-settings-en-tablet');
    expect(await axeViolations(page)).toEqual([]);
    await escalation.fill('4');
    await page.getByLabel(/^Accept new orders automatically/).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => {
        const response = await context.request.get(urlOn('localhost', '/api/admin/restaurants/1'));
        const { restaurant } = (await response.json()) as { restaurant: Record<string, unknown> };
        return [restaurant['escalationMinutes'], restaurant['autoAccept']];
      })
      .toEqual([4, true]);
    // Back as the seed had it, for the other tests of the run.
    await page.getByLabel(/^Accept new orders automatically/).uncheck();
    await escalation.fill('5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => {
        const response = await context.request.get(urlOn('localhost', '/api/admin/restaurants/1'));
        return ((await response.json()) as { restaurant: Record<string, unknown> }).restaurant['autoAccept'];
      })
      .toBe(false);
    await context.close();
  });
});
