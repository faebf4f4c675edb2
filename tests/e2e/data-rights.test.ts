import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pathFor, type Locale } from '#domain/localized-routes.ts';
import { launchBrowser, screenshot, urlOn, visitorAddress, VIEWPORTS } from '../helpers/browser.ts';
import { waitForMail } from '../helpers/mail.ts';
import { signIn } from '../helpers/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function openPage(viewport: keyof typeof VIEWPORTS, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    extraHTTPHeaders: visitorAddress(),
    acceptDownloads: true,
    ...options,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems, close: () => context.close() };
}

const hydrated = (page: Page, name: string) =>
  page.waitForSelector(`astro-island[component-url*="/${name}."]:not([ssr])`, { state: 'attached' });

/** A guest's contact message with a fresh address: the shop then holds data of it, so its request gets a link. */
async function guestWithData(): Promise<string> {
  const email = `gosc-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
  try {
    await sql`insert into contact_messages (name, email, message, terms) values ('Gość Testowy', ${email}, 'Pytanie', true)`;
  } finally {
    await sql.end();
  }
  return email;
}

async function downloadedJson(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d\d-\d\d\.json$/);
  return { name: download.suggestedFilename(), data: JSON.parse(readFileSync((await download.path())!, 'utf8')) };
}

const LABELS: Record<
  Locale,
  { download: string; guestDownload: string; sent: string; submit: string; erase: string; confirm: string }
> = {
  pl: {
    download: 'Pobierz moje dane (JSON)',
    guestDownload: 'Pobierz dane zamówień (JSON)',
    sent: 'Prośba przyjęta',
    submit: 'Wyślij link',
    erase: 'Usuń moje dane osobowe z zamówień',
    confirm: 'Tak, usuń',
  },
  en: {
    download: 'Download my data (JSON)',
    guestDownload: "Download the orders' data (JSON)",
    sent: 'Request received',
    submit: 'Send the link',
    erase: 'Erase my personal data from the orders',
    confirm: 'Yes, erase',
  },
  ua: {
    download: 'Завантажити мої дані (JSON)',
    guestDownload: 'Завантажити дані замовлень (JSON)',
    sent: 'Запит прийнято',
    submit: 'Надіслати посилання',
    erase: 'Видалити мої персональні дані із замовлень',
    confirm: 'Так, видалити',
  },
};

describe('my data on the account page', () => {
  for (const [locale, viewport] of [
    ['pl', 'phone'],
    ['en', 'desktop'],
  ] as const) {
    it(`downloads everything held about me as JSON (${locale}, ${viewport})`, async () => {
      const { context, page, problems, close } = await openPage(viewport);
      await signIn(context, 'user@example.com');
      await page.goto(urlOn('localhost', pathFor('profile', locale)));
      const link = page.getByRole('link', { name: LABELS[locale].download });
      await link.waitFor();
      const { data } = await downloadedJson(page, () => link.click());
      expect(data.data.users[0].email).toBe('user@example.com');
      expect(data.data.sessions.length).toBeGreaterThan(0);
      expect(JSON.stringify(data)).not.toContain('password');
      await screenshot(page, `data-rights-profile-${locale}-${viewport}`);
      expect(problems).toEqual([]);
      await close();
    });
  }
});

describe('a guest’s data request', () => {
  it('is sent before the island loads, by a form that puts nothing in the URL', async () => {
    const email = await guestWithData();
    const { page, close } = await openPage('phone', { javaScriptEnabled: false });
    await page.goto(urlOn('localhost', pathFor('myData', 'pl')));
    expect(await page.locator('form.account-form').getAttribute('method')).toBe('post');
    await page.fill('input[name="email"]', email);
    await Promise.all([page.waitForURL('**/api/data-rights/requests/form'), page.click('button[type="submit"]')]);
    expect(page.url()).not.toContain('example.com?');
    expect(page.url()).not.toContain('%40');
    await page.getByRole('heading', { name: LABELS.pl.sent }).waitFor();
    const mail = await waitForMail(inject('mailDir'), email, (subject) => subject === 'Dane Twoich zamówień');
    expect(mail.text).toMatch(/\/moje-dane#[A-Za-z0-9_-]+/);
    await close();
  });

  for (const [locale, viewport] of [
    ['en', 'desktop'],
    ['ua', 'phone'],
  ] as const) {
    it(`asks, follows the e-mailed link, downloads and erases (${locale}, ${viewport})`, async () => {
      const email = await guestWithData();
      const { page, problems, close } = await openPage(viewport);
      await page.goto(urlOn('localhost', pathFor('myData', locale)));
      await hydrated(page, 'GuestDataPage');
      await page.fill('input[name="email"]', email);
      await page.click('button[type="submit"]');
      await page.getByRole('status').filter({ hasText: '24' }).waitFor();
      expect(page.url()).toBe(urlOn('localhost', pathFor('myData', locale)));
      await screenshot(page, `data-rights-request-${locale}-${viewport}`);

      const mail = await waitForMail(inject('mailDir'), email);
      const href = /(https?:\/\/\S+\/my-data#[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(href).toBeDefined();
      await page.goto(urlOn('localhost', new URL(href!).pathname + new URL(href!).hash));
      await hydrated(page, 'GuestDataPage');
      await page.getByText(email).waitFor();
      // The token left the address bar once it was read.
      expect(page.url()).not.toContain('#');
      const downloadButton = page.getByRole('button', { name: LABELS[locale].guestDownload });
      const { data } = await downloadedJson(page, () => downloadButton.click());
      expect(data.data.contact_messages).toHaveLength(1);
      expect(data.subject.email).toBe(email);

      await page.getByRole('button', { name: LABELS[locale].erase }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await screenshot(page, `data-rights-erase-${locale}-${viewport}`);
      await dialog.getByRole('button', { name: LABELS[locale].confirm }).click();
      await page.locator('.account-alert-ok').waitFor();
      const after = await downloadedJson(page, () => downloadButton.click());
      expect(after.data.data.contact_messages).toEqual([]);
      expect(problems).toEqual([]);
      await close();
    });
  }
});
