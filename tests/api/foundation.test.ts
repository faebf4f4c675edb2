import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();

describe('health', () => {
  it('answers /healthz and /readyz when the database answers', async () => {
    expect(await (await request(ctx, '/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await request(ctx, '/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('reports 503 on /readyz when the database is gone', async () => {
    await ctx.database.close();
    const ready = await request(ctx, '/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ database: 'unreachable' });
  });
});

describe('URL rules', () => {
  it.each([
    ['//', '/'],
    ['//en//basket', '/en/basket'],
    ['/koncepty///pasta-fresca?x=1', '/koncepty/pasta-fresca?x=1'],
  ])('redirects %s with a double slash to %s', async (from, to) => {
    const response = await request(ctx, from);
    expect(response.status).toBe(301);
    expect(
      new URL(response.headers.get('location')!, 'http://localhost').pathname +
        new URL(response.headers.get('location')!, 'http://localhost').search,
    ).toBe(to);
  });

  it.each([
    ['/miasta/pozna%C4%85', '/miasta/poznaa'],
    ['/miasta/pozna%c4%85', '/miasta/poznaa'],
    ['/miasta/poznań-ą', '/miasta/pozna%C5%84-a'],
    ['/%C4%84bc', '/Abc'],
    ['/szukaj?q=%C4%85', '/szukaj?q=a'],
  ])('replaces a-ogonek in %s with a 301 to %s', async (from, to) => {
    const response = await request(ctx, from);
    expect(response.status).toBe(301);
    const location = new URL(response.headers.get('location')!, 'http://localhost');
    expect(location.pathname + location.search).toBe(to);
  });

  it('leaves ordinary paths alone', async () => {
    expect((await request(ctx, '/en')).status).toBe(200);
  });
});

describe('host dispatch', () => {
  it('serves the shop on the main host in three languages', async () => {
    for (const [path, lang] of [
      ['/', 'pl'],
      ['/en', 'en'],
      ['/ua', 'uk'],
    ] as const) {
      const response = await request(ctx, path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`<html lang="${lang}"`);
    }
  });

  it('serves only the survey page on the survey host', async () => {
    const page = await request(ctx, '/', { host: 'survey.localhost' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Ankieta</title>');
    expect((await request(ctx, '/koszyk', { host: 'survey.localhost' })).status).toBe(404);
    expect((await request(ctx, '/en', { host: 'survey.localhost' })).status).toBe(404);
  });

  it("serves each tenant's site on <slug>.localhost and on its production domain", async () => {
    for (const tenant of ctx.deps.tenants) {
      for (const host of [`${tenant.slug}.localhost`, tenant.domain, `www.${tenant.domain}`]) {
        const response = await request(ctx, '/', { host });
        expect(response.status, host).toBe(200);
        expect(await response.text()).toContain(`<title>${tenant.name}`);
      }
    }
  });

  it('does not serve brand folders on the main host, nor anything on an unknown host', async () => {
    expect((await request(ctx, '/brands/smash-club/')).status).toBe(404);
    const unknown = await request(ctx, '/', { host: 'evil.example.com' });
    expect(unknown.status).toBe(404);
  });

  it('answers unknown pages with the 404 page in the language of the path', async () => {
    const response = await request(ctx, '/nie-ma-takiej-strony');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Nie znaleziono strony');
    const english = await request(ctx, '/en/no-such-page');
    expect(english.status).toBe(404);
    expect(await english.text()).toContain('This page could not be found');
    const ukrainian = await request(ctx, '/ua/no-such-page');
    expect(ukrainian.status).toBe(404);
    expect(await ukrainian.text()).toContain('Сторінку не знайдено');
  });

  it('compresses pages for clients that accept it, and answers 304 for a version the client has', async () => {
    const plain = await request(ctx, '/en', { host: 'smash-club.localhost' });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');

    const br = await request(ctx, '/en', { host: 'smash-club.localhost', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).toString()).toBe(text);
    expect(brBytes.length).toBeLessThan(Buffer.byteLength(text) / 3);

    const gz = await request(ctx, '/en', {
      host: 'smash-club.localhost',
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);

    // Each encoding is its own version of the page; the client's copy of that version needs no body.
    expect(new Set([plain, br, gz].map((r) => r.headers.get('etag'))).size).toBe(3);
    const again = await request(ctx, '/en', {
      host: 'smash-club.localhost',
      headers: { 'accept-encoding': 'gzip, br', 'if-none-match': br.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await request(ctx, '/en', {
      host: 'smash-club.localhost',
      headers: { 'accept-encoding': 'gzip, br', 'if-none-match': '"an-older-version"' },
    });
    expect(stale.status).toBe(200);
  });

  it('keeps the static files inside the build folder', async () => {
    const response = await request(ctx, '/..%2f..%2fpackage.json');
    expect(response.status).toBe(404);
  });
});

describe('API errors', () => {
  it('answers an unknown API path with a JSON error key', async () => {
    const response = await request(ctx, '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'notFound' });
  });

  it('refuses bodies over the size limit with a JSON error', async () => {
    const response = await request(ctx, '/api/ping', {
      method: 'POST',
      body: 'x'.repeat(70 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'payloadTooLarge' });
  });

  it('sends security headers', async () => {
    const response = await request(ctx, '/');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
