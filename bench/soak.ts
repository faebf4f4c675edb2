// `npm run bench:soak`: the real server (one process unless WEB_CONCURRENCY says otherwise) under a mixed load for
// a while — 80 % catalogue and menu reads, 15 % basket writes, 5 % orders (cash on delivery) — reporting per minute
// the throughput, the p99 and the server's resident memory, so that anything growing without bound shows.
//   SOAK_MINUTES (5), SOAK_CONNECTIONS (20); SOAK_SLICE_SECONDS (60) shortens each reported slice for a quick look.
// Writes bench/results/soak.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { ORDER_RESTAURANT, prepareBenchData, RESTAURANT } from './fixtures.ts';
import { processTreeRss } from './memory.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server/node-flags.ts';
import { stripTypesAhead } from '../scripts/strip-types-ahead.ts';
import { cloneDatabase, dropDatabase, freePort, prepareTemplate, startPostgres } from '../tests/setup/postgres.ts';
import { wholeNumberSetting } from './settings.ts';

type RequestSpec = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type Result = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: { setupRequest: (req: RequestSpec) => RequestSpec }[];
}) => Promise<Result>;

const MINUTES = wholeNumberSetting('SOAK_MINUTES', 5);
const CONNECTIONS = wholeNumberSetting('SOAK_CONNECTIONS', 20);
const SERVER_PROCESSES = wholeNumberSetting('WEB_CONCURRENCY', 1);
const SLICE_SECONDS = wholeNumberSetting('SOAK_SLICE_SECONDS', 60);
// Enough baskets for the orders of the whole run at a few hundred requests a second (5 % of them orders).
const ORDER_BASKETS = Math.max(5_000, MINUTES * 6_000);
const WRITE_BASKETS = 2_000;

stripTypesAhead();
const { adminUrl, stop } = await startPostgres();
const template = `mp_soak_template_${process.pid}`;
const name = `mp_soak_${process.pid}`;
const dist = mkdtempSync(path.join(os.tmpdir(), 'marketplace-soak-dist-'));
let server: ChildProcess | undefined;

try {
  console.log('preparing the database …');
  await prepareTemplate(adminUrl, template);
  const url = await cloneDatabase(adminUrl, template, name);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const { target, menuItem, basketIds } = await prepareBenchData(sql, ORDER_BASKETS);
  const writeBaskets = await sql<{ basket: string; line: number }[]>`
    with b as (
      insert into baskets (country, restaurant_id, delivery_method)
      select ${target.country}, ${target.restaurant_id}, 'door2door' from generate_series(1, ${WRITE_BASKETS})
      returning id)
    insert into basket_items (basket_id, menu_item_id, quantity) select id, ${target.item_id}, 1 from b
    returning basket_id as basket, id as line`;
  const [city] = await sql<{ slug: string }[]>`select city_slug as slug from locations order by id limit 1`;
  await sql.end();
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>soak</title>');

  const port = await freePort();
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/main.ts'], {
    // As bench/api.ts starts it: the sandbox takes the payments (a production server needs a provider).
    env: {
      ...SERVER_ENV,
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      // The benchmarks' PGlite servers run as production would, on one machine on purpose.
      PGLITE_IN_PRODUCTION: '1',
      // Their throwaway data is the demo's: its logins open with the README's passwords.
      DEMO_LOGINS_IN_PRODUCTION: '1',
      PAYMENT_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
      ORDER_TOKEN_SECRET: 'bench-order-token-secret-0123456789',
      SANDBOX_BANK_SECRET: 'bench-sandbox-bank-secret-0123456789',
      LOG_REQUESTS: '0',
      DIST_DIR: dist,
      WEB_CONCURRENCY: String(SERVER_PROCESSES),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (
    let tries = 0;
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ));
    tries += 1
  ) {
    if (server.exitCode !== null) throw new Error(`the server stopped (code ${server.exitCode}) before it served`);
    if (tries > 300) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = server.pid!;
  const rss = () => processTreeRss(pid).map((p) => p.rssMb ?? 0);

  const json = { 'content-type': 'application/json', host: 'localhost', 'sec-fetch-site': 'same-origin' };
  const reads: RequestSpec[] = [
    { method: 'GET', path: `/api/restaurants/${RESTAURANT}`, headers: { host: 'localhost' } },
    { method: 'GET', path: `/api/restaurants/${ORDER_RESTAURANT}`, headers: { host: 'localhost' } },
    { method: 'GET', path: '/api/getLocationsAndConcepts', headers: { host: 'localhost' } },
    { method: 'GET', path: `/api/cities/${city?.slug ?? 'warszawa'}`, headers: { host: 'localhost' } },
    {
      method: 'GET',
      path: `/api/restaurants?zip=${encodeURIComponent(target.zip)}&country=${target.country}`,
      headers: { host: 'localhost' },
    },
  ];
  let n = 0;
  let nextOrder = 0;
  const orderBody = JSON.stringify({
    firstname: 'Олена',
    lastname: 'Шевченко',
    phone: '0501234567',
    email: 'soak@example.com',
    street: 'Сагайдачного',
    streetNo: '5',
    city: 'Київ',
    zip: target.zip,
    consents: { orderWithObligation: true },
    paymentMethod: 'cashOnDelivery',
  });
  /** The next request of the mix: a fixed cycle of 100 slots, 80 reads, 15 basket writes, 5 orders. */
  const nextRequest = (): RequestSpec => {
    const slot = n++ % 100;
    if (slot < 80) return reads[slot % reads.length]!;
    if (slot < 95) {
      const w = writeBaskets[n % writeBaskets.length]!;
      const headers = { ...json, cookie: `basket=${w.basket}` };
      switch (slot % 3) {
        case 0:
          return { method: 'PATCH', path: `/api/basket/items/${w.line}`, headers, body: '{"quantity":2}' };
        case 1:
          return {
            method: 'PUT',
            path: '/api/basket/delivery',
            headers,
            body: JSON.stringify({
              deliveryMethod: 'door2door',
              address: { street: 'Сагайдачного', streetNo: '5', city: 'Київ', zip: target.zip },
            }),
          };
        default:
          // A new visitor's first add: a new basket.
          return {
            method: 'POST',
            path: '/api/basket/items',
            headers: json,
            body: JSON.stringify({ menuItemId: menuItem.id, quantity: 1 }),
          };
      }
    }
    const basket = basketIds[nextOrder++ % basketIds.length]!;
    return {
      method: 'POST',
      path: '/api/orders',
      headers: { ...json, cookie: `basket=${basket}`, 'idempotency-key': `soak-${basket}` },
      body: orderBody,
    };
  };

  const minutes = [];
  const startRss = rss();
  console.log(`soaking for ${MINUTES} min, ${CONNECTIONS} connections; RSS at start ${startRss.join(', ')} MB`);
  for (let minute = 1; minute <= MINUTES; minute += 1) {
    const r = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SLICE_SECONDS,
      requests: [{ setupRequest: (req) => ({ ...req, ...nextRequest() }) }],
    });
    const row = {
      minute,
      requestsPerSecond: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      rssMb: rss(),
      loadAverage: Math.round(os.loadavg()[0]! * 100) / 100,
    };
    minutes.push(row);
    console.log(
      `minute ${minute}: ${row.requestsPerSecond} req/s, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}, errors ${row.errors}, RSS ${row.rssMb.join(', ')} MB, load ${row.loadAverage}`,
    );
  }
  // Growth without bound shows as memory still rising after the first minute's warm-up: compare the last minute
  // with the second (a run of one or two minutes cannot tell).
  const peak = (list: number[]) => Math.max(...list);
  const second = minutes[1];
  const last = minutes.at(-1)!;
  const growthMb = second ? Math.round((peak(last.rssMb) - peak(second.rssMb)) * 10) / 10 : null;
  console.log('\n| minute | req/s | p99 ms | non-2xx | RSS MB | load |');
  console.log('|---:|---:|---:|---:|---|---:|');
  for (const m of minutes)
    console.log(
      `| ${m.minute} | ${m.requestsPerSecond} | ${m.p99Ms} | ${m.non2xx + m.errors} | ${m.rssMb.join(', ')} | ${m.loadAverage} |`,
    );
  console.log(
    `\nRSS at start ${startRss.join(', ')} MB; from minute 2 to minute ${last.minute}: ${growthMb === null ? 'too short to tell' : `${growthMb >= 0 ? '+' : ''}${growthMb} MB`}`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/soak.json',
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        connections: CONNECTIONS,
        serverProcesses: SERVER_PROCESSES,
        mix: { readsPercent: 80, basketWritesPercent: 15, ordersPercent: 5 },
        startRssMb: startRss,
        minutes,
        rssGrowthFromMinute2Mb: growthMb,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await dropDatabase(adminUrl, name).catch(() => {});
  await dropDatabase(adminUrl, template).catch(() => {});
  rmSync(dist, { recursive: true, force: true });
  await stop();
}
