import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request, useTestApp } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, PL, settle } from '../helpers/orders.ts';
import { startServer } from '../helpers/server-process.ts';
import { freePort } from '../setup/postgres.ts';

const ctx = useTestApp();
// Midday on a Wednesday: the seeded restaurants are open.
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

const json = { 'content-type': 'application/json' };
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

describe('answers given before the body is read, on the real server', () => {
  let database: TestDatabase | undefined;
  let stop: (() => Promise<unknown>) | undefined;
  afterEach(async () => {
    await stop?.();
    await database?.drop();
    database = undefined;
    stop = undefined;
  });

  /** One request on the agent's connection, answered in full (or the client's error). */
  const send = (
    agent: http.Agent,
    port: number,
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = json,
  ) =>
    new Promise<{ status: number; connection: string | undefined; body: string; socket: unknown }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            agent,
            // A chunked body (Transfer-Encoding in `headers`) says no length: it is sent in two pieces.
            headers:
              body === undefined || 'transfer-encoding' in headers
                ? headers
                : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () =>
              resolve({ status: res.statusCode!, connection: res.headers.connection, body: text, socket: req.socket }),
            );
          },
        );
        req.on('error', reject);
        if (body !== undefined && 'transfer-encoding' in headers) {
          req.write(body.slice(0, body.length >> 1));
          req.end(body.slice(body.length >> 1));
        } else req.end(body);
      },
    );

  // A server process of its own: beside the browser tests on a busy machine its start has taken over 30 s.
  it(
    'closes the connection after a 413 or an early 404, so the next request on it gets its own answer',
    { timeout: 150_000 },
    async () => {
      database = await createTestDatabase({ max: 2 });
      const port = await freePort();
      const server = startServer({ DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1' });
      stop = () => (server.child.kill('SIGTERM'), server.exited);
      for (let i = 0; i < 1200 && !server.output().stdout.includes('Marketplace on'); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.output().stdout).toContain('Marketplace on');

      const big = JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) });
      const early = [
        // Over the size limit, by its Content-Length or counted as it streams in (chunked).
        { path: '/api/contact', headers: json, status: 413, error: 'payloadTooLarge' },
        {
          path: '/api/contact',
          headers: { ...json, 'transfer-encoding': 'chunked' },
          status: 413,
          error: 'payloadTooLarge',
        },
        // Refused before its body is looked at: a form-like body with no Origin, and the API on a brand's host.
        { path: '/api/contact', headers: { 'content-type': 'text/plain' }, status: 403, error: 'Forbidden' },
        {
          path: '/api/basket/items',
          headers: { ...json, host: 'pasta-fresca.localhost' },
          status: 404,
          error: 'notFound',
        },
      ];
      for (const { path, headers, status, error } of early) {
        // One connection, reused for every request the agent sends (keep-alive), as a browser or a proxy would.
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const first = await send(agent, port, 'POST', path, big, headers);
        expect([path, first.status, JSON.parse(first.body), first.connection]).toEqual([
          path,
          status,
          { requestId: expect.any(String), error },
          'close',
        ]);
        const second = await send(agent, port, 'GET', '/api/ping');
        expect([second.status, second.body]).toEqual([200, '{"ok":true}']);
        // An answer after the whole request has arrived keeps the connection for the next one.
        const third = await send(agent, port, 'GET', '/api/ping');
        expect(third.connection).toBe('keep-alive');
        expect(third.socket).toBe(second.socket);
        agent.destroy();
      }

      // A chunked body within the limit is read as any other.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const menu = await send(agent, port, 'GET', '/api/restaurants/pasta-fresca-warszawa-mokotow');
      const item = (
        JSON.parse(menu.body) as { categories: { items: { id: number; groups: unknown[] }[] }[] }
      ).categories
        .flatMap((category) => category.items)
        .find((candidate) => candidate.groups.length === 0)!;
      const added = await send(
        agent,
        port,
        'POST',
        '/api/basket/items',
        JSON.stringify({ menuItemId: item.id, quantity: 2 }),
        { ...json, origin: 'http://localhost', 'transfer-encoding': 'chunked' },
      );
      expect([added.status, (JSON.parse(added.body) as { itemCount: number }).itemCount]).toEqual([200, 2]);
      agent.destroy();

      // Node's own fetch, which once failed the second request with 'other side closed'.
      const refused = await fetch(`http://127.0.0.1:${port}/api/contact`, { method: 'POST', headers: json, body: big });
      expect([refused.status, await refused.json()]).toEqual([
        413,
        { requestId: expect.any(String), error: 'payloadTooLarge' },
      ]);
      const next = await fetch(`http://127.0.0.1:${port}/api/ping`);
      expect(await next.json()).toEqual({ ok: true });
    },
  );
});

describe('error answers', () => {
  it('answers a body that is not JSON with the JSON validation error, not a line of text', async () => {
    for (const body of ['{', '']) {
      const response = await request(ctx, '/api/basket/items', { method: 'POST', body, headers: json });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({
        requestId: expect.any(String),
        error: 'validation',
        details: { '(body)': expect.any(String) },
      });
    }
  });
});

describe('CSRF and Sec-Fetch-Site', () => {
  it('refuses a state-changing request with neither Origin nor Content-Type with a JSON Forbidden', async () => {
    const response = await request(ctx, '/api/contact', { method: 'POST', body: 'name=x' });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'Forbidden' });
  });

  it('refuses a form post from another origin, and lets one from our own origin through', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const foreign = await request(ctx, '/api/auth/login', {
      method: 'POST',
      body: 'email=user%40example.com&password=user-demo-2026',
      headers: { ...form, origin: 'https://evil.example.com' },
    });
    expect([foreign.status, await foreign.json()]).toEqual([
      403,
      { requestId: expect.any(String), error: 'Forbidden' },
    ]);
    const own = await request(ctx, '/api/auth/login', {
      method: 'POST',
      body: 'email=user%40example.com&password=user-demo-2026',
      headers: { ...form, origin: 'http://localhost' },
    });
    // Past the CSRF check: refused by the route's own validation (it takes JSON), not as a forgery.
    expect(own.status).toBe(400);
  });

  it.each(['cross-site', 'same-site'])('refuses a JSON POST, PATCH, PUT and DELETE marked %s', async (site) => {
    const body = JSON.stringify({ menuItemId: 1, quantity: 1 });
    for (const [method, path] of [
      ['POST', '/api/basket/items'],
      ['PATCH', '/api/basket/items/1'],
      ['PUT', '/api/basket/delivery'],
      ['DELETE', '/api/basket/discount'],
      ['POST', '/api/auth/login'],
    ] as const) {
      const response = await request(ctx, path, { method, body, headers: { ...json, 'sec-fetch-site': site } });
      expect([method, path, response.status, await response.json()]).toEqual([
        method,
        path,
        403,
        { requestId: expect.any(String), error: 'Forbidden' },
      ]);
    }
  });

  it('lets the same JSON call through from our own pages', async () => {
    const response = await request(ctx, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'user@example.com', password: 'user-demo-2026' }),
      headers: { ...json, 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
    });
    expect(response.status).toBe(200);
  });
});

describe('personal answers are not cached', () => {
  it('marks login, getUser, basket, my orders and order status no-store; the catalogue stays cacheable', async () => {
    const login = await request(ctx, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'user@example.com', password: 'user-demo-2026' }),
      headers: json,
    });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    const basket = await makeBasket(ctx.database.db);
    const placed = await placeOrder(ctx, basket.basketId, {
      ...plCustomer,
      zip: basket.zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
    });
    expect(placed.status).toBe(201);
    const { order, accessToken } = await placed.json();
    await settle(ctx);

    const answers = {
      login,
      getUser: await request(ctx, '/api/auth/getUser', { headers: { cookie } }),
      basket: await request(ctx, '/api/basket', { headers: { cookie: `basket=${basket.basketId}` } }),
      myOrders: await request(ctx, '/api/my-orders', { headers: { cookie } }),
      order: await request(ctx, `/api/orders/${order.id}?token=${encodeURIComponent(accessToken)}`),
      placed,
      logout: await request(ctx, '/api/auth/logout', { headers: { cookie } }),
      refusal: await request(ctx, '/api/my-orders'),
    };
    expect(answers.order.status).toBe(200);
    expect(
      Object.fromEntries(Object.entries(answers).map(([name, r]) => [name, r.headers.get('cache-control')])),
    ).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, 'no-store'])));
    const menu = await request(ctx, `/api/restaurants/${PL}`);
    expect(menu.headers.get('cache-control')).toMatch(/^public/);
  });
});

describe('hosts', () => {
  it('answers /api only on the shop host, except the two public calls of the brand pages', async () => {
    for (const host of ['pasta-fresca.localhost', 'www.pastafresca.pl', 'survey.localhost', 'evil.example.com']) {
      for (const path of ['/api/auth/getUser', '/api/basket', '/api/ping', '/api/openapi.json', '/api/my-orders']) {
        const response = await request(ctx, path, { host });
        expect([host, path, response.status, await response.json()]).toEqual([
          host,
          path,
          404,
          { requestId: expect.any(String), error: 'notFound' },
        ]);
      }
      const login = await request(ctx, '/api/auth/login', {
        host,
        method: 'POST',
        body: JSON.stringify({ email: 'user@example.com', password: 'user-demo-2026' }),
        headers: json,
      });
      expect([host, login.status, login.headers.get('set-cookie')]).toEqual([host, 404, null]);
    }
    // The brand's menu and contact form (decision 005) still work on its own origin.
    const menu = await request(ctx, `/api/restaurants/${PL}`, { host: 'pasta-fresca.localhost' });
    expect(menu.status).toBe(200);
    const contact = await request(ctx, '/api/contact', {
      host: 'pasta-fresca.localhost',
      method: 'POST',
      body: JSON.stringify({
        name: 'Ala',
        email: 'ala@example.com',
        message: 'Dzień dobry',
        terms: true,
        concept: 'pasta-fresca',
      }),
      headers: json,
    });
    expect([contact.status, await contact.text()]).toEqual([200, 'OK']);
    expect((await request(ctx, '/api/getLocationsAndConcepts', { host: 'pasta-fresca.localhost' })).status).toBe(404);
    expect((await request(ctx, '/api/auth/getUser')).status).toBe(200);
  });

  it('serves the sandbox bank only on the shop host', async () => {
    const response = await request(ctx, '/sandbox-bank/some-payment', { host: 'pasta-fresca.localhost' });
    expect(response.status).toBe(404);
    // The brand's own 404 page, not the bank's.
    const html = await response.text();
    expect(html).toContain('Pasta Fresca');
    expect(html).not.toContain('Sandbox Bank');
    const survey = await request(ctx, '/sandbox-bank/some-payment', { host: 'survey.localhost' });
    expect(survey.status).toBe(404);
    expect(await survey.text()).not.toContain('Sandbox Bank');
    expect(await (await request(ctx, '/sandbox-bank/some-payment')).text()).toContain('Sandbox Bank');
  });

  it("never serves another host's files through encoded slashes", async () => {
    const shopHome = await (await request(ctx, '/')).text();
    const smashHome = await (await request(ctx, '/', { host: 'smash-club.localhost' })).text();
    for (const [host, path] of [
      ['pasta-fresca.localhost', '/_astro/..%2findex.html'],
      ['pasta-fresca.localhost', '/_astro/..%2Fbrands%2Fsmash-club%2Findex.html'],
      ['pasta-fresca.localhost', '/_astro/..%5cindex.html'],
      ['pasta-fresca.localhost', '/en%2f..%2f..%2f..%2findex.html'],
      ['survey.localhost', '/_astro/..%2findex.html'],
      ['survey.localhost', '/survey-form/..%2fbrands%2fsmash-club%2f'],
      ['localhost', '/en/..%2fbrands%2fsmash-club%2f'],
      ['localhost', '/_astro/..%2fbrands%2fsmash-club%2findex.html'],
    ] as const) {
      const response = await request(ctx, path, { host });
      const text = await response.text();
      expect([host, path, response.status]).toEqual([host, path, 404]);
      expect(text).not.toBe(shopHome);
      expect(text).not.toBe(smashHome);
    }
    // The brand's own and the shared Astro files are still served.
    const page = await (await request(ctx, '/', { host: 'pasta-fresca.localhost' })).text();
    const asset = page.match(/\/_astro\/[^"']+\.js/)?.[0];
    expect(asset).toBeDefined();
    expect((await request(ctx, asset!, { host: 'pasta-fresca.localhost' })).status).toBe(200);
  });

  it("allows no 'unsafe-inline' script on any host", async () => {
    for (const host of ['localhost', 'survey.localhost', 'pasta-fresca.localhost', 'evil.example.com']) {
      for (const path of ['/', '/api/ping', '/nie-ma']) {
        const policy = (await request(ctx, path, { host })).headers.get('content-security-policy') ?? '';
        const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
        expect([host, path, scriptSrc]).toEqual([host, path, expect.stringMatching(/^\s*script-src 'self'/)]);
        expect(scriptSrc).not.toContain('unsafe-inline');
      }
    }
  });
});
