import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

// Served by Node, the headers every answer carries are set on the outgoing message before the handler runs
// (server/response-headers.ts); in process (`app.request`, what the other API tests use) they are set on the
// Response afterwards. A browser only ever sees the first, so both are checked here, on the same answers.
const ctx = useTestApp();
let server: ReturnType<typeof serve>;
let port = 0;
beforeEach(async () => {
  server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; headers: Record<string, string | undefined> };

/** One GET through a real socket, with the Host header a browser would send. */
function viaNode(path: string, host: string, extra: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host, ...extra } }, (res) => {
      res.resume();
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(res.headers)) headers[name] = String(value);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function inProcess(path: string, host: string, extra: Record<string, string> = {}): Promise<Answer> {
  const response = await ctx.app.request(path, { headers: { host, ...extra } });
  await response.arrayBuffer();
  return { status: response.status, headers: Object.fromEntries(response.headers) };
}

const SECURITY = {
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe.each([
  ['served by Node', viaNode],
  ['in process', inProcess],
])('the headers every answer carries, %s', (_name, get) => {
  it('an API answer: every security header, the shop’s policy and no-store', async () => {
    const answer = await get('/api/ping', 'localhost');
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject(SECURITY);
    expect(answer.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('a cacheable catalogue answer keeps its own Cache-Control', async () => {
    const answer = await get('/api/getLocationsAndConcepts', 'localhost');
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject(SECURITY);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
  });

  it('a menu: its ETag, Vary and encoding, and a 304 for its tag with the same headers', async () => {
    const path = '/api/restaurants/pasta-fresca-warszawa-mokotow';
    const plain = await get(path, 'localhost');
    expect(plain.status).toBe(200);
    expect(plain.headers).toMatchObject({
      ...SECURITY,
      vary: 'Accept-Encoding',
      'cache-control': 'public, max-age=60',
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await get(path, 'localhost', { 'accept-encoding': 'br' });
    expect(brotli.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(brotli.headers['etag']).not.toBe(plain.headers['etag']);
    const again = await get(path, 'localhost', { 'if-none-match': plain.headers['etag']! });
    expect(again.status).toBe(304);
    expect(again.headers).toMatchObject({ ...SECURITY, etag: plain.headers['etag'], vary: 'Accept-Encoding' });
  });

  it('an API error and a redirect of the URL rules carry them too', async () => {
    const missing = await get('/api/no-such-thing', 'localhost');
    expect(missing.status).toBe(404);
    expect(missing.headers).toMatchObject({ ...SECURITY, 'cache-control': 'no-store' });
    const redirect = await get('//api//ping', 'localhost');
    expect(redirect.status).toBe(301);
    expect(redirect.headers['location']).toBe('/api/ping');
    expect(redirect.headers).toMatchObject(SECURITY);
  });

  it('a brand’s page has the brand’s own policy and may be cached', async () => {
    const shop = await get('/', 'localhost');
    const brand = await get('/', 'pasta-fresca.localhost');
    expect(brand.status).toBe(200);
    expect(brand.headers).toMatchObject(SECURITY);
    expect(brand.headers['content-security-policy']).toMatch(/^default-src 'self'/);
    expect(brand.headers['content-security-policy']).not.toBe(shop.headers['content-security-policy']);
    expect(brand.headers['cache-control']).not.toBe('no-store');
  });
});
