import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Temporal } from 'temporal-polyfill';
import { adminPath } from '#domain/admin-routes.ts';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import { axeViolations, launchBrowser, screenshot, urlOn, visitorAddress, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

// Issue 34: a customer schedules an order for tomorrow 12:30 in each language; staff put the kitchen in busy mode on
// its board and the restaurant page says so.
const PL = 'pasta-fresca-warszawa-mokotow';
const ADDRESS = { street: 'Puławska', streetNo: '150', zip: '02-715', city: 'Warszawa', phone: '600 100 200' };

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

/** Two plain dishes of Pasta Fresca (open around the clock) in the visitor's basket, through the basket API. */
async function fillBasket(page: Page) {
  await page.goto(urlOn('localhost', '/api/ping'));
  await page.evaluate(async (slug) => {
    const restaurant = await fetch(`/api/restaurants/${slug}`).then((r) => r.json());
    const plain = restaurant.categories
      .flatMap((c: { items: { id: number; unavailable: boolean; groups: unknown[]; price: number }[] }) => c.items)
      .filter(
        (i: { unavailable: boolean; groups: unknown[]; price: number }) =>
          !i.unavailable && !i.groups.length && i.price > 0,
      );
    await fetch('/api/basket/clear');
    for (const item of plain.slice(0, 2)) {
      const added = await fetch('/api/basket/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ menuItemId: item.id, quantity: 3 }),
      });
      if (!added.ok) throw new Error(`basket: ${added.status}`);
    }
  }, PL);
}

/** Tomorrow 12:30 on the Warsaw kitchen's clock, as the schedule names its slots. */
function tomorrowAt1230(): { slot: string; delivered: string } {
  const zone = 'Europe/Warsaw';
  const day = Temporal.Now.zonedDateTimeISO(zone).toPlainDate().add({ days: 1 });
  const at = day.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from('12:30') });
  return { slot: at.toInstant().toString(), delivered: at.add({ minutes: 30 }).toPlainTime().toString().slice(0, 5) };
}

const TEXTS: Record<Locale, { choose: string; due: RegExp }> = {
  pl: { choose: 'Na wybraną godzinę', due: /Dostawa ok\./ },
  en: { choose: 'Choose a time', due: /Delivered around/ },
  ua: { choose: 'На обраний час', due: /Доставка приблизно/ },
};

describe('a scheduled order', () => {
  for (const locale of ['pl', 'en', 'ua'] as const) {
    it(`is placed for tomorrow 12:30 from the checkout in ${locale}, and the status page says when it comes`, async () => {
      const { page, context, problems } = await openPage(VIEWPORTS[locale === 'en' ? 'phone' : 'desktop']);
      await fillBasket(page);
      await page.goto(urlOn('localhost', pathFor('summary', locale)));
      await page.waitForSelector('astro-island[component-url*="/CheckoutScreen."]:not([ssr])', { state: 'attached' });
      await page.waitForSelector('[data-testid="order-time"]');
      const { slot, delivered } = tomorrowAt1230();
      await page.getByLabel(TEXTS[locale].choose).check();
      await page.selectOption('#order-time-slot', slot);
      const promise = page.getByTestId('order-time-promise');
      await expect.poll(() => promise.textContent()).toMatch(TEXTS[locale].due);
      expect(await promise.textContent()).toContain(delivered);
      await screenshot(page, `kitchen-capacity-checkout-${locale}`);
      expect(await axeViolations(page)).toEqual([]);

      await page.fill('#checkout-firstname', 'Anna');
      await page.fill('#checkout-lastname', 'Nowak');
      await page.fill('#checkout-email', `guest-${crypto.randomUUID().slice(0, 8)}@example.com`);
      await page.fill('#checkout-phone', ADDRESS.phone);
      await page.fill('#checkout-street', ADDRESS.street);
      await page.fill('#checkout-streetNo', ADDRESS.streetNo);
      await page.fill('#checkout-zip', ADDRESS.zip);
      await page.fill('#checkout-city', ADDRESS.city);
      await page.check('input[name="paymentMethod"][value="blik"]');
      await page.fill('#checkout-blikCode', '123456');
      for (const consent of await page.locator('.checkout-form input[type="checkbox"][required]').all())
        await consent.check();
      await page.click('.checkout-submit');

      await page.waitForURL((url) => url.pathname.startsWith(`${locale === 'pl' ? '' : `/${locale}`}/status/`));
      const [orderId, token] = new URL(page.url()).pathname.split('/').slice(-2) as [string, string];
      const answer = await page.request.get(urlOn('localhost', `/api/orders/${orderId}?token=${token}`));
      const { order } = (await answer.json()) as { order: { promise: { slot: string; readyAt: string } | null } };
      expect(Date.parse(order.promise!.slot)).toBe(Date.parse(slot));
      expect(Date.parse(order.promise!.readyAt)).toBe(Date.parse(slot));
      const shown = page.getByTestId('order-promise');
      await shown.waitFor();
      expect(await shown.textContent()).toMatch(TEXTS[locale].due);
      expect(await shown.textContent()).toContain(delivered);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe('busy mode', () => {
  it('set on the kitchen board pauses the kitchen, and the restaurant page says until when; one tap resumes it', async () => {
    const board = await openPage({ width: 768, height: 1024 }, 'kitchen@example.com');
    await board.page.goto(urlOn('localhost', adminPath('en', { screen: 'kitchen', restaurant: PL })));
    const state = board.page.getByTestId('kitchen-busy-state');
    await state.waitFor();
    await board.page.waitForSelector('astro-island[component-url*="/KitchenBoard."]:not([ssr])', { state: 'attached' });
    expect(await state.textContent()).toBe('Normal: taking orders.');
    await board.page.fill('#kitchen-busy-reason', 'Oven broken');
    await board.page.getByRole('button', { name: 'Pause for 30 min' }).click();
    await expect.poll(() => state.textContent()).toMatch(/^Paused until \d\d:\d\d: Oven broken$/);
    await screenshot(board.page, 'kitchen-capacity-board-paused');
    expect(await axeViolations(board.page)).toEqual([]);
    const until = /until (\d\d:\d\d)/.exec((await state.textContent()) ?? '')![1]!;

    const shop = await openPage(VIEWPORTS.phone);
    for (const [locale, text] of [
      ['en', `Paused until ${until}`],
      ['pl', `Wstrzymane do ${until}`],
      ['ua', `Призупинено до ${until}`],
    ] as const) {
      await shop.page.goto(urlOn('localhost', pathFor('restaurant', locale, { slug: PL })));
      expect(await shop.page.getByTestId('kitchen-badge').textContent()).toBe(text);
    }
    await screenshot(shop.page, 'kitchen-capacity-restaurant-paused');

    await board.page.getByRole('button', { name: 'Back to normal' }).click();
    await expect.poll(() => state.textContent()).toBe('Normal: taking orders.');
    // The page may be kept by a browser for a minute (public, max-age=60): a visitor arriving now sees no badge.
    const later = await openPage(VIEWPORTS.desktop);
    await later.page.goto(urlOn('localhost', pathFor('restaurant', 'en', { slug: PL })));
    expect(await later.page.getByTestId('kitchen-badge').count()).toBe(0);
    await later.context.close();
    expect(board.problems).toEqual([]);
    expect(shop.problems).toEqual([]);
    await board.context.close();
    await shop.context.close();
  });
});
