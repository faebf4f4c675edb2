import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminPath } from '#domain/admin-routes.ts';
import type { Locale } from '#domain/localized-routes.ts';
import { axeViolations, holdScripts, launchBrowser, screenshot, urlOn } from '../helpers/browser.ts';
import { customers, placeOrderOverHttp } from '../helpers/http-orders.ts';
import { signIn } from '../helpers/sign-in.ts';

let browser: Browser;
/** The agent's signed-in session, made once: the login form has its own tests, and its rate limit. */
let session: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  await signIn(context, 'callcenter@example.com');
  session = await context.storageState();
  await context.close();
});
afterAll(() => browser?.close());

const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 900 };

/** The words each language's run clicks and reads: from messages/*.json, so a missing translation fails here. */
const TEXTS = {
  pl: {
    find: 'Szukaj zamówień',
    open: 'Otwórz zamówienie',
    waiting: 'Czeka na przyjęcie przez restaurację',
    cancel: 'Anuluj zamówienie',
    confirm: 'Tak, anuluj',
    keep: 'Nie, zostaw',
    canceled: 'Anulowane',
    notice: 'jest anulowane; klient dostanie e-mail.',
  },
  en: {
    find: 'Find orders',
    open: 'Open order',
    waiting: 'Waiting for the restaurant',
    cancel: 'Cancel the order',
    confirm: 'Yes, cancel it',
    keep: 'No, keep it',
    canceled: 'Canceled',
    notice: 'is canceled; the customer gets an e-mail.',
  },
  ua: {
    find: 'Знайти замовлення',
    open: 'Відкрити замовлення',
    waiting: 'Очікує на підтвердження ресторану',
    cancel: 'Скасувати замовлення',
    confirm: 'Так, скасувати',
    keep: 'Ні, залишити',
    canceled: 'Скасовано',
    notice: 'скасовано; клієнт отримає e-mail.',
  },
} as const;

/** A caller's order waiting for the restaurant: cash on delivery in Kyiv, the shop's web channel. */
const waitingOrder = () =>
  placeOrderOverHttp(inject('baseUrl'), {
    restaurant: 'bao-house-kyiv-podil',
    country: 'ua',
    payment: 'cashOnDelivery',
  });

async function agentPage(viewport: { width: number; height: number }, locale: Locale) {
  const context = await browser.newContext({ viewport, storageState: session });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  await page.goto(urlOn('localhost', adminPath(locale, { screen: 'add', entity: 'orders' })));
  await page.waitForSelector('astro-island[component-url*="/OrderFollowUp."]:not([ssr])', { state: 'attached' });
  return { page, problems, close: () => context.close() };
}

describe('the call centre follows up an order', () => {
  for (const [locale, name, viewport] of [
    ['pl', 'tablet', TABLET],
    ['en', 'desktop', DESKTOP],
    ['ua', 'tablet', TABLET],
  ] as const)
    it(`${locale} at ${viewport.width} px: finds it by phone, opens it, cancels it after a confirmation; axe clean`, async () => {
      const placed = await waitingOrder();
      const texts = TEXTS[locale];
      const { page, problems, close } = await agentPage(viewport, locale);

      await page.fill('#cc-follow-query', customers.ua.phone);
      await page.getByRole('button', { name: texts.find, exact: true }).click();
      const open = page.getByRole('button', { name: `${texts.open} ${placed.order.displayId}` });
      await open.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await open.click();

      const status = page.locator('.cc-followed-status');
      await expect.poll(() => status.textContent()).toContain(texts.waiting);
      expect(await page.locator('.cc-followed-items li').count()).toBeGreaterThan(0);
      expect(await page.locator('.cc-followed-history li').count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `callcentre-follow-up-${locale}-${name}`);

      // Canceling asks first; keeping the order is the answer with the focus, and changes nothing.
      await page.getByRole('button', { name: texts.cancel }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: texts.keep }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await status.textContent()).toContain(texts.waiting);

      await page.getByRole('button', { name: texts.cancel }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: texts.confirm }).click();
      await expect.poll(() => status.textContent()).toContain(texts.canceled);
      await page.getByText(texts.notice).waitFor();
      // A canceled order offers no second cancel.
      expect(await page.getByRole('button', { name: texts.cancel }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // The customer's own status page says so too.
      const view = await fetch(`${inject('baseUrl')}/api/orders/${placed.order.id}?token=${placed.accessToken}`);
      expect(((await view.json()) as { order: { status: string } }).order.status).toBe('canceled');
      expect(problems).toEqual([]);
      await close();
    });

  it('cannot search before its island has loaded, and keeps what the agent typed meanwhile', async () => {
    const context = await browser.newContext({ viewport: TABLET, storageState: session });
    const page = await context.newPage();
    const release = await holdScripts(page);
    await page.goto(urlOn('localhost', adminPath('en', { screen: 'add', entity: 'orders' })), { waitUntil: 'commit' });
    await page.fill('#cc-follow-query', customers.ua.phone);
    expect(await page.getByRole('button', { name: TEXTS.en.find, exact: true }).isDisabled()).toBe(true);
    release();
    await page.waitForSelector('astro-island[component-url*="/OrderFollowUp."]:not([ssr])', { state: 'attached' });
    expect(await page.inputValue('#cc-follow-query')).toBe(customers.ua.phone);
    // The phone went in a POST body, never into the page's address.
    await page.getByRole('button', { name: TEXTS.en.find, exact: true }).click();
    await page
      .getByRole('button', { name: /^Open order / })
      .first()
      .waitFor();
    expect(page.url()).not.toContain(customers.ua.phone.replace(/\D/g, '').slice(-9));
    await context.close();
  });

  it('says what is wrong with a search that is neither a phone, an e-mail nor a number', async () => {
    const { page, close } = await agentPage(DESKTOP, 'en');
    await page.fill('#cc-follow-query', 'Kowalski');
    await page.getByRole('button', { name: TEXTS.en.find, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Type a phone number (at least 9 digits)' }).waitFor();
    expect(await page.getAttribute('#cc-follow-query', 'aria-invalid')).toBe('true');
    await close();
  });
});
