import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminPath } from '#domain/admin-routes.ts';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import {
  axeViolations,
  launchBrowser,
  screenshot,
  settled,
  urlOn,
  visitorAddress,
  VIEWPORTS,
} from '../helpers/browser.ts';
import { placeOrderOverHttp } from '../helpers/http-orders.ts';
import { signIn } from '../helpers/sign-in.ts';

// Issue 37: a kitchen tablet works its own kitchen's orders; the admin's navigation fits every screen; staff are
// added by invitation.
const OURS = 'pasta-fresca-warszawa-mokotow';
const THEIRS = 'bao-house-kyiv-podil';
const TABLET = { width: 768, height: 1024 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const base = () => urlOn('localhost', '').replace(/\/$/, '');

/** A page recording script and console errors (refused requests aside: some are what a test checks). */
async function pageOf(viewport: { width: number; height: number }, email?: string) {
  const context = await browser.newContext({ viewport, extraHTTPHeaders: visitorAddress() });
  if (email) await signIn(context, email);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  return { context, page, problems };
}

const hydrated = (page: Page, name: string) =>
  page.waitForSelector(`astro-island[component-url*="/${name}."]:not([ssr])`, { state: 'attached' });

const card = (page: Page, id: string) => page.locator(`.kitchen-card[data-order="${id}"]`);

describe('a kitchen tablet', () => {
  it('logs in to its kitchen, sees its own orders only, and takes one from new to finished', async () => {
    const ours = await placeOrderOverHttp(base(), {
      restaurant: OURS,
      country: 'pl',
      payment: 'blik',
      deliveryMethod: 'pickup',
    });
    const theirs = await placeOrderOverHttp(base(), {
      restaurant: THEIRS,
      country: 'ua',
      payment: 'cashOnDelivery',
      deliveryMethod: 'pickup',
    });
    const { context, page, problems } = await pageOf(TABLET);

    await page.goto(urlOn('localhost', pathFor('login', 'en')));
    await hydrated(page, 'LoginForm');
    await page.fill('#login-email', 'kitchen@example.com');
    await page.fill('#login-password', 'kitchen-demo-2026');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // Not the shop's home: the kitchens of the account, a board per restaurant cooked there (Mokotów: four brands).
    await page.waitForURL((url) => url.pathname === adminPath('en', { screen: 'kitchens' }));
    await page.getByRole('heading', { level: 1, name: 'Your kitchens' }).waitFor();
    const boards = await page
      .getByRole('link', { name: /^Orders board/ })
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(boards.sort()).toEqual(
      [OURS, 'pierogi-babci-warszawa-mokotow', 'smash-club-warszawa-mokotow', 'sushi-kaizen-warszawa-mokotow'].map(
        (restaurant) => adminPath('en', { screen: 'kitchen', restaurant }),
      ),
    );
    // Its navigation offers its kitchens, none of the admin's sections.
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Your kitchens']);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'kitchen-staff-kitchens-en-tablet');

    await page.locator(`a[href="${adminPath('en', { screen: 'kitchen', restaurant: OURS })}"]`).click();
    await page.getByText('Live', { exact: true }).waitFor();
    // The board names its restaurant as cooks know it, in English, not by the slug of its address.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Kitchen board Pasta Fresca Warsaw Mokotów',
    );
    await card(page, ours.order.id).waitFor({ timeout: 15_000 });
    expect(await card(page, theirs.order.id).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'kitchen-staff-board-en-tablet');

    await card(page, ours.order.id).getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: `Accept order ${ours.order.displayId}?` });
    await dialog.getByRole('button', { name: '20 min' }).click();
    await card(page, ours.order.id).getByRole('button', { name: 'Ready' }).click();
    await card(page, ours.order.id).getByRole('button', { name: 'Collected – finish' }).click();
    await card(page, ours.order.id).waitFor({ state: 'detached' });

    // Another kitchen's board and order, and the admin's own screens, are not this account's.
    for (const path of [
      adminPath('en', { screen: 'kitchen', restaurant: THEIRS }),
      adminPath('en', { screen: 'list', entity: 'orders', page: 1 }),
      adminPath('en', { screen: 'list', entity: 'users', page: 1 }),
    ]) {
      const response = await page.goto(urlOn('localhost', path));
      expect(response?.status(), path).toBe(401);
    }
    const other = await page.evaluate(async (id) => (await fetch(`/api/admin/orders/${id}`)).status, theirs.order.id);
    expect(other).toBe(403);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a kitchen manager', () => {
  it('opens its restaurant’s opening hours and menu from its kitchens, without the fees, and saves', async () => {
    const { context, page, problems } = await pageOf(TABLET, 'manager@example.com');
    await page.goto(urlOn('localhost', adminPath('en', { screen: 'dashboard' })));
    await page.waitForURL((url) => url.pathname === adminPath('en', { screen: 'kitchens' }));
    // Two kitchens (Mokotów and Wola), each with its boards and, for a manager, its restaurants' menu and hours, and
    // how late its kitchens were (issue 34).
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Warszawa Mokotów',
      'Warszawa Wola',
      'Promise accuracy per kitchen',
    ]);
    const manage = page.getByRole('link', { name: /^Menu and opening hours/ });
    // Mokotów's four brands and Wola's two.
    expect(await manage.count()).toBe(6);
    await page
      .locator(`a[href^="${adminPath('en', { screen: 'list', entity: 'restaurants', page: 1 })}/show/"]`)
      .first()
      .click();
    await hydrated(page, 'OpeningForm');
    await page.waitForSelector('form.admin-form button[type=submit]:not([disabled])');
    await page.getByRole('group', { name: 'Working hours' }).waitFor();
    expect(await page.getByLabel(/^Delivery price/).count()).toBe(0);
    await hydrated(page, 'MenuEditor');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'kitchen-manager-restaurant-en-tablet');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await page.getByText('Changes saved.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the admin navigation', () => {
  it('shows every section without clipping at 1280, 768 and 375 px, in the longest language too', async () => {
    for (const [name, viewport] of [
      ['desktop', VIEWPORTS.desktop],
      ['tablet', TABLET],
      ['phone', { width: 375, height: 812 }],
    ] as const) {
      for (const locale of ['pl', 'ua'] as const) {
        const { context, page } = await pageOf(viewport, 'admin@example.com');
        await page.goto(urlOn('localhost', adminPath(locale, { screen: 'add', entity: 'users' })));
        await settled(page);
        const sizes = await page.evaluate(() => {
          const list = document.querySelector('.admin-navbar nav ul')!;
          const links = [...list.querySelectorAll('a')];
          const right = document.documentElement.clientWidth;
          return {
            nav: [list.scrollWidth, list.clientWidth],
            page: [document.documentElement.scrollWidth, right],
            // Every section's link lies within the screen, none cut at its right edge.
            outside: links.filter((a) => a.getBoundingClientRect().right > right + 0.5).map((a) => a.textContent),
            links: links.length,
          };
        });
        expect(sizes.links, `${name} ${locale}`).toBe(13);
        expect(sizes.nav[0], `${name} ${locale}: nav`).toBeLessThanOrEqual(sizes.nav[1]!);
        expect(sizes.page[0], `${name} ${locale}: page`).toBeLessThanOrEqual(sizes.page[1]!);
        expect(sizes.outside, `${name} ${locale}`).toEqual([]);
        if (locale === 'pl') await screenshot(page, `admin-nav-pl-${name}`);
        await context.close();
      }
    }
    // Six pages opened and measured: near the project's minute on a shared machine.
  }, 120_000);
});

describe('adding a staff account', () => {
  const texts: Record<Locale, { kitchens: string; kitchen: RegExp; create: string; added: RegExp }> = {
    pl: {
      kitchens: 'Kuchnie',
      kitchen: /Mokotów/,
      create: 'Dodaj',
      added: /Zaproszenie do ustawienia hasła wysłaliśmy/,
    },
    en: {
      kitchens: 'Kitchens',
      kitchen: /Mokotów/,
      create: 'Add',
      added: /We e-mailed an invitation to set a password/,
    },
    ua: {
      kitchens: 'Кухні',
      kitchen: /Mokotów/,
      create: 'Додати',
      added: /Запрошення встановити пароль надіслано/,
    },
  };

  it('has an accessible form in every language that invites a kitchen account to its kitchens', async () => {
    for (const locale of ['pl', 'en', 'ua'] as const) {
      const t = texts[locale];
      const { context, page, problems } = await pageOf(
        locale === 'en' ? VIEWPORTS.desktop : TABLET,
        'admin@example.com',
      );
      await page.goto(urlOn('localhost', adminPath(locale, { screen: 'add', entity: 'users' })));
      await hydrated(page, 'UserForm');
      await page.waitForSelector('form.admin-form button[type=submit]:not([disabled])');
      const kitchens = page.getByRole('group', { name: new RegExp(`^${t.kitchens}`) });
      await kitchens.waitFor();
      expect(await axeViolations(page), locale).toEqual([]);
      await screenshot(page, `admin-users-add-${locale}`);

      // Sent with no kitchen ticked: the field says what is missing.
      const email = `cook-${locale}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      await page
        .getByLabel(/^E-mail|^Adres e-mail|^Ел/)
        .first()
        .fill(email);
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await kitchens.getByRole('alert').waitFor();
      expect(await axeViolations(page), `${locale} with an error`).toEqual([]);

      await kitchens.getByLabel(t.kitchen).first().check();
      await page.getByRole('button', { name: t.create, exact: true }).click();
      await page.waitForURL(/\/admin\/users\/show\/[^/]+$/);
      await page.getByText(t.added).waitFor();
      // The new account's page shows it with the one kitchen it was given, once the island has read it.
      await hydrated(page, 'UserForm');
      await page.waitForSelector('form.admin-form button[type=submit]:not([disabled])');
      const given = page.getByRole('group', { name: new RegExp(`^${t.kitchens}`) }).getByRole('checkbox');
      expect(await given.evaluateAll((boxes) => boxes.filter((box) => (box as HTMLInputElement).checked).length)).toBe(
        1,
      );
      expect(problems, locale).toEqual([]);
      await context.close();
    }
    // Three languages, each audited twice and sent twice: more than the project's minute on a shared machine.
  }, 180_000);
});
