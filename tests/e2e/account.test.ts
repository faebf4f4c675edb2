import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import { launchBrowser, screenshot, urlOn, visitorAddress, VIEWPORTS } from '../helpers/browser.ts';
import { waitForMail } from '../helpers/mail.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type AccountScreen = 'login' | 'register' | 'forgottenPassword' | 'resetPassword' | 'profile' | 'myOrders';
const url = (screen: AccountScreen, locale: Locale, query = '') =>
  urlOn('localhost', `${pathFor(screen, locale)}${query}`);

/** A page that records script errors and console errors; 4xx answers the forms expect are not errors. */
async function openPage(viewport: keyof typeof VIEWPORTS, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    extraHTTPHeaders: visitorAddress(),
    ...options,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    const text = message.text();
    if (
      message.type() === 'error' &&
      !/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)
    )
      problems.push(text);
  });
  return { page, problems, close: () => context.close() };
}

/** Waits until Astro has hydrated the island whose component file starts with `name`. */
const hydrated = (page: Page, name: string) =>
  page.waitForSelector(`astro-island[component-url*="/${name}."]:not([ssr])`, { state: 'attached' });

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

/** The texts each language's run checks: they come from messages/*.json, so a missing translation fails here. */
const TEXTS = {
  pl: {
    required: 'To pole jest wymagane.',
    badEmail: 'Podaj poprawny adres e-mail.',
    wrongPassword: 'Obecne hasło jest nieprawidłowe.',
    register: 'Załóż konto',
    login: 'Zaloguj się',
    save: 'Zapisz zmiany',
    saved: 'Zapisano zmiany.',
    add: 'Dodaj adres',
    saveAddress: 'Zapisz adres',
    changePassword: 'Zmień hasło',
    logout: 'Wyloguj się',
    sendLink: 'Wyślij link',
    savePassword: 'Zapisz nowe hasło',
    defaultBadge: 'Domyślny',
    edit: 'Edytuj',
    makeDefault: 'Ustaw jako domyślny',
    delete: 'Usuń',
    noOrders: 'Nie masz jeszcze zamówień.',
    notActivated: 'Konto nie zostało jeszcze aktywowane.',
    resend: 'Wyślij link aktywacyjny ponownie',
    sendConfirmation: 'Wyślij link potwierdzający',
    emailChanged: 'Gotowe! Twój adres e-mail to teraz',
    deleteAccount: 'Usuń konto na zawsze',
    noSuchUser: 'Nie ma konta z tym adresem e-mail.',
  },
  en: {
    required: 'This field is required.',
    badEmail: 'Enter a valid e-mail address.',
    wrongPassword: 'The current password is incorrect.',
    register: 'Create the account',
    login: 'Log in',
    save: 'Save changes',
    saved: 'Changes saved.',
    add: 'Add an address',
    saveAddress: 'Save the address',
    changePassword: 'Change the password',
    logout: 'Log out',
    sendLink: 'Send the link',
    savePassword: 'Save the new password',
    defaultBadge: 'Default',
    edit: 'Edit',
    makeDefault: 'Make default',
    delete: 'Delete',
    noOrders: 'No orders yet.',
    notActivated: 'Your account has not been activated yet.',
    resend: 'Send the activation link again',
    sendConfirmation: 'Send a confirmation link',
    emailChanged: 'Done! Your e-mail address is now',
    deleteAccount: 'Delete my account for good',
    noSuchUser: 'There is no account with this e-mail address.',
  },
} as const;

describe('account pages before their islands load', () => {
  it('cannot send the login form, so the password never lands in a URL', async () => {
    const { page, close } = await openPage('phone', { javaScriptEnabled: false });
    await page.goto(url('login', 'pl'));
    await page.fill('#login-email', 'anna@example.com');
    await page.fill('#login-password', 'tajne-haslo-123');
    const submit = page.locator('form.account-form button[type="submit"]');
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.locator('form.account-form').getAttribute('method')).toBe('post');
    await page.press('#login-password', 'Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(url('login', 'pl'));
    await close();
  });

  it('sends a guest from my account and my orders to the login page, with the way back', async () => {
    const { page, problems, close } = await openPage('desktop');
    for (const screen of ['profile', 'myOrders'] as const) {
      await page.goto(url(screen, 'en'));
      await page.waitForURL((at) => at.pathname === pathFor('login', 'en'));
      expect(new URL(page.url()).searchParams.get('return')).toBe(pathFor(screen, 'en'));
      await page.getByText('Log in to see this page.').waitFor();
    }
    expect(problems).toEqual([]);
    await close();
  });
});

describe.each(['pl', 'en'] as const)('an account in %s', (locale) => {
  const t = TEXTS[locale];
  const firstEmail = `e2e-${locale}-${process.pid}@example.com`;
  const email = `e2e-${locale}-${process.pid}-new@example.com`;
  const viewport = locale === 'pl' ? 'phone' : 'desktop';
  const shot = (page: Page, name: string) => screenshot(page, `account-${locale}-${viewport}-${name}`);

  it(
    'registers, activates from the e-mail, logs in, edits, adds an address, changes password and e-mail, logs out, resets the password and deletes the account',
    { timeout: 180_000 },
    async () => {
      const { page, problems, close } = await openPage(viewport);

      // Register: the whole form is checked on send, the first wrong field gets the cursor; each field on change.
      await page.goto(url('register', locale));
      await hydrated(page, 'RegisterForm');
      await page.getByRole('button', { name: t.register }).click();
      expect(await page.locator('#register-firstname-error').textContent()).toBe(t.required);
      expect(await focusedName(page)).toBe('firstname');
      await page.fill('#register-email', 'anna@');
      expect(await page.locator('#register-email-error').textContent()).toBe(t.badEmail);
      await shot(page, 'register-errors');
      await page.fill('#register-firstname', 'Anna');
      await page.fill('#register-lastname', 'Nowak');
      await page.fill('#register-email', firstEmail);
      await page.fill('#register-phone', '600 100 200');
      await page.fill('#register-password', 'first-password-1');
      await page.fill('#register-passwordRepeat', 'first-password-1');
      await page.check('#register-shopPolicies');
      await page.check('#register-restaurantPolicies');
      expect(await page.locator('.account-field-error').count()).toBe(0);
      await page.getByRole('button', { name: t.register }).click();
      await page.locator('.account-done .account-alert-ok').getByText(firstEmail).waitFor();

      // Logging in before activating offers the link again; the newest link is the one that works.
      await page.goto(url('login', locale));
      await hydrated(page, 'LoginForm');
      await page.fill('#login-email', firstEmail);
      await page.fill('#login-password', 'first-password-1');
      await page.getByRole('button', { name: t.login, exact: true }).click();
      await page.getByText(t.notActivated).waitFor();
      await page.getByRole('button', { name: t.resend }).click();
      await page.locator('.account-alert-ok').getByText(firstEmail).waitFor();
      await shot(page, 'not-activated');

      // Activate through the link of the e-mail the server sent by SMTP.
      await waitForMail(inject('mailDir'), firstEmail);
      const activation = await waitForMail(inject('mailDir'), firstEmail);
      const activateLink = new URL(activation.links.find((link) => link.includes('activate='))!);
      expect(activateLink.pathname).toBe(pathFor('login', locale));
      await page.goto(urlOn('localhost', activateLink.pathname + activateLink.search));
      await page.locator('.account-notice .account-alert-ok').getByText(firstEmail).waitFor();
      await shot(page, 'activated');

      // Log in: the form arrives with the activated address; the user goes home.
      await hydrated(page, 'LoginForm');
      expect(await page.inputValue('#login-email')).toBe(firstEmail);
      await page.fill('#login-password', 'first-password-1');
      await page.getByRole('button', { name: t.login, exact: true }).click();
      await page.waitForURL(urlOn('localhost', pathFor('home', locale)));

      // My orders: none yet.
      await page.goto(url('myOrders', locale));
      await page.getByText(t.noOrders).waitFor();

      // Edit my data; it is there after a reload.
      await page.goto(url('profile', locale));
      await page.locator('#profile-firstname').waitFor();
      await page.fill('#profile-firstname', 'Anna Maria');
      await page.getByRole('button', { name: t.save }).click();
      await page.getByText(t.saved).waitFor();
      await page.reload();
      await page.locator('#profile-firstname').waitFor();
      expect(await page.inputValue('#profile-firstname')).toBe('Anna Maria');

      // Add an address: a wrong zip is refused under its field; the first address becomes the default.
      await page.getByRole('button', { name: t.add }).click();
      await page.fill('#address-street', 'Prosta');
      await page.fill('#address-streetNo', '51');
      await page.fill('#address-aptNo', '4');
      await page.fill('#address-city', 'Warszawa');
      await page.fill('#address-zip', '00850');
      expect(await page.locator('#address-zip-error').isVisible()).toBe(true);
      await page.fill('#address-zip', '00-850');
      await page.getByRole('button', { name: t.saveAddress }).click();
      const saved = page.locator('.account-address-list li', { hasText: 'Prosta 51/4, 00-850 Warszawa' });
      await saved.waitFor();
      expect(await saved.locator('.account-badge').textContent()).toBe(t.defaultBadge);

      // A second address, edited, then made the default; the first one deleted.
      await page.getByRole('button', { name: t.add }).click();
      await page.fill('#address-street', 'Długa');
      await page.fill('#address-streetNo', '2');
      await page.fill('#address-city', 'Kraków');
      await page.fill('#address-zip', '31-147');
      await page.getByRole('button', { name: t.saveAddress }).click();
      const second = page.locator('.account-address-list li', { hasText: 'Długa 2, 31-147 Kraków' });
      await second.waitFor();
      expect(await second.locator('.account-badge').count()).toBe(0);
      await second.getByRole('button', { name: t.edit }).click();
      await page.fill('#address-streetNo', '12');
      await page.getByRole('button', { name: t.saveAddress }).click();
      const edited = page.locator('.account-address-list li', { hasText: 'Długa 12, 31-147 Kraków' });
      await edited.waitFor();
      await edited.getByRole('button', { name: t.makeDefault }).click();
      await edited.locator('.account-badge').waitFor();
      await saved.getByRole('button', { name: t.delete }).click();
      await saved.waitFor({ state: 'detached' });
      expect(await page.locator('.account-address-list li').count()).toBe(1);

      // Change the password: a wrong current one is a field error, not a logout.
      await page.fill('#password-currentPassword', 'not-my-password');
      await page.fill('#password-password', 'second-password-2');
      await page.fill('#password-passwordRepeat', 'second-password-2');
      await page.getByRole('button', { name: t.changePassword }).click();
      await page.locator('#password-currentPassword-error').getByText(t.wrongPassword).waitFor();
      expect(await focusedName(page)).toBe('currentPassword');
      await page.fill('#password-currentPassword', 'first-password-1');
      await page.getByRole('button', { name: t.changePassword }).click();
      // Done: the three passwords are gone from the fields (their value, which is what the user sees and
      // what a later submit sends, not only the value attribute).
      await page.locator('#password-password').locator('xpath=ancestor::form').locator('.account-alert-ok').waitFor();
      for (const name of ['currentPassword', 'password', 'passwordRepeat'])
        expect(await page.inputValue(`#password-${name}`)).toBe('');
      await shot(page, 'profile');

      // Change the e-mail address through the link sent to the new one.
      await page.fill('#email-newEmail', email);
      await page.fill('#email-password', 'second-password-2');
      await page.getByRole('button', { name: t.sendConfirmation }).click();
      await page.locator('#email-newEmail').locator('xpath=ancestor::form').getByText(email).waitFor();
      const change = await waitForMail(inject('mailDir'), email);
      const changeLink = new URL(change.links.find((link) => link.includes('confirmEmail='))!);
      expect(changeLink.pathname).toBe(pathFor('profile', locale));
      await page.goto(urlOn('localhost', changeLink.pathname + changeLink.search));
      await page.getByText(`${t.emailChanged} ${email}.`).waitFor();
      // The token is gone from the address bar, so a reload does not send it again.
      expect(new URL(page.url()).search).toBe('');

      // Log out: home, and my account is closed to the guest again.
      await page.getByRole('button', { name: t.logout }).click();
      await page.waitForURL(urlOn('localhost', pathFor('home', locale)));
      await page.goto(url('profile', locale));
      await page.waitForURL((at) => at.pathname === pathFor('login', locale));

      // Forgotten password: the reset link of the e-mail sets a new one, which then logs in.
      await page.goto(url('forgottenPassword', locale));
      await hydrated(page, 'ForgottenPasswordForm');
      await page.fill('#forgot-email', email);
      await page.getByRole('button', { name: t.sendLink }).click();
      await page.locator('.account-done').getByText(email).waitFor();
      const reset = await waitForMail(inject('mailDir'), email);
      const resetLink = new URL(reset.links.find((link) => link.includes('token='))!);
      expect(resetLink.pathname).toBe(pathFor('resetPassword', locale));
      await page.goto(urlOn('localhost', resetLink.pathname + resetLink.search));
      await hydrated(page, 'ResetPasswordForm');
      await page.fill('#reset-password', 'third-password-3');
      await page.fill('#reset-passwordRepeat', 'third-password-3');
      await page.getByRole('button', { name: t.savePassword }).click();
      await page.locator('.account-done .account-alert-ok').waitFor();
      await shot(page, 'reset-done');

      await page.goto(url('login', locale));
      await hydrated(page, 'LoginForm');
      await page.fill('#login-email', email);
      await page.fill('#login-password', 'third-password-3');
      await page.getByRole('button', { name: t.login, exact: true }).click();
      await page.waitForURL(urlOn('localhost', pathFor('home', locale)));

      // Delete the account: home, and the address no longer logs in.
      await page.goto(url('profile', locale));
      await page.locator('#delete-password').fill('third-password-3');
      await page.getByRole('button', { name: t.deleteAccount }).click();
      await page.waitForURL(urlOn('localhost', pathFor('home', locale)));
      await page.goto(url('login', locale));
      await hydrated(page, 'LoginForm');
      await page.fill('#login-email', email);
      await page.fill('#login-password', 'third-password-3');
      await page.getByRole('button', { name: t.login, exact: true }).click();
      await page.getByText(t.noSuchUser).waitFor();
      // Nor does the forgotten-password form pretend to send it a link (issue 40): it says so, in the page's language.
      await page.goto(url('forgottenPassword', locale));
      await hydrated(page, 'ForgottenPasswordForm');
      await page.fill('#forgot-email', email);
      await page.getByRole('button', { name: t.sendLink }).click();
      await page.locator('[role="alert"] .account-alert-error', { hasText: t.noSuchUser }).waitFor();
      expect(await page.locator('.account-done').count()).toBe(0);
      expect(await page.inputValue('#forgot-email')).toBe(email);

      expect(problems).toEqual([]);
      await close();
    },
  );
});

describe('the forgotten-password form (issue 40)', () => {
  // Literal texts of every language, the Ukrainian one too, which the account walk above does not take.
  const FORGOT: Record<Locale, { send: string; noSuchUser: string }> = {
    pl: { send: TEXTS.pl.sendLink, noSuchUser: TEXTS.pl.noSuchUser },
    en: { send: TEXTS.en.sendLink, noSuchUser: TEXTS.en.noSuchUser },
    ua: { send: 'Надіслати посилання', noSuchUser: 'Немає облікового запису з такою електронною адресою.' },
  };

  it('says that an address has no account, in pl, en and ua, on a phone', async () => {
    const { page, problems, close } = await openPage('phone');
    for (const locale of ['pl', 'en', 'ua'] as const) {
      await page.goto(url('forgottenPassword', locale));
      await hydrated(page, 'ForgottenPasswordForm');
      await page.fill('#forgot-email', `nobody-${locale}-${process.pid}@example.com`);
      await page.getByRole('button', { name: FORGOT[locale].send }).click();
      const alert = page.locator('[role="alert"] .account-alert-error');
      await alert.waitFor();
      expect(await alert.textContent(), locale).toBe(FORGOT[locale].noSuchUser);
      expect(await page.locator('.account-done').count(), locale).toBe(0);
    }
    expect(problems).toEqual([]);
    await close();
  });
});

describe('account pages in every language and width', () => {
  it('render their forms translated, without errors, at 390 and 1280 px', { timeout: 120_000 }, async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { page, problems, close } = await openPage(viewport);
      for (const locale of ['pl', 'en', 'ua'] as const) {
        for (const screen of ['login', 'register', 'forgottenPassword'] as const) {
          await page.goto(url(screen, locale));
          await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
          expect(await page.getAttribute('html', 'lang')).toBe(locale === 'ua' ? 'uk' : locale);
          // Every field has a label that names it.
          const unlabelled = await page.$$eval('form input, form select', (inputs) =>
            inputs.filter((input) => !(input as HTMLInputElement).labels?.length).map((input) => input.id),
          );
          expect(unlabelled).toEqual([]);
          await screenshot(page, `account-${screen}-${locale}-${viewport}`);
        }
      }
      expect(problems).toEqual([]);
      await close();
    }
  });
});
