import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demoDefaultRestaurant } from '#db/seed/places.ts';
import { loadTenants, type Tenant } from '#tenants/index.ts';
import { axeViolations, launchBrowser, screenshot, urlOn, VIEWPORTS } from '../helpers/browser.ts';

const tenants = loadTenants();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits until Astro has hydrated the island whose component file starts with `name`. */
const hydrated = (page: Page, name: string) =>
  page.waitForSelector(`astro-island[component-url*="/${name}."]:not([ssr])`, { state: 'attached' });

async function openPage(tenant: Tenant, viewport: keyof typeof VIEWPORTS, path = '/') {
  const page = await browser.newPage({ viewport: VIEWPORTS[viewport] });
  const problems: string[] = [];
  // Every script the page asks for, in order, from the first byte on.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const response = await page.goto(urlOn(`${tenant.slug}.localhost`, path));
  return { page, response, problems, scripts };
}

const sectionsOf = (page: Page) =>
  page.$$eval('[data-section]', (elements) => elements.map((e) => (e as HTMLElement).dataset['section']));

/** The scripts of the islands: their components and the renderer (which brings React, decision 039). */
const reactScripts = async (page: Page) =>
  new Set(
    await page.$$eval('astro-island', (islands) =>
      islands.flatMap((island) => ['component-url', 'renderer-url'].map((name) => island.getAttribute(name) ?? '')),
    ),
  );

async function checkAggregatorDialog(page: Page, tenant: Tenant) {
  // Both islands wait for the first touch of the button (client:interaction): nothing of them runs at load,
  // and the first click, made on the server-rendered button, is replayed once they have hydrated.
  const notYet = (name: string) => page.locator(`astro-island[component-url*="/${name}."][ssr]`).count();
  expect([await notYet('OrderNowButton'), await notYet('AggregatorModal')]).toEqual([1, 1]);
  const button = page.getByRole('button', { name: 'Zamów teraz' });
  const dialog = page.locator('dialog#aggregators');
  expect(await dialog.isVisible()).toBe(false);

  await button.click();
  await dialog.waitFor({ state: 'visible' });
  await hydrated(page, 'OrderNowButton');
  await hydrated(page, 'AggregatorModal');
  const links = dialog.locator('a.app');
  expect(
    await links.evaluateAll((as) =>
      as.map((a) => ['data-app', 'href', 'target', 'rel'].map((name) => a.getAttribute(name))),
    ),
  ).toEqual([
    ['glovo', tenant.aggregators.glovo, '_blank', 'noopener'],
    ['uberEats', tenant.aggregators.uberEats, '_blank', 'noopener'],
    ['wolt', tenant.aggregators.wolt, '_blank', 'noopener'],
    ['bolt', tenant.aggregators.bolt, '_blank', 'noopener'],
  ]);
  // Focus stays inside the dialog however far one tabs, both ways.
  for (let i = 0; i < 7; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog#aggregators')))).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog#aggregators')))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);

  await button.click();
  await dialog.waitFor({ state: 'visible' });
  // A click on the dimmed backdrop, outside the dialog's box, closes it.
  await page.mouse.click(4, 4);
  await dialog.waitFor({ state: 'hidden' });
  await button.click();
  await dialog.getByRole('button', { name: 'Zamknij' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('brand landing pages at phone and desktop widths', () => {
  for (const tenant of tenants) {
    for (const viewport of ['phone', 'desktop'] as const) {
      it(`${tenant.slug} (${viewport}): sections in order, menu, apps dialog, brand list`, async () => {
        const { page, response, problems, scripts } = await openPage(tenant, viewport);
        expect(response?.status()).toBe(200);
        expect(await page.title()).toBe(`${tenant.name} – ${tenant.shortDescription}`);
        expect(await page.getAttribute('html', 'lang')).toBe('pl');
        expect(await page.locator('h1').textContent()).toBe(tenant.name);
        expect(await page.getAttribute('link[rel=icon]', 'href')).toBeTruthy();

        const order = [
          'header',
          'order-now',
          'menu',
          'aggregators',
          'join-us',
          'about',
          ...(tenant.reviews.length > 0 ? ['reviews'] : []),
          'brands',
          'contact',
          'footer',
        ];
        expect(await sectionsOf(page)).toEqual(order);
        // No JavaScript is needed for the first paint: the whole page is in the HTML.
        const html = await response!.text();
        for (const id of ['menu', 'join-us', 'about', 'brands', 'contact']) expect(html).toContain(`id="${id}"`);

        // The flag, and only the social networks the brand has set.
        expect(await page.locator('header svg.flag').getAttribute('data-country')).toBe(tenant.country);
        const networks = await page.$$eval('header .social a', (as) => as.map((a) => a.getAttribute('data-network')));
        expect(networks).toEqual(
          (['facebook', 'instagram', 'tiktok'] as const).filter((network) => Boolean(tenant[network])),
        );
        const join = page.locator('#join-us a');
        expect([await join.getAttribute('href'), await join.getAttribute('target')]).toEqual([
          tenant.recruitingUrl,
          '_blank',
        ]);
        expect(await page.$$eval('[data-about]', (imgs) => imgs.map((i) => i.getAttribute('data-about')))).toEqual(
          [1, 2, 3].map((n) => `${tenant.slug}-${n}`),
        );
        expect(await page.locator('.reviews li').count()).toBe(tenant.reviews.length);

        // Brand list: the group's other brands. The site is built without a database, so it lists every brand of
        // tenants/; the operators' portfolio flag filters the shop's brand pages (decision 043).
        const listed = await page.$$eval('#brands [data-brand]', (lis) =>
          lis.map((li) => li.getAttribute('data-brand')),
        );
        expect(listed).toEqual(tenants.filter((other) => other.slug !== tenant.slug).map((o) => o.slug));

        // The menu script (no island) shows the menu of the default restaurant the database names (the seed picks
        // each brand's first), with prices, without being scrolled to.
        await page.locator(`.menu[data-restaurant="${demoDefaultRestaurant(tenant.slug)}"]`).waitFor();
        // Nothing touched yet, the page loaded and the browser idle: no island chunk has been requested at all.
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
        const react = await reactScripts(page);
        expect(react.size).toBeGreaterThanOrEqual(4);
        expect(scripts.length).toBeGreaterThan(0);
        expect(scripts.filter((script) => react.has(script))).toEqual([]);
        await page.locator('#menu').scrollIntoViewIfNeeded();
        expect(await page.locator('.menu-item').count()).toBeGreaterThan(3);
        // Prices as a Polish reader writes them, the decimals raised; a screen reader gets the one amount (Chromium's
        // accessibility tree holds the visually hidden text only), never the raised form's '15 00 zł'.
        const price = page.locator('.menu-item .price').first();
        const sign = tenant.country === 'ua' ? '₴' : 'zł';
        const spoken = (await price.locator('.visually-hidden').textContent())!;
        expect(spoken).toMatch(new RegExp(`^[\\d\u00a0]+,\\d{2}\u00a0${sign}$`));
        // Seen: the same digits without the decimal comma, the two after it raised.
        expect(await price.locator('[aria-hidden="true"]').textContent()).toBe(spoken.replace(',', ''));
        expect(await price.locator('sup').textContent()).toBe(/,(\d{2})/.exec(spoken)?.[1]);
        // (The snapshot writes the no-break space as a space.)
        expect(await price.ariaSnapshot()).toBe(`- text: ${spoken.replace(/\s/g, ' ')}`);

        await page.evaluate(() => window.scrollTo(0, 0));
        await checkAggregatorDialog(page, tenant);
        // The first touch of the button is what loads the islands (and the check above would have seen it).
        expect(scripts.filter((script) => react.has(script)).length).toBeGreaterThan(0);

        await page.locator('footer').scrollIntoViewIfNeeded();
        await hydrated(page, 'ContactForm');
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `brand-${tenant.slug}-${viewport}`);
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }
});

describe('brand contact form', () => {
  it('shows an error under each field, then sends and disables the button', async () => {
    const tenant = tenants.find((t) => t.slug === 'pasta-fresca')!;
    const { page } = await openPage(tenant, 'phone');
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await hydrated(page, 'ContactForm');
    const send = page.getByRole('button', { name: 'Wyślij wiadomość' });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) requests.push(request.postData() ?? '');
    });

    await send.click();
    expect(await page.locator('#contact-name-error').textContent()).toBe('To pole jest wymagane.');
    expect(await page.locator('#contact-email-error').textContent()).toBe('To pole jest wymagane.');
    expect(await page.locator('#contact-message-error').textContent()).toBe('To pole jest wymagane.');
    expect(await page.locator('#contact-terms-error').textContent()).toBe('Zaznacz zgodę, aby wysłać wiadomość.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    expect(requests).toEqual([]);

    // Each field is checked again as it changes.
    await page.getByLabel('Imię').fill('Ania');
    expect(await page.locator('#contact-name-error').count()).toBe(0);
    await page.getByLabel('E-mail').fill('ania@');
    expect(await page.locator('#contact-email-error').textContent()).toBe('Podaj poprawny adres e-mail.');
    await page.getByLabel('E-mail').fill('ania@example.com');
    await page.getByLabel('Wiadomość').fill('Czy robicie catering na 20 osób?');
    expect(await page.getAttribute('#contact-message', 'cols')).toBe('40');
    expect(await page.getAttribute('#contact-message', 'rows')).toBe('10');
    await page.getByLabel('Akceptuję politykę prywatności').check();
    expect(await page.locator('.field-error').count()).toBe(0);

    await send.click();
    const done = page.getByRole('button', { name: 'Wiadomość wysłana' });
    await done.waitFor();
    expect(await done.isDisabled()).toBe(true);
    expect(JSON.parse(requests[0]!)).toEqual({
      name: 'Ania',
      email: 'ania@example.com',
      message: 'Czy robicie catering na 20 osób?',
      terms: true,
      concept: 'pasta-fresca',
    });
    await screenshot(page, 'brand-pasta-fresca-contact-sent-phone');
    await page.close();
  });

  it('shows the failure message when the server does not answer OK, in English too', async () => {
    const tenant = tenants.find((t) => t.slug === 'sushi-kaizen')!;
    const { page } = await openPage(tenant, 'desktop', '/en/');
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await hydrated(page, 'ContactForm');
    await page.getByLabel('Name').fill('John');
    await page.getByLabel('E-mail').fill('john@example.com');
    await page.getByLabel('Message').fill('Hello');
    await page.getByLabel('I accept the privacy policy').check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.locator('.form-failed').waitFor();
    expect(await page.locator('.form-failed').textContent()).toBe(
      `Failed to send message. Please try again, or send your message directly to us: ${tenant.contactEmail}`,
    );
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(false);
    await page.close();
  });
});

describe('brand contact form before its island has loaded', () => {
  /** Opens the page with the contact island's own chunk refused, as on a slow line where it has not come yet. */
  async function withoutIsland(tenant: Tenant, viewport: keyof typeof VIEWPORTS, path: string) {
    const page = await browser.newPage({ viewport: VIEWPORTS[viewport] });
    const blocked: string[] = [];
    await page.route(/\/_astro\/ContactForm\.[^/]*\.js$/, (route) => {
      blocked.push(route.request().url());
      return route.abort();
    });
    const navigations: { method: string; url: string }[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push({ method: request.method(), url: request.url() });
    });
    await page.goto(urlOn(`${tenant.slug}.localhost`, path));
    await page.locator('#contact').scrollIntoViewIfNeeded();
    // client:visible asked for the chunk, which never came: the form on screen is the server-rendered one.
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    expect(await page.locator('astro-island[component-url*="/ContactForm."][ssr]').count()).toBe(1);
    return { page, navigations };
  }

  it('posts a filled form to the brand host and shows the sent message, with no field in any URL', async () => {
    const tenant = tenants.find((t) => t.slug === 'pierogi-babci')!;
    const { page, navigations } = await withoutIsland(tenant, 'phone', '/');
    await page.getByLabel('Imię').fill('Ania Kowalska');
    await page.getByLabel('E-mail').fill('ania@example.com');
    await page.getByLabel('Wiadomość').fill('Czy robicie pierogi na wesele?');
    await page.getByLabel('Akceptuję politykę prywatności').check();
    await Promise.all([page.waitForURL('**/contact/'), page.getByRole('button', { name: 'Wyślij wiadomość' }).click()]);

    expect(navigations.at(-1)).toEqual({ method: 'POST', url: urlOn(`${tenant.slug}.localhost`, '/contact/') });
    for (const { url } of navigations) {
      const { pathname, search } = new URL(url);
      expect(search).toBe('');
      for (const typed of ['Ania', 'ania', 'wesele']) expect(pathname).not.toContain(typed);
    }
    const done = page.getByRole('button', { name: 'Wiadomość wysłana' });
    expect(await done.isDisabled()).toBe(true);
    expect(await page.locator('.form-ok').textContent()).toBe('Dziękujemy! Odpowiemy najszybciej, jak to możliwe.');
    expect(await page.locator('h1').textContent()).toBe('Kontakt');
    await screenshot(page, 'brand-pierogi-babci-contact-nojs-sent-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'brand-pierogi-babci-contact-nojs-sent-desktop');
    await page.close();
  });

  it('answers an empty form with each field’s error in the page’s language, and a bad one keeps what was typed', async () => {
    const tenant = tenants.find((t) => t.slug === 'bao-house')!;
    const { page, navigations } = await withoutIsland(tenant, 'desktop', '/ua/');
    await Promise.all([
      page.waitForURL('**/ua/contact/'),
      page.getByRole('button', { name: 'Надіслати повідомлення' }).click(),
    ]);
    expect(navigations.at(-1)?.method).toBe('POST');
    expect(await page.getAttribute('html', 'lang')).toBe('uk');
    expect(await page.locator('#contact-name-error').textContent()).toBe('Це поле обов’язкове.');
    expect(await page.locator('#contact-email-error').textContent()).toBe('Це поле обов’язкове.');
    expect(await page.locator('#contact-message-error').textContent()).toBe('Це поле обов’язкове.');
    expect(await page.locator('#contact-terms-error').textContent()).toBe(
      'Позначте згоду, щоб надіслати повідомлення.',
    );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');

    // The answer's own form posts again without JavaScript; what was typed comes back as typed.
    await page.getByLabel('Ім’я').fill('Оксана <b>');
    await page.getByLabel('E-mail').fill('oksana@');
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Надіслати повідомлення' }).click(),
    ]);
    await page.waitForLoadState();
    expect(await page.inputValue('#contact-name')).toBe('Оксана <b>');
    expect(await page.inputValue('#contact-email')).toBe('oksana@');
    expect(await page.locator('#contact-name-error').count()).toBe(0);
    expect(await page.locator('#contact-email-error').textContent()).toBe('Введіть правильну адресу e-mail.');
    for (const { url } of navigations) expect(new URL(url).search).toBe('');
    await screenshot(page, 'brand-bao-house-contact-nojs-errors-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'brand-bao-house-contact-nojs-errors-phone');
    await page.close();
  });
});

describe('brand site languages, legal pages and hosts', () => {
  it('has English and Ukrainian versions with a language switch', async () => {
    const tenant = tenants.find((t) => t.slug === 'bao-house')!;
    const { page } = await openPage(tenant, 'phone');
    await page.getByRole('link', { name: 'EN', exact: true }).click();
    await page.waitForURL(/\/en\/$/);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).toBe(`Bao House – ${tenant.texts!.en!.shortDescription}`);
    expect(await page.locator('#join-title').textContent()).toBe('Join us');
    await page.getByRole('link', { name: 'UA', exact: true }).click();
    await page.waitForURL(/\/ua\/$/);
    expect(await page.getAttribute('html', 'lang')).toBe('uk');
    expect(await page.locator('#about-title').textContent()).toBe('Про нас');
    expect(await page.getByRole('button', { name: 'Замовити зараз' }).count()).toBe(1);
    await screenshot(page, 'brand-bao-house-ua-phone');
    await page.close();
  });

  it('opens the terms in a new tab from the footer, rendered from the Markdown; the policy too', async () => {
    const tenant = tenants.find((t) => t.slug === 'taco-loco')!;
    const { page } = await openPage(tenant, 'desktop');
    const terms = page.locator('footer').getByRole('link', { name: /^Regulamin/ });
    expect(await terms.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), terms.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/regulations/');
    expect(await tab.locator('h1').textContent()).toBe('Regulamin serwisu Taco Loco');
    expect(await tab.locator('main h2').count()).toBeGreaterThan(2);
    await tab.close();
    await page.goto(urlOn('taco-loco.localhost', '/policy'));
    expect(await page.locator('h1').textContent()).toBe('Polityka prywatności Taco Loco');
    await page.goto(urlOn('taco-loco.localhost', '/en/policy/'));
    expect(await page.locator('h1').textContent()).toBe('Privacy policy of Taco Loco');
    expect(await page.locator('.legal-note').count()).toBe(0);
    await page.close();
  });

  it('links the operator’s accessibility statement from the footer, in the page’s language', async () => {
    const tenant = tenants.find((t) => t.slug === 'green-bowl')!;
    const { page } = await openPage(tenant, 'desktop');
    await page.locator('footer').getByRole('link', { name: 'Deklaracja dostępności' }).click();
    await page.waitForURL(urlOn('green-bowl.localhost', '/accessibility/'));
    expect(await page.locator('h1').textContent()).toBe('Deklaracja dostępności');
    expect(await page.locator('main').textContent()).toContain('PFRON');
    await page.goto(urlOn('green-bowl.localhost', '/ua/accessibility/'));
    expect(await page.locator('h1').textContent()).toBe('Заява про доступність');
    await page.getByRole('link', { name: 'EN', exact: true }).click();
    await page.waitForURL(urlOn('green-bowl.localhost', '/en/accessibility/'));
    expect(await page.locator('h1').textContent()).toBe('Accessibility statement');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('shows the legal documents in the page’s language, and a Ukrainian brand’s terms deliver in Ukraine', async () => {
    const tenant = tenants.find((t) => t.slug === 'bao-house')!;
    const { page, problems } = await openPage(tenant, 'phone', '/en/policy/');
    const article = page.locator('main article');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toBe('Privacy policy of Bao House');
    // Written in the page's language: no note, and the article needs no lang of its own.
    expect(await page.locator('.legal-note').count()).toBe(0);
    expect(await article.getAttribute('lang')).toBeNull();
    expect(await article.textContent()).toMatch(/Law of Ukraine .On Personal Data Protection./);

    await page.goto(urlOn('bao-house.localhost', '/ua/policy/'));
    expect(await page.getAttribute('html', 'lang')).toBe('uk');
    expect(await page.locator('h1').textContent()).toBe('Політика конфіденційності Bao House');
    expect(await page.locator('.legal-note').count()).toBe(0);

    for (const [path, delivery] of [
      ['/regulations/', 'Dostawa odbywa się na terenie Ukrainy'],
      ['/en/regulations/', 'We deliver in Ukraine'],
      ['/ua/regulations/', 'Доставка здійснюється в Україні'],
    ] as const) {
      await page.goto(urlOn('bao-house.localhost', path));
      const text = await article.textContent();
      expect(text).toContain(delivery);
      expect(text).not.toMatch(/Polski|Poland|Польщі/);
    }
    await screenshot(page, 'brand-bao-house-terms-ua-phone');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('answers an unknown path on a brand host with the brand 404, and an unknown host with nothing', async () => {
    const tenant = tenants.find((t) => t.slug === 'smash-club')!;
    const { page, response } = await openPage(tenant, 'phone', '/nie-ma');
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Nie znaleziono strony');
    const unknown = await page.goto(urlOn('no-such-brand.localhost', '/'));
    expect(unknown?.status()).toBe(404);
    expect(await page.locator('h1').count()).toBe(0);
    await page.close();
  });
});
