// Issue 31: the shop as it runs in production, nginx in front of two server processes on one PostgreSQL (deploy/,
// scripts/deploy-local.ts, decision 047). What a customer and the staff do must not depend on which server answers,
// and restarting the servers one after the other under load must cost nobody a request or an order.
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findNginx, startDeployment, type Deployment } from '../../scripts/deploy-local.ts';
import { cloneDatabase, dropDatabase } from '../setup/postgres.ts';
import { customers } from '../helpers/http-orders.ts';

const RESTAURANT = 'pasta-fresca-warszawa-mokotow';
const nginx = findNginx();
if (!nginx) console.warn('tests/deploy skipped: nginx is not installed here (apt-get install -y nginx)');

/** A GET naming its own Host (fetch names the URL's): a brand's site through nginx on this machine. */
function getWithHost(port: number, host: string, path: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

type Answer = { status: number; body: unknown; servedBy: string };

/** A browser, as far as the API sees one: its cookies, and its origin on every call. */
class Visitor {
  private readonly cookies = new Map<string, string>();
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    return this.callAt(this.base, path, init);
  }

  /** The same call sent straight to one server, past nginx. */
  async callAt(
    base: string,
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        origin: base,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body, servedBy: response.headers.get('x-served-by')?.split(', ').at(-1) ?? '' };
  }
}

/** Server-Sent Events read from a response body: `next` waits for an event its test accepts. */
async function followEvents(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  if (response.status !== 200) throw new Error(`events answered ${response.status}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const events: { event: string; data: unknown }[] = [];
  const read = async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  };
  // How the stream ended: 'clean' when the server finished it, the error's message when it was cut.
  const reading = read().then(
    () => 'clean',
    (error: Error) => (controller.signal.aborted ? 'closed by us' : `cut: ${error.message}`),
  );
  return {
    ended: reading,
    next: async (accept: (data: unknown) => boolean, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((event) => accept(event.data));
        if (found) return found.data;
        if (Date.now() > deadline) throw new Error(`no such event in ${timeoutMs} ms: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => {
      controller.abort();
      await reading;
    },
    last: () => events.at(-1)?.data,
  };
}

type Menu = { minBasketValue: number; location: { zip: string; latitude: number; longitude: number } };
type MenuItem = { id: number; price: number; unavailable: boolean; groups: unknown[] };

/** A basket line that passes the restaurant's minimum, and the checkout's body for `email`. */
async function orderTemplate(base: string) {
  const menu = (await (await fetch(`${base}/api/restaurants/${RESTAURANT}`)).json()) as Menu & {
    categories: { items: MenuItem[] }[];
  };
  const item = menu.categories
    .flatMap((category) => category.items)
    .find((candidate) => !candidate.unavailable && candidate.groups.length === 0 && candidate.price > 0);
  if (!item) throw new Error(`no plain item at ${RESTAURANT}`);
  return {
    line: { menuItemId: item.id, quantity: Math.min(99, Math.ceil((menu.minBasketValue + 1) / item.price) + 1) },
    checkout: (email: string) => ({
      ...customers.pl,
      email,
      zip: menu.location.zip,
      lat: menu.location.latitude,
      lng: menu.location.longitude,
      consents: { agree1: true, agree2: true, providerTerms: true, orderWithObligation: true },
      paymentMethod: 'blik',
      blikCode: '123456',
      lang: 'pl',
    }),
  };
}

describe.skipIf(!nginx)('the shop behind nginx on two servers', () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `mp_deploy_${process.pid}`;
  let deployment: Deployment;
  let base: string;
  let direct: [string, string];
  let sql: postgres.Sql;
  let template: Awaited<ReturnType<typeof orderTemplate>>;

  beforeAll(async () => {
    const databaseUrl = await cloneDatabase(adminUrl, inject('pgTemplate'), name);
    sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    deployment = await startDeployment({ databaseUrl, env: { LOG_REQUESTS: '0' } });
    base = `http://127.0.0.1:${deployment.port}`;
    direct = [`http://127.0.0.1:${deployment.servers[0]!.port}`, `http://127.0.0.1:${deployment.servers[1]!.port}`];
    template = await orderTemplate(base);
  });

  afterAll(async () => {
    await deployment?.stop();
    await sql?.end();
    await dropDatabase(adminUrl, name);
  });

  it('serves the built files itself, with the headers the servers send, and the rest from both servers', async () => {
    const page = await fetch(`${base}/koszyk/`);
    expect(page.status).toBe(200);
    // nginx's own answer: no server named.
    expect(page.headers.get('x-served-by')).toBeNull();
    const fromServer = await fetch(`${direct[0]}/koszyk/`);
    for (const header of ['content-security-policy', 'x-frame-options', 'cache-control', 'content-type'])
      expect(page.headers.get(header), header).toBe(fromServer.headers.get(header));
    // A brand's site on its host, from its own folder.
    const brand = await getWithHost(deployment.port, 'pasta-fresca.localhost', '/');
    expect(brand.status).toBe(200);
    expect(brand.headers['x-served-by']).toBeUndefined();
    expect(brand.body).toContain('Pasta Fresca');
    // The shop's root picks the language (a server's answer), and API calls alternate between the servers.
    const visitor = new Visitor(base);
    const root = await visitor.call('/', { headers: { 'accept-language': 'en' } });
    expect(root.status).toBe(302);
    const served = new Set<string>();
    for (let i = 0; i < 6; i += 1) served.add((await visitor.call('/api/basket')).servedBy);
    expect(served.size).toBe(2);
  });

  it('keeps a session and a basket made on one server on the other', async () => {
    const staff = new Visitor(base);
    const login = await staff.callAt(direct[0], '/api/auth/login', {
      method: 'POST',
      body: { email: 'kitchen@example.com', password: 'kitchen-demo-2026' },
    });
    expect(login.status).toBe(200);
    const onB = await staff.callAt(direct[1], '/api/auth/getUser');
    expect(onB.body).toMatchObject({ user: { email: 'kitchen@example.com' } });
    const served = new Set<string>();
    for (let i = 0; i < 6; i += 1) {
      const answer = await staff.call('/api/auth/getUser');
      expect(answer.body).toMatchObject({ user: { email: 'kitchen@example.com' } });
      served.add(answer.servedBy);
    }
    expect(served.size).toBe(2);

    const guest = new Visitor(base);
    expect((await guest.callAt(direct[0], '/api/basket/items', { method: 'POST', body: template.line })).status).toBe(
      200,
    );
    const basket = await guest.callAt(direct[1], '/api/basket');
    expect(basket.body).toMatchObject({ lines: [{ quantity: template.line.quantity }] });
  });

  it('counts a rate limit across both servers', async () => {
    // The contact form: 5 messages per 10 minutes from one address, counted before the body is read. Through nginx
    // every attempt comes from this test's address, whichever server takes it.
    const visitor = new Visitor(base);
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i += 1) answers.push(await visitor.call('/api/contact', { method: 'POST', body: {} }));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 429]);
    expect(new Set(answers.map((answer) => answer.servedBy)).size).toBe(2);
  });

  /** A guest's order through nginx, paid by Blik: it is 'new' once the sandbox has confirmed the payment. */
  async function placeOne(email: string) {
    const guest = new Visitor(base);
    await guest.call('/api/basket/items', { method: 'POST', body: template.line });
    const placed = await guest.call('/api/orders', {
      method: 'POST',
      body: template.checkout(email),
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body as { order: { id: string }; accessToken: string };
  }

  /** The kitchen accepts the order, signed in on `server` (a server's address, or nginx's). */
  async function accept(server: string, orderId: string) {
    const kitchen = new Visitor(server);
    await kitchen.call('/api/auth/login', {
      method: 'POST',
      body: { email: 'kitchen@example.com', password: 'kitchen-demo-2026' },
    });
    return kitchen.call(`/api/admin/orders/${orderId}/actions`, {
      method: 'POST',
      body: { action: 'accept', preparationMinutes: 20 },
    });
  }

  const statusIs = (status: string) => (view: unknown) => (view as { status: string }).status === status;

  it('tells a customer following an order on one server of a change made on the other', async () => {
    const { order, accessToken } = await placeOne('live@example.com');
    const events = await followEvents(`${direct[0]}/api/orders/${order.id}/events?token=${accessToken}`);
    try {
      await events.next(statusIs('new'));
      const accepted = await accept(direct[1], order.id);
      expect(accepted.status).toBe(200);
      await events.next(statusIs('processing'));
    } finally {
      await events.close();
    }
  });

  it('loses no request and no order while each server in turn is restarted under 50 ordering guests', async () => {
    const run = crypto.randomUUID().slice(0, 8);
    let restarting = true;
    const placed: { key: string; id: string }[] = [];
    const failures: string[] = [];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const guest = async (n: number) => {
      const visitor = new Visitor(base);
      const email = `rolling-${run}-${n}@example.com`;
      // Spread over the first seconds, then an order every 4-6 s each (about ten a second in all), until both restarts are done.
      await sleep(Math.random() * 2000);
      while (restarting) {
        const step = async (label: string, path: string, init: Parameters<Visitor['call']>[1], expected: number) => {
          try {
            const answer = await visitor.call(path, init);
            if (answer.status !== expected)
              failures.push(`${label}: ${answer.status} ${JSON.stringify(answer.body)} from ${answer.servedBy}`);
            return answer.status === expected ? answer : null;
          } catch (error) {
            failures.push(`${label}: ${(error as Error).message}`);
            return null;
          }
        };
        const added = await step('add to basket', '/api/basket/items', { method: 'POST', body: template.line }, 200);
        const key = crypto.randomUUID();
        const order =
          added &&
          (await step(
            'place order',
            '/api/orders',
            { method: 'POST', body: template.checkout(email), headers: { 'idempotency-key': key } },
            201,
          ));
        if (order) {
          const { order: view, accessToken } = order.body as { order: { id: string }; accessToken: string };
          placed.push({ key, id: view.id });
          await step('read the order', `/api/orders/${view.id}?token=${accessToken}`, {}, 200);
        }
        await sleep(4000 + Math.random() * 2000);
      }
    };
    // A customer on the status page of an order, through nginx: its EventSource reconnects whenever a stream ends,
    // as a browser's does. And one following straight from the first server restarted, to see how its stream ends.
    const followed = await placeOne(`following-${run}@example.com`);
    const eventsPath = `/api/orders/${followed.order.id}/events?token=${followed.accessToken}`;
    const onFirst = await followEvents(`${direct[0]}${eventsPath}`);
    await onFirst.next(statusIs('new'));
    const streamEnds: string[] = [];
    let following = true;
    let latest: unknown = null;
    const follower = (async () => {
      while (following) {
        const stream = await followEvents(`${base}${eventsPath}`).catch((error: Error) => {
          streamEnds.push(`refused: ${error.message}`);
          return null;
        });
        if (stream) {
          const watching = setInterval(() => (latest = stream.last() ?? latest), 50);
          const end = await Promise.race([
            stream.ended,
            (async () => {
              while (following) await sleep(50);
              await stream.close();
              return 'closed by us';
            })(),
          ]);
          clearInterval(watching);
          latest = stream.last() ?? latest;
          if (end !== 'closed by us') streamEnds.push(end);
        }
        await sleep(200);
      }
    })();

    const guests = Array.from({ length: 50 }, (_, n) => guest(n));
    await sleep(2000);
    for (const server of deployment.servers) {
      expect(await server.stop()).toBe(0);
      // The draining server finished its live streams: the browser reconnects (to the other server) at once.
      if (server === deployment.servers[0]) expect(await onFirst.ended).toBe('clean');
      await server.start();
      // A moment for the new process to warm up before the next one goes (the rolling restart of the README waits
      // the same).
      await sleep(2500);
    }
    restarting = false;
    await Promise.all(guests);
    // After both restarts the customer's page still hears of the kitchen's acceptance.
    expect((await accept(base, followed.order.id)).status).toBe(200);
    await expect.poll(() => (latest as { status?: string } | null)?.status, { timeout: 15_000 }).toBe('processing');
    following = false;
    await follower;
    expect(
      streamEnds.every((end) => end === 'clean'),
      streamEnds.join('; '),
    ).toBe(true);

    expect(failures).toEqual([]);
    expect(placed.length).toBeGreaterThanOrEqual(100);
    console.log(`rolling restart: ${placed.length} orders placed by 50 guests`);
    const rows = await sql<{ id: string; idempotency_key: string }[]>`
      select id, idempotency_key from orders where customer->>'email' like ${`rolling-${run}-%`}`;
    // Every order a guest was told about is there once, and there is no other.
    expect(rows.map((row) => row.id).sort()).toEqual(placed.map((order) => order.id).sort());
    expect(new Map(rows.map((row) => [row.id, row.idempotency_key]))).toEqual(
      new Map(placed.map((order) => [order.id, order.key])),
    );
    // Each holds what its basket was given once: an 'add to basket' done twice (a retry of a request a server had
    // done) would have doubled a line.
    const lines = await sql<{ quantity: number }[]>`
      select sum(i.quantity)::int as quantity from order_items i join orders o on o.id = i.order_id
      where o.customer->>'email' like ${`rolling-${run}-%`} group by o.id`;
    expect(new Set(lines.map((line) => line.quantity))).toEqual(new Set([template.line.quantity]));
  });
});
