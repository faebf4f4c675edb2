import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { concepts, contactMessages, emailOutbox } from '#db/schema/index.ts';
import { COMPANY } from '#domain/company.ts';
import { request, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();

const send = (body: unknown, headers: Record<string, string> = {}) =>
  request(ctx, '/api/contact', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

const good = {
  name: 'Ala Nowak',
  email: 'ala@example.com',
  message: 'Czy macie opcję bezglutenową?',
  terms: true,
  concept: 'pasta-fresca',
};

describe('contact form', () => {
  it('stores the message, queues it to the brand’s contact address and answers OK', async () => {
    const response = await send(good);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('OK');
    const [stored] = await ctx.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ name: 'Ala Nowak', email: 'ala@example.com', conceptSlug: 'pasta-fresca' });
    const [mail] = await ctx.database.db.select().from(emailOutbox);
    const tenant = ctx.deps.tenants.find((t) => t.slug === 'pasta-fresca')!;
    expect(mail).toMatchObject({ to: tenant.contactEmail, template: 'contact', status: 'pending' });
    expect(mail!.text).toContain('Czy macie opcję bezglutenową?');
    expect(mail!.text).toContain('ala@example.com');
    // The brand's team reads it in Polish, whichever language the visitor wrote from.
    expect(mail!.subject).toBe(`[${tenant.name}] Wiadomość z formularza kontaktowego od Ala Nowak`);
    expect(mail!.text).toContain(`Od: Ala Nowak <ala@example.com>\nMarka: ${tenant.name}\n`);
  });

  it('takes the shop’s own contact page (concept "shop") to the marketplace’s address, with no brand', async () => {
    const response = await send({ ...good, concept: 'shop', message: 'Gdzie dowozicie?' });
    expect([response.status, await response.text()]).toEqual([200, 'OK']);
    const [stored] = await ctx.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ email: 'ala@example.com', message: 'Gdzie dowozicie?', conceptSlug: null });
    const [mail] = await ctx.database.db.select().from(emailOutbox);
    expect(mail).toMatchObject({ to: COMPANY.email, template: 'contact' });
    expect(mail!.text).toContain('Gdzie dowozicie?');
  });

  it('refuses a name with a line break or another control character, which would write its own e-mail headers', async () => {
    for (const name of ['Ala\r\nBcc: all@example.com', 'Ala\nNowak', 'Ala\tNowak', 'Ala\u0000'] as const) {
      const response = await send({ ...good, name });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(await response.json()).toEqual({
        requestId: expect.any(String),
        error: 'validation',
        details: { name: 'invalid' },
      });
    }
    expect(await ctx.database.db.select().from(contactMessages)).toEqual([]);
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('names the failing rule of every field and stores nothing', async () => {
    const response = await send({
      name: '  ',
      email: 'not-an-email',
      message: '',
      terms: false,
      concept: 'pasta-fresca',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { name: 'notEmpty', email: 'isValidEmail', message: 'notEmpty', terms: 'isTrue' },
    });
    const empty = await send({});
    expect((await empty.json()).details).toEqual({
      name: 'notEmpty',
      email: 'notEmpty',
      message: 'notEmpty',
      terms: 'isTrue',
      concept: 'notEmpty',
    });
    expect(await ctx.database.db.select().from(contactMessages)).toEqual([]);
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('refuses an unknown concept as unknown, not as an empty field', async () => {
    const response = await send({ ...good, concept: 'no-such-brand' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { concept: 'unknown' },
    });
    // A brand switched off in the shop is no brand to write to either; a blank one is still notEmpty.
    await ctx.database.db.update(concepts).set({ active: false }).where(eq(concepts.slug, 'pasta-fresca'));
    expect(await (await send(good)).json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { concept: 'unknown' },
    });
    expect(await (await send({ ...good, concept: '  ' })).json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { concept: 'notEmpty' },
    });
    expect(await ctx.database.db.select().from(contactMessages)).toEqual([]);
  });

  it('rate-limits messages per address', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 5; i += 1) expect((await send(good, headers)).status).toBe(200);
    const blocked = await send(good, headers);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ requestId: expect.any(String), error: 'tooManyRequests' });
    expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(5);
  });
});

describe('contact form sent before its island has loaded (POST on the brand host)', () => {
  const host = 'pasta-fresca.localhost';
  /** A form post as Chromium sends it from the brand's own page; `undefined` leaves a header out. */
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string | undefined> = {}) =>
    request(ctx, path, {
      method: 'POST',
      host,
      body: new URLSearchParams(fields).toString(),
      headers: Object.fromEntries(
        Object.entries({
          'content-type': 'application/x-www-form-urlencoded',
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          ...headers,
        }).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
    });
  const filled = {
    name: 'Ala Nowak',
    email: 'ala@example.com',
    message: 'Czy macie opcję bezglutenową?',
    terms: 'true',
  };
  const stored = () => ctx.database.db.select().from(contactMessages);

  it('stores and queues the message and answers the brand’s page with the sent message', async () => {
    const response = await post('/contact/', filled);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    expect(page).toContain('<html lang="pl"');
    expect(page).toMatch(/<button type="submit" class="button"\s+disabled>Wiadomość wysłana<\/button>/);
    expect(page).toContain('Dziękujemy! Odpowiemy najszybciej, jak to możliwe.');
    // The island is not in the answer: its form posts here again rather than hydrating over the verdict.
    expect(page).not.toContain('<astro-island');
    expect(await stored()).toMatchObject([
      { name: 'Ala Nowak', email: 'ala@example.com', conceptSlug: 'pasta-fresca' },
    ]);
    const tenant = ctx.deps.tenants.find((t) => t.slug === 'pasta-fresca')!;
    const [mail] = await ctx.database.db.select().from(emailOutbox);
    expect(mail).toMatchObject({ to: tenant.contactEmail, template: 'contact', status: 'pending' });
    expect(mail!.text).toContain('Czy macie opcję bezglutenową?');

    const english = await post('/en/contact', filled);
    expect(english.status).toBe(200);
    expect(await english.text()).toMatch(/<html lang="en"[\s\S]*disabled>Message sent<\/button>/);
  });

  it('shows each field’s error in the page’s language, keeps what was typed, escaped, and stores nothing', async () => {
    const typed = { name: '<script>alert(1)</script>', email: 'ala@', message: '  ' };
    const response = await post('/en/contact/', typed);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('<p class="field-error" id="contact-email-error">Enter a valid e-mail address.</p>');
    expect(page).toContain('<p class="field-error" id="contact-message-error">This field is required.</p>');
    expect(page).toContain('<p class="field-error" id="contact-terms-error">Tick the box to send your message.</p>');
    expect(page).not.toContain('id="contact-name-error"');
    expect(page).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain('value="ala@"');
    expect(page).toMatch(/<input id="contact-email"\s+name="email" aria-invalid="true" [^>]*autofocus/);
    expect(page).toContain('action="/en/contact/"');
    expect(page).toMatch(/<button type="submit" class="button"\s*>Send message<\/button>/);

    const ukrainian = await post('/ua/contact/', {});
    expect(ukrainian.status).toBe(400);
    const ua = await ukrainian.text();
    expect(ua).toContain('<html lang="uk"');
    expect(ua).toContain('<p class="field-error" id="contact-name-error">Це поле обов’язкове.</p>');
    expect(ua).toContain(
      '<p class="field-error" id="contact-terms-error">Позначте згоду, щоб надіслати повідомлення.</p>',
    );
    expect(await stored()).toEqual([]);
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('refuses a form posted from another site, or from a sister brand, or without Origin', async () => {
    for (const headers of [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://sushi-kaizen.localhost', 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': '' },
      // A browser without Sec-Fetch-Site must name this host in Origin; `null` names none.
      { origin: 'null', 'sec-fetch-site': undefined },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ]) {
      const response = await post('/contact/', filled, headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'Forbidden' });
    }
    const bare = await request(ctx, '/contact/', {
      method: 'POST',
      host,
      body: new URLSearchParams(filled).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bare.status).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it('accepts what browsers send: Sec-Fetch-Site same-origin with Origin null (Referrer-Policy no-referrer)', async () => {
    expect((await post('/contact/', filled, { origin: 'null' })).status).toBe(200);
    const olderBrowser = await request(ctx, '/contact/', {
      method: 'POST',
      host,
      body: new URLSearchParams(filled).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}` },
    });
    expect(olderBrowser.status).toBe(200);
    expect(await stored()).toHaveLength(2);
  });

  it('keeps the API’s size limits, answering with the failure message and the brand’s address', async () => {
    const response = await post('/en/contact/', { ...filled, message: 'x'.repeat(5001) });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toMatch(
      /<p class="form-failed">\s*Failed to send message. Please try again, or send your message directly to us: <a href="mailto:kontakt@pastafresca.pl">/,
    );
    expect(page).toContain('value="Ala Nowak"');
    expect(await stored()).toEqual([]);
  });

  it('answers only on brand hosts', async () => {
    const shop = await request(ctx, '/contact/', {
      method: 'POST',
      body: new URLSearchParams(filled).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    });
    expect(shop.status).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it('shares the contact rate limit with POST /api/contact and says so on the page', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.8' };
    for (let i = 0; i < 3; i += 1) expect((await send(good, headers)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await post('/contact/', filled, headers)).status).toBe(200);
    const blocked = await post('/en/contact/', filled, headers);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    const page = await blocked.text();
    expect(page).toContain('Too many messages in a short time. Please try again in a few minutes.');
    expect(page).toContain('value="Ala Nowak"');
    expect(await stored()).toHaveLength(5);
  });
});
