import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALES, localePrefix, matchPath, pathFor } from '#domain/localized-routes.ts';
import { formatMoney } from '#domain/money.ts';
import { demoDefaultRestaurant } from '#db/seed/places.ts';
import {
  axeViolations,
  launchBrowser,
  screenshot,
  settled,
  urlOn,
  VIEWPORTS,
  holdScripts,
} from '../helpers/browser.ts';
import { signIn } from '../helpers/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits until Astro has hydrated every island whose component file starts with `name`. */
const hydrated = async (page: Page, name: string) => {
  await page.waitForSelector(`astro-island[component-url*="/${name}."]`, { state: 'attached' });
  await page.waitForFunction(
    (n) => [...document.querySelectorAll(`astro-island[component-url*="/${n}."]`)].every((i) => !i.hasAttribute('ssr')),
    name,
  );
};

type Opened = { context: BrowserContext; page: Page; problems: string[] };

/**
 * A fresh browser (no cookies, no storage) in a language; every console error, page error and CSP violation is a
 * problem the test checks is empty at its end.
 */
async function open(
  path: string,
  { viewport = 'desktop', locale = 'pl-PL' }: { viewport?: keyof typeof VIEWPORTS; locale?: string } = {},
): Promise<Opened & { status: number | undefined }> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // An error page's own status is not a problem (Chromium logs every 4xx answer, the page's too).
    const ownStatus = /status of 40[14]/.test(message.text()) && message.location().url === page.url();
    if (message.type() === 'error' && !ownStatus) problems.push(message.text());
  });
  const response = await page.goto(urlOn('localhost', path));
  return { context, page, problems, status: response?.status() };
}

/** Lets the cookie banner go, so it covers nothing in screenshots and clicks. */
async function agreeToCookies(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.locator('.cookie-consent').waitFor({ state: 'detached' });
}

describe('navbar', () => {
  it('on a desktop: address, basket, language and user menu in the bar; dropdowns close on outside click and Escape', async () => {
    const { context, page, problems } = await open('/');
    await hydrated(page, 'UserMenu');
    await hydrated(page, 'BasketWidget');
    await hydrated(page, 'NavbarAddress');
    const nav = page.getByRole('navigation', { name: 'Nawigacja główna' });
    expect(await nav.getByRole('button', { name: /Adres dostawy: Nie podano adresu/ }).isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);

    const account = nav.getByRole('button', { name: 'Konto' });
    await account.click();
    const menu = page.locator('.user .dropdown-panel');
    await menu.waitFor({ state: 'visible' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Strona główna', 'Zaloguj się', 'Załóż konto']);
    expect(await menu.getByRole('link', { name: 'Załóż konto' }).getAttribute('href')).toBe('/rejestracja');
    await page.mouse.click(640, 600);
    await menu.waitFor({ state: 'hidden' });

    const basket = nav.getByRole('button', { name: /Koszyk/ });
    await basket.click();
    const basketPanel = page.locator('.basket-panel');
    await basketPanel.waitFor({ state: 'visible' });
    expect(await basketPanel.textContent()).toContain('Twój koszyk jest pusty.');
    expect((await basketPanel.boundingBox())?.width).toBe(320);
    await page.keyboard.press('Escape');
    await basketPanel.waitFor({ state: 'hidden' });
    expect(await basket.evaluate((button) => button === document.activeElement)).toBe(true);
    // An impatient visitor: Escape the moment the panel is on screen, before the browser has even painted it.
    const closedAtOnce = await basket.evaluate(async (button: HTMLButtonElement) => {
      button.click();
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const panel = document.querySelector('.basket-panel') as HTMLElement;
      const shown = !panel.hidden;
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { shown, hiddenAfter: panel.hidden };
    });
    expect(closedAtOnce).toEqual({ shown: true, hiddenAfter: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the address kept in the browser, and the basket’s count and total in its currency', async () => {
    const { context, page, problems } = await open('/en');
    await page.evaluate(() =>
      localStorage.setItem(
        'deliveryAddress',
        JSON.stringify({
          fullAddress: 'Marszałkowska 10, 00-590 Warszawa',
          street: 'Marszałkowska',
          streetNo: '10',
          city: 'Warszawa',
          zip: '00-590',
          country: 'pl',
        }),
      ),
    );
    // A real basket: the first available item of a seeded restaurant, added through the API.
    const restaurant = demoDefaultRestaurant('pasta-fresca');
    const added = await page.evaluate(async (slug) => {
      type Item = { id: number; unavailable: boolean; groups: { required: boolean; min: number }[] };
      const menu = (await (await fetch(`/api/restaurants/${slug}`)).json()) as { categories: { items: Item[] }[] };
      const item = menu.categories
        .flatMap((category) => category.items)
        .find((i) => !i.unavailable && i.groups.every((group) => !group.required && group.min === 0))!;
      const response = await fetch('/api/basket/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ menuItemId: item.id, quantity: 2 }),
      });
      return { status: response.status, basket: (await response.json()) as { summary: { totalValue: number } } };
    }, restaurant);
    expect(added.status).toBe(200);
    await page.reload();
    await hydrated(page, 'BasketWidget');
    await hydrated(page, 'NavbarAddress');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.locator('.address-text', { hasText: 'Marszałkowska 10, 00-590 Warszawa' }).waitFor();
    const button = nav.getByRole('button', { name: /Basket/ });
    await button.locator('.basket-total').waitFor();
    expect(await button.textContent()).toContain(formatMoney(added.basket.summary.totalValue, 'PLN', 'en'));
    expect(await button.locator('.basket-count').textContent()).toBe('2');
    await button.click();
    expect(await page.locator('.basket-panel').getByRole('link', { name: 'Go to basket' }).getAttribute('href')).toBe(
      '/en/basket',
    );
    await page.keyboard.press('Escape');
    await agreeToCookies(page, 'I agree');
    await screenshot(page, 'shop-layout-basket-en-desktop');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone the hamburger holds the address and the user menu', async () => {
    const { context, page, problems } = await open('/ua', { viewport: 'phone', locale: 'uk-UA' });
    await hydrated(page, 'Hamburger');
    await hydrated(page, 'UserMenu');
    const address = page.getByRole('button', { name: /Адреса доставки/ });
    expect(await address.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Обліковий запис' }).isVisible()).toBe(false);
    const hamburger = page.getByRole('button', { name: 'Меню' });
    await hamburger.click();
    expect(await address.isVisible()).toBe(true);
    const account = page.getByRole('button', { name: 'Обліковий запис' });
    await account.click();
    await page.getByRole('link', { name: 'Увійти' }).waitFor();
    expect(await page.getByRole('link', { name: 'Увійти' }).getAttribute('href')).toBe('/ua/login');
    await screenshot(page, 'shop-layout-hamburger-ua-phone');
    // An outside click closes the hamburger with what it holds.
    await page.mouse.click(200, 700);
    await page.waitForFunction(() => document.querySelector('.hamburger')?.getAttribute('data-open') === 'false');
    expect(await address.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a logged-in admin the admin panel, and logout goes home as a guest', async () => {
    const { context, page, problems } = await open('/kontakt');
    const login = await page.evaluate(async () => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-2026' }),
      });
      return response.status;
    });
    expect(login).toBe(200);
    await page.reload();
    await hydrated(page, 'UserMenu');
    const account = page.locator('.user .nav-button');
    await page.waitForFunction(() => document.querySelector('.user .nav-button')?.textContent !== 'Konto');
    await account.click();
    const links = page.locator('.user .dropdown-panel');
    expect(await links.getByRole('link').allTextContents()).toEqual([
      'Strona główna',
      'Moje konto',
      'Moje zamówienia',
      'Panel administracyjny',
    ]);
    expect(await links.getByRole('link', { name: 'Panel administracyjny' }).getAttribute('href')).toBe('/admin');
    await links.getByRole('button', { name: 'Wyloguj się' }).click();
    await page.waitForURL(urlOn('localhost', '/'));
    expect(await page.evaluate(async () => (await (await fetch('/api/auth/getUser')).json()).user)).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('languages', () => {
  it('the picker goes to the same page in the other language and remembers it in the lang cookie for 365 days', async () => {
    const { context, page, problems } = await open('/regulamin');
    await page.waitForLoadState('networkidle');
    await page.getByRole('navigation', { name: 'Język' }).getByRole('link', { name: 'English' }).click();
    await page.waitForURL(urlOn('localhost', '/en/terms'));
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const [lang] = (await context.cookies()).filter((cookie) => cookie.name === 'lang');
    expect(lang?.value).toBe('en');
    const days = ((lang?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
    // The cookie now wins on the root path.
    await page.goto(urlOn('localhost', '/'));
    expect(new URL(page.url()).pathname).toBe('/en');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Українська' }).click();
    await page.waitForURL(urlOn('localhost', '/ua'));
    expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('ua');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('detects the browser’s language on / only, unless the lang cookie says otherwise', async () => {
    const english = await open('/', { locale: 'en-GB' });
    expect(new URL(english.page.url()).pathname).toBe('/en');
    const contact = await english.page.goto(urlOn('localhost', '/kontakt'));
    expect([contact?.status(), new URL(english.page.url()).pathname]).toEqual([200, '/kontakt']);
    await english.context.addCookies([{ name: 'lang', value: 'pl', url: urlOn('localhost', '/') }]);
    await english.page.goto(urlOn('localhost', '/'));
    expect(new URL(english.page.url()).pathname).toBe('/');
    expect(await english.page.getAttribute('html', 'lang')).toBe('pl');
    await english.context.close();

    const ukrainian = await open('/', { locale: 'uk-UA' });
    expect(new URL(ukrainian.page.url()).pathname).toBe('/ua');
    await ukrainian.context.close();
  });
});

describe('cookie consent', () => {
  it('stays until agreed, and is remembered in localStorage', async () => {
    const { context, page, problems } = await open('/');
    const banner = page.getByRole('region', { name: 'Pliki cookie' });
    await banner.waitFor();
    await page.goto(urlOn('localhost', '/kontakt'));
    await banner.waitFor();
    await agreeToCookies(page, 'Rozumiem i akceptuję');
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('agreed');
    await page.goto(urlOn('localhost', '/regulamin'));
    await hydrated(page, 'CookieConsent');
    // The prerendered page carries the banner; the island removes it once it has read localStorage.
    await expect.poll(() => page.locator('.cookie-consent').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps its button disabled until its island runs, so an early click is not silently lost', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'pl-PL' });
    const page = await context.newPage();
    // The scripts are held back, as on a slow network: the banner is painted long before its island runs.
    const release = await holdScripts(page);
    await page.goto(urlOn('localhost', '/kontakt'), { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Rozumiem i akceptuję' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    release();
    await agreeToCookies(page, 'Rozumiem i akceptuję');
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('agreed');
    await context.close();
  });
});

describe('footer', () => {
  it('links cities, brands, legal pages and contact, and those pages answer', async () => {
    const { context, page, problems } = await open('/');
    await page.locator('.shop-footer').scrollIntoViewIfNeeded();
    await hydrated(page, 'FooterCities');
    await page.locator('[aria-labelledby="footer-cities"] ul a').first().waitFor();
    const hrefs = async (heading: string) =>
      page
        .locator(`[aria-labelledby="${heading}"] ul a`)
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const cities = await hrefs('footer-cities');
    expect(cities).toContain('/miasta/warszawa');
    expect(cities).toContain('/miasta/kyiv');
    // City and concept pages are being built elsewhere: their links must at least be the route table's.
    for (const href of cities) expect(matchPath(href)?.screen).toBe('city');
    const concepts = await hrefs('footer-concepts');
    expect(concepts).toHaveLength(7);
    for (const href of concepts) expect(matchPath(href)?.screen).toBe('concept');
    const info = await hrefs('footer-info');
    expect(info).toEqual([
      '/kontakt',
      '/regulamin',
      '/regulamin-restauracji',
      '/polityka-prywatnosci',
      '/moje-dane',
      '/deklaracja-dostepnosci',
    ]);
    for (const href of info) expect((await page.request.get(urlOn('localhost', href))).status()).toBe(200);
    expect(await page.locator('.shop-footer address').textContent()).toContain('NIP');
    expect(await page.locator('.shop-footer .social a').count()).toBe(3);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('links the accessibility statement in pl, en and ua: dated, with a contact and the enforcement body, axe-clean', async () => {
    for (const [home, path, title, facts] of [
      ['/', '/deklaracja-dostepnosci', 'Deklaracja dostępności', ['27 listopada 2026', 'WCAG 2.1', 'PFRON', '@']],
      ['/en', '/en/accessibility-statement', 'Accessibility statement', ['27 November 2026', 'WCAG 2.1', 'PFRON', '@']],
      ['/ua', '/ua/accessibility-statement', 'Заява про доступність', ['27 листопада 2026', 'WCAG 2.1', 'PFRON', '@']],
    ] as const) {
      const { context, page, problems } = await open(home);
      await page.locator('.shop-footer').getByRole('link', { name: title }).click();
      await page.waitForURL(urlOn('localhost', path));
      expect(await page.locator('h1').textContent()).toBe(title);
      const text = (await page.locator('main').textContent()) ?? '';
      for (const fact of facts) expect(text).toContain(fact);
      // The shop's other documents carry their effective date; the statement dates itself.
      expect(await page.locator('.legal-effective').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('the restaurant terms carry the withdrawal form, downloadable', async () => {
    const { context, page, problems } = await open('/en/restaurant-terms');
    expect(await page.locator('#withdrawal-form h2').textContent()).toContain('withdrawal form');
    const href = await page.getByRole('link', { name: /Download the withdrawal form/ }).getAttribute('href');
    const file = await page.request.get(urlOn('localhost', href!));
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await file.text()).toContain('I/We(*) hereby give notice');
    const terms = await page.locator('main').textContent();
    for (const fact of ['11.03.2021', 'within 1 hour', '14 days', '7 days after', '15 minutes'])
      expect(terms).toContain(fact);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('contact page', () => {
  it('cannot be sent before its island runs, checks each field, and sends to the shop', async () => {
    const { context, page, problems } = await open('/kontakt', { viewport: 'phone' });
    // Server-rendered: a POST form whose button is disabled until the island has loaded, so an early click sends
    // nothing (and never a GET with the fields in the URL).
    const served = await (await page.request.get(urlOn('localhost', '/kontakt'))).text();
    expect(served).toMatch(/<form[^>]*method="post"/);
    // The submit button's tag carries `disabled` (bare or `disabled=""`, in whatever order its attributes come).
    expect(served).toMatch(/<button type="submit"[^>]*\sdisabled(="")?[\s/>]/);
    await hydrated(page, 'ContactForm');
    const send = page.getByRole('button', { name: 'Wyślij wiadomość' });
    await send.click();
    expect(await page.locator('.field-error').allTextContents()).toEqual([
      'To pole jest wymagane.',
      'To pole jest wymagane.',
      'To pole jest wymagane.',
      'Zaznacz to pole.',
    ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.getByLabel('Imię i nazwisko').fill('Ala Nowak');
    await page.getByLabel('Adres e-mail').fill('ala@');
    expect(await page.locator('#contact-email-error').textContent()).toBe('Podaj poprawny adres e-mail.');
    await page.getByLabel('Adres e-mail').fill('ala@example.com');
    await page
      .getByLabel('Wiadomość', { exact: false })
      .and(page.locator('textarea'))
      .fill('Czy dowozicie na Mokotów?');
    await page.getByLabel(/Wyrażam zgodę/).check();
    expect(await page.locator('.field-error').count()).toBe(0);
    await screenshot(page, 'shop-layout-contact-pl-phone');
    await send.click();
    await page.getByRole('button', { name: 'Wiadomość wysłana' }).waitFor();
    expect(await page.getByRole('button', { name: 'Wiadomość wysłana' }).isDisabled()).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('error pages', () => {
  it('answers an unknown path with a 404 page in the path’s language', async () => {
    for (const [path, title, home] of [
      ['/nie-ma-takiej-strony', 'Nie znaleziono strony', '/'],
      ['/en/no-such-page', 'This page could not be found', '/en'],
      ['/ua/no-such-page', 'Сторінку не знайдено', '/ua'],
    ] as const) {
      const { context, page, status, problems } = await open(path);
      expect(status).toBe(404);
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await page.locator('.error-code').textContent()).toContain('404');
      expect(await page.locator('.error-page a.button').getAttribute('href')).toBe(home);
      expect(
        await page.locator('img.error-picture').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});

describe('accessibility and looks', () => {
  const pages = [
    ['home', { pl: '/', en: '/en', ua: '/ua' }],
    ['contact', { pl: '/kontakt', en: '/en/contact', ua: '/ua/kontakt' }],
    ['terms', { pl: '/regulamin', en: '/en/terms', ua: '/ua/terms' }],
    ['404', { pl: '/brak', en: '/en/missing', ua: '/ua/missing' }],
  ] as const;
  const agree = { pl: 'Rozumiem i akceptuję', en: 'I agree', ua: 'Погоджуюся' } as const;
  const browserLocale = { pl: 'pl-PL', en: 'en-GB', ua: 'uk-UA' } as const;

  it('has no serious or critical axe violations, and is screenshotted at 390 and 1280 px in pl, en and ua', async () => {
    const violations: string[] = [];
    for (const language of ['pl', 'en', 'ua'] as const)
      for (const viewport of ['phone', 'desktop'] as const) {
        // One visitor per language and width going from page to page, as people do: the cookie banner is on the
        // first page's screenshot, agreed to, and gone from the next ones.
        const { context, page, problems } = await open(pages[0][1][language], {
          viewport,
          locale: browserLocale[language],
        });
        for (const [name, paths] of pages) {
          if (page.url() !== urlOn('localhost', paths[language])) await page.goto(urlOn('localhost', paths[language]));
          await settled(page);
          // axe at one width: what it checks (names, roles, contrast) does not change with the width.
          if (viewport === 'desktop')
            violations.push(...(await axeViolations(page)).map((v) => `${paths[language]}: ${v}`));
          await screenshot(page, `shop-layout-${name}-${language}-${viewport}`);
          if (name === pages[0][0]) await agreeToCookies(page, agree[language]);
          // Nothing wider than the screen: a 390 px phone scrolls only down.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            VIEWPORTS[viewport].width,
          );
        }
        expect(problems).toEqual([]);
        await context.close();
      }
    expect(violations).toEqual([]);
  }, 240_000);

  // The other pages' tests check theirs (catalogue: city, location, concept, restaurant and the dish dialog; basket,
  // checkout, status, the staff screens): these are the rest of the public and account pages, in every language.
  for (const locale of LOCALES)
    it(`${locale}: axe finds no serious or critical violation on the sign-in, legal, my-data, 401 and account pages`, async () => {
      const guest = await open(pathFor('login', locale), { locale: browserLocale[locale] });
      const violations: string[] = [];
      const check = async (page: Page, path: string) => {
        if (page.url() !== urlOn('localhost', path)) await page.goto(urlOn('localhost', path));
        await settled(page);
        violations.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
      };
      for (const screen of [
        'login',
        'register',
        'forgottenPassword',
        'resetPassword',
        'restaurantTerms',
        'privacyPolicy',
        'accessibilityStatement',
        'myData',
      ] as const)
        await check(guest.page, pathFor(screen, locale));
      // What a guest sees on a staff page is the 401 page.
      await check(guest.page, `${localePrefix(locale)}/admin`);
      expect(await guest.page.locator('.error-page').count()).toBe(1);
      expect(guest.problems).toEqual([]);
      await guest.context.close();

      const customer = await open(pathFor('home', locale), { locale: browserLocale[locale] });
      await signIn(customer.context, 'user@example.com');
      for (const screen of ['profile', 'myOrders'] as const) await check(customer.page, pathFor(screen, locale));
      expect(await customer.page.locator('main').textContent()).not.toBe('');
      expect(customer.problems).toEqual([]);
      await customer.context.close();
      expect(violations).toEqual([]);
    });
});
