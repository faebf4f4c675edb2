import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import { adminPath, type AdminEntity } from '#domain/admin-routes.ts';
import { axeViolations, launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

const RESTAURANT = 'pasta-fresca-warszawa-mokotow';
const ORIGIN = { origin: urlOn('localhost', '').replace(/\/$/, '') };

let browser: Browser;
/** The admin's cookies, logged in once: the login route's rate limit counts every login. */
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;
beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  await signIn(context, 'admin@example.com');
  adminState = await context.storageState();
  await context.close();
});
afterAll(() => browser?.close());

/** A browser context logged in as the demo admin, recording script and console errors (4xx answers aside). */
async function asAdmin(viewport: keyof typeof VIEWPORTS = 'desktop') {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    storageState: adminState,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  return { context, page, problems };
}

/** A field by its label, whose required mark (' *') is not part of the words. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));

const open = (page: Page, locale: Locale, screen: Parameters<typeof adminPath>[1]) =>
  page.goto(urlOn('localhost', adminPath(locale, screen)));

/** Waits until the island has hydrated and its submit button is enabled (the item loaded, on a show screen). */
async function ready(page: Page, component: string) {
  await page.waitForSelector(`astro-island[component-url*="/${component}."]:not([ssr])`, { state: 'attached' });
  await page.waitForSelector('form.admin-form button[type=submit]:not([disabled])');
}

async function idFromShowUrl(page: Page, entity: AdminEntity): Promise<string> {
  await page.waitForURL(new RegExp(`/admin/${entity}/show/[^/]+$`));
  return decodeURIComponent(page.url().split('/').pop() ?? '');
}

async function deleteThroughDialog(page: Page, deleteLabel: string) {
  await page.getByRole('button', { name: deleteLabel, exact: true }).click();
  await page.waitForSelector('dialog.admin-dialog[open]');
  await page.locator('dialog.admin-dialog').getByRole('button', { name: deleteLabel, exact: true }).click();
  await page.waitForURL(/\/admin\/[A-Za-z]+$/);
}

const api = async (context: BrowserContext, path: string) => {
  const response = await context.request.get(urlOn('localhost', path));
  return { status: response.status(), body: (await response.json()) as Record<string, Record<string, unknown>> };
};

describe('admin add, edit and delete', () => {
  it("pl: a brand is not added here but in tenants/; its page shows the brand's own fields read-only, saves what operators run, and soft-deletes", async () => {
    const { context, page, problems } = await asAdmin();
    await open(page, 'pl', { screen: 'add', entity: 'concepts' });
    await page.getByRole('heading', { name: 'Dodawanie marki' }).waitFor();
    expect(await page.locator('.admin-add-brand ol li').count()).toBe(4);
    expect(await page.locator('form.admin-form').count()).toBe(0);

    const { concepts } = (await api(context, '/api/getLocationsAndConcepts')).body as unknown as {
      concepts: { id: number; slug: string }[];
    };
    const id = String(concepts.find((c) => c.slug === 'green-bowl')!.id);
    await open(page, 'pl', { screen: 'show', entity: 'concepts', id });
    await ready(page, 'ConceptForm');
    // The brand's texts: shown, not editable, each saying where it is edited.
    const readOnly = page.locator('.admin-details');
    expect(await readOnly.getByText('Green Bowl', { exact: true }).count()).toBe(1);
    expect(await readOnly.textContent()).toContain(
      'Edytowane w tenants/green-bowl/tenant.json, pole description (angielski: texts.en.description, ukraiński: texts.ua.description)',
    );
    expect(await page.locator('form.admin-form input[name=name], form.admin-form textarea').count()).toBe(0);

    // What operators run: a default restaurant of another brand is refused under its field, then the portfolio flag.
    await field(page, 'Domyślna restauracja (slug)').fill('pasta-fresca-warszawa-mokotow');
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect.poll(() => page.locator('#admin-defaultRestaurantSlug-error').textContent()).toBeTruthy();
    await field(page, 'Domyślna restauracja (slug)').fill('green-bowl-poznan-jezyce');
    await field(page, 'Pokazuj w portfolio marek').check();
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Zapisano zmiany.');
    expect((await api(context, `/api/admin/concepts/${id}`)).body.concept?.showOnCompanyPortfolio).toBe(true);

    await deleteThroughDialog(page, 'Usuń');
    expect((await api(context, `/api/admin/concepts/${id}`)).body.concept?.active).toBe(false);
    expect(problems).toEqual([]);
    // Back as the seed left it: the other test files share this server.
    const restored = await context.request.put(urlOn('localhost', `/api/admin/concepts/${id}`), {
      headers: ORIGIN,
      data: { defaultRestaurantSlug: 'green-bowl-poznan-jezyce', showOnCompanyPortfolio: false, active: true },
    });
    expect(restored.status()).toBe(200);
    await context.close();
  });

  it('en: a location is added, edited, a taken slug is refused with the translated failure, and deleted', async () => {
    const { context, page } = await asAdmin('phone');
    await open(page, 'en', { screen: 'add', entity: 'locations' });
    await ready(page, 'LocationForm');
    const fill = async (label: string, value: string) => field(page, label).fill(value);
    await fill('Name', 'Test spot');
    await fill('Slug (address)', 'test-spot');
    await fill('Street', 'Prosta');
    await fill('Building number', '5');
    await fill('Zip code', '00-850');
    await fill('City', 'Warszawa');
    await fill('City slug', 'warszawa');
    await fill('Latitude', '52.23');
    await fill('Longitude', '21.01');
    await field(page, 'Delivery').uncheck();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const id = await idFromShowUrl(page, 'locations');
    await ready(page, 'LocationForm');
    expect((await api(context, `/api/admin/locations/${id}`)).body.location).toMatchObject({
      pickupEnabled: true,
      deliveryEnabled: false,
    });

    await fill('Slug (address)', 'warszawa-mokotow');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.locator('.notification-error').textContent())
      .toContain('An error occurred while performing the action');
    await fill('Slug (address)', 'test-spot');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Changes saved.');

    await deleteThroughDialog(page, 'Delete');
    expect((await api(context, `/api/admin/locations/${id}`)).body.location?.deleted).toBe(true);
    await context.close();
  });

  it('ua: a restaurant is added with its week (its delivery zones are a screen of their own)', async () => {
    const { context, page } = await asAdmin();
    await open(page, 'ua', { screen: 'add', entity: 'restaurants' });
    await ready(page, 'RestaurantForm');
    await field(page, 'Назва').fill('Тестовий ресторан');
    await field(page, 'Slug (адреса)').fill('testovyi-restoran');
    await field(page, 'Мінімальна сума замовлення').fill('30,00');
    await field(page, 'Неділя: Відчинено').uncheck();
    await field(page, 'Субота: До').fill('24:00');
    await page.getByRole('button', { name: 'Додати', exact: true }).click();
    const id = await idFromShowUrl(page, 'restaurants');
    const { restaurant } = (await api(context, `/api/admin/restaurants/${id}`)).body;
    expect(restaurant).toMatchObject({ minBasketValue: 3000 });
    const hours = restaurant?.hours as { day: number; to: string }[];
    expect(hours.map((h) => h.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hours.find((h) => h.day === 6)?.to).toBe('24:00');

    await ready(page, 'RestaurantForm');
    await deleteThroughDialog(page, 'Видалити');
    expect((await api(context, `/api/admin/restaurants/${id}`)).body.restaurant?.active).toBe(false);
    await context.close();
  });

  it('pl: a discount code is added, a taken one answers notUniqueCode, codes are generated, and one is deleted', async () => {
    const { context, page } = await asAdmin();
    await open(page, 'pl', { screen: 'add', entity: 'discountCodes' });
    await ready(page, 'DiscountCodeForm');
    // Sent empty with a negative value: each field says what is wrong with it, and the first takes the focus.
    await field(page, 'Wartość (procent lub kwota) (%)').fill('-5');
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click();
    await expect.poll(() => field(page, 'Kod').getAttribute('aria-invalid')).toBe('true');
    expect(await field(page, 'Wartość (procent lub kwota) (%)').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('admin-code');
    await field(page, 'Wartość (procent lub kwota) (%)').fill('10');
    await field(page, 'Kod').fill('E2EJESIEN');
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click();
    const id = await idFromShowUrl(page, 'discountCodes');
    await ready(page, 'DiscountCodeForm');
    await field(page, 'Limit użyć').fill('7');
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Zapisano zmiany.');

    await open(page, 'pl', { screen: 'add', entity: 'discountCodes' });
    await ready(page, 'DiscountCodeForm');
    await field(page, 'Kod').fill('e2ejesien');
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click();
    await expect
      .poll(() => page.locator('.notification-error').textContent())
      .toContain('Kod rabatowy o tej nazwie już istnieje');

    await field(page, 'Jak dodać').selectOption('generate');
    await field(page, 'Liczba kodów do wygenerowania').fill('5');
    await field(page, 'Początek kodów (opcjonalnie)').fill('E2E');
    await page.getByRole('button', { name: 'Dodaj', exact: true }).click();
    await idFromShowUrl(page, 'discountCodes');
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Wygenerowano kody: 5.');

    await open(page, 'pl', { screen: 'show', entity: 'discountCodes', id });
    await ready(page, 'DiscountCodeForm');
    await deleteThroughDialog(page, 'Usuń');
    expect((await api(context, `/api/admin/discountCodes/${id}`)).status).toBe(404);
    await context.close();
  });

  it('en: a user is edited (name saved, the role select offers every role)', async () => {
    const { context, page } = await asAdmin();
    const user = await browser.newContext();
    // The demo customer's id, from their own session.
    await signIn(user, 'user@example.com');
    const me = (await (await user.request.get(urlOn('localhost', '/api/auth/getUser'))).json()) as {
      user: { id: string; firstname: string };
    };
    await user.close();
    await open(page, 'en', { screen: 'show', entity: 'users', id: me.user.id });
    await ready(page, 'UserForm');
    expect(await field(page, 'First name').inputValue()).toBe(me.user.firstname);
    expect(await field(page, 'Role').locator('option').allTextContents()).toEqual([
      'Customer',
      'Call centre',
      'Kitchen staff',
      'Kitchen manager',
      'Administrator',
    ]);
    await field(page, 'First name').fill(`${me.user.firstname}-e2e`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Changes saved.');
    await field(page, 'First name').fill(me.user.firstname);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => (await api(context, `/api/admin/users/${me.user.id}`)).body.user?.firstname)
      .toBe(me.user.firstname);
    await context.close();
  });

  it('a restaurant disabled in the admin shows temporarily unavailable on its shop page at once', async () => {
    const { context, page } = await asAdmin();
    const shop = await context.request.get(urlOn('localhost', `/api/restaurants/${RESTAURANT}`));
    const { id } = (await shop.json()) as { id: number };
    await open(page, 'pl', { screen: 'show', entity: 'restaurants', id: String(id) });
    await ready(page, 'RestaurantForm');
    const enabled = field(page, 'Włączona (wyłączona: chwilowo niedostępna)');
    await enabled.uncheck();
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Zapisano zmiany.');

    const visitor = await browser.newPage();
    await visitor.goto(urlOn('localhost', pathFor('restaurant', 'pl', { slug: RESTAURANT })));
    expect(await visitor.locator('main').textContent()).toContain('Chwilowo niedostępna');
    await visitor.close();

    await enabled.check();
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await expect.poll(() => page.locator('.notification-success').textContent()).toContain('Zapisano zmiany.');
    await context.close();
  });
});

describe('admin form screens: screenshots and accessibility', () => {
  const LOCALES: Locale[] = ['pl', 'en', 'ua'];
  // A registration queues its activation e-mail: the outbox then has an e-mail to show.
  let outboxId = '1';
  beforeAll(async () => {
    const context = await browser.newContext();
    const registered = await context.request.post(urlOn('localhost', '/api/auth/register'), {
      data: {
        firstname: 'Ewa',
        lastname: 'Outbox',
        email: `outbox-${crypto.randomUUID()}@example.com`,
        phone: '600 100 200',
        password: 'outbox-password-1',
        passwordRepeat: 'outbox-password-1',
        shopPolicies: true,
        restaurantPolicies: true,
      },
      headers: ORIGIN,
    });
    expect(registered.status()).toBe(201);
    await context.close();
    const admin = await browser.newContext({ storageState: adminState });
    for (let id = 1; id < 50; id++) {
      const response = await admin.request.get(urlOn('localhost', `/api/admin/outbox/${id}`));
      if (response.ok()) {
        outboxId = String(id);
        break;
      }
    }
    await admin.close();
  });
  const screens = (userId: string, outboxId: string) =>
    [
      // No island: a brand is added in tenants/, and this screen lists the steps.
      ['concepts-add', { screen: 'add', entity: 'concepts' }, null],
      ['concepts-show', { screen: 'show', entity: 'concepts', id: '1' }, 'ConceptForm'],
      ['locations-show', { screen: 'show', entity: 'locations', id: '1' }, 'LocationForm'],
      ['restaurants-show', { screen: 'show', entity: 'restaurants', id: '1' }, 'RestaurantForm'],
      ['discountCodes-add', { screen: 'add', entity: 'discountCodes' }, 'DiscountCodeForm'],
      ['users-show', { screen: 'show', entity: 'users', id: userId }, 'UserForm'],
      ['outbox-show', { screen: 'show', entity: 'outbox', id: outboxId }, 'OutboxEmail'],
    ] as const;

  for (const locale of LOCALES)
    it(`${locale}: every form screen at phone and desktop width, with no serious axe violation`, async () => {
      for (const viewport of ['phone', 'desktop'] as const) {
        const { context, page, problems } = await asAdmin(viewport);
        const me = (await (await context.request.get(urlOn('localhost', '/api/auth/getUser'))).json()) as {
          user: { id: string };
        };
        for (const [name, screen, component] of screens(me.user.id, outboxId)) {
          await open(page, locale, screen);
          if (component === null) await page.waitForSelector('.admin-add-brand');
          else {
            await page.waitForSelector(`astro-island[component-url*="/${component}."]:not([ssr])`, {
              state: 'attached',
            });
            if (component !== 'OutboxEmail') await ready(page, component);
            else await page.waitForSelector('.admin-form, main p');
          }
          await screenshot(page, `admin-forms-${name}-${locale}-${viewport}`);
          if (viewport === 'desktop') {
            const violations = await axeViolations(page);
            expect(violations, name).toEqual([]);
          }
        }
        expect(problems).toEqual([]);
        await context.close();
      }
    }, 240_000);
});
