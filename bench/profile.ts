// Where a request's time goes: runs the benchmarked calls in-process (app.request, no HTTP) on a throwaway copy of
// the seeded database and reports, per call, the database round trips and the wall time, split into time spent
// waiting on PostgreSQL and the rest (JavaScript). `node --cpu-prof bench/profile.ts` adds a CPU profile.
// PROFILE_CPU=<dir> writes one CPU profile per call (only the measured loop), for Chrome DevTools or speedscope.
// PostgreSQL's CPU per call is that of the backends serving the throwaway database (read from /proc, 10 ms ticks:
// use PROFILE_ROUNDS of 1000 or more for a figure to compare).
//   npx node bench/profile.ts            (TEST_DATABASE_URL names a server, or an embedded one is started)
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { prepareBenchData, RESTAURANT } from './fixtures.ts';
import { cpuMs } from './memory.ts';
import { openDatabase } from '../db/client.ts';
import { createApp } from '../server/app.ts';
import { parseEnv } from '../server/env.ts';
import { loadTenants } from '../tenants/index.ts';
import { cloneDatabase, dropDatabase, prepareTemplate, startPostgres } from '../tests/setup/postgres.ts';
import { wholeNumberSetting } from './settings.ts';

// Bytes and writes to the database's socket (autocannon is not in this process, so these are all the driver's).
let socketWrites = 0;
let socketBytes = 0;
const socketWrite = net.Socket.prototype.write;
net.Socket.prototype.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
  socketWrites += 1;
  socketBytes += (chunk as { length?: number }).length ?? 0;
  return (socketWrite as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
} as typeof socketWrite;

const ROUNDS = wholeNumberSetting('PROFILE_ROUNDS', 200);

const { adminUrl, stop } = await startPostgres();
const template = `mp_profile_template_${process.pid}`;
const name = `mp_profile_${process.pid}`;
try {
  await prepareTemplate(adminUrl, template);
  const url = await cloneDatabase(adminUrl, template, name);

  // Round trips counted and timed at the driver: postgres-js calls `debug` as each query is sent; the wait ends
  // when the awaiting code resumes, which the per-call wall time below accounts for.
  let queries = 0;
  const texts: string[] = [];
  const database = await openDatabase({
    url,
    max: 10,
    onQuery: (query) => {
      queries += 1;
      if (process.env['PROFILE_SQL']) texts.push(query.replace(/\s+/g, ' ').slice(0, 160));
    },
  });
  const { db } = database;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const { target, menuItem, basketIds } = await prepareBenchData(sql, ROUNDS * 2);

  const app = createApp({
    db,
    env: parseEnv({
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
    }),
    tenants: loadTenants(),
    now: () => new Date(),
  });
  const json = { 'content-type': 'application/json', host: 'localhost' };
  let next = 0;
  const orderBody = JSON.stringify({
    firstname: 'Олена',
    lastname: 'Шевченко',
    phone: '0501234567',
    email: 'bench@example.com',
    street: 'Сагайдачного',
    streetNo: '5',
    city: 'Київ',
    zip: target.zip,
    consents: { orderWithObligation: true },
    paymentMethod: 'cashOnDelivery',
  });
  // A basket this process has written, for the writes that change one it knows (decision 032's prediction).
  const first = await app.request('http://localhost/api/basket/items', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ menuItemId: menuItem.id, quantity: 1 }),
  });
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
  const line = ((await first.json()) as { lines: { id: number }[] }).lines[0]!.id;
  const onBasket = { ...json, cookie, 'sec-fetch-site': 'same-origin' };
  let quantity = 0;
  const calls: { name: string; run: () => Response | Promise<Response> }[] = [
    { name: 'ping', run: () => app.request('http://localhost/api/ping', { headers: { host: 'localhost' } }) },
    {
      name: 'menu GET',
      run: () => app.request(`http://localhost/api/restaurants/${RESTAURANT}`, { headers: { host: 'localhost' } }),
    },
    {
      name: 'add to basket',
      run: () =>
        app.request('http://localhost/api/basket/items', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ menuItemId: menuItem.id, quantity: 1 }),
        }),
    },
    {
      name: 'basket: change quantity',
      run: () =>
        app.request(`http://localhost/api/basket/items/${line}`, {
          method: 'PATCH',
          headers: onBasket,
          body: JSON.stringify({ quantity: (quantity++ % 5) + 1 }),
        }),
    },
    {
      name: 'basket: set delivery',
      run: () =>
        app.request('http://localhost/api/basket/delivery', {
          method: 'PUT',
          headers: onBasket,
          body: JSON.stringify({ deliveryMethod: quantity++ % 2 ? 'door2door' : 'pickup' }),
        }),
    },
    {
      name: 'basket: clear',
      run: () => app.request('http://localhost/api/basket/clear', { headers: onBasket }),
    },
    {
      name: 'place order',
      run: () => {
        const basket = basketIds[next++ % basketIds.length]!;
        return app.request('http://localhost/api/orders', {
          method: 'POST',
          headers: { ...json, cookie: `basket=${basket}`, 'idempotency-key': `profile-${basket}` },
          body: orderBody,
        });
      },
    },
  ];

  console.log(
    `| call | queries/request | socket writes/request | bytes written/request | ms/request (sequential) | Node CPU ms/request | PostgreSQL CPU ms/request | answer bytes | status |`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---|`);
  const backends = async () =>
    (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${name}`).map((b) => b.pid);
  const postgresMs = async () => (await backends()).reduce((sum, pid) => sum + cpuMs(pid), 0);
  const cpuDir = process.env['PROFILE_CPU'];
  const inspector = cpuDir ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
  }
  for (const call of calls) {
    for (let i = 0; i < 20; i += 1) await (await call.run()).arrayBuffer(); // warm-up
    if (inspector) await inspector.post('Profiler.start');
    texts.length = 0;
    queries = 0;
    socketWrites = 0;
    socketBytes = 0;
    let bytes = 0;
    const statuses = new Set<number>();
    const postgresBefore = await postgresMs();
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i += 1) {
      const response = await call.run();
      bytes = (await response.arrayBuffer()).byteLength;
      statuses.add(response.status);
    }
    const ms = (performance.now() - started) / ROUNDS;
    const used = process.cpuUsage(cpu);
    const nodeMs = (used.user + used.system) / 1000 / ROUNDS;
    // The benchmark's own connection (`sql`) idles meanwhile; its backend's CPU is counted but does not move.
    const databaseMs = ((await postgresMs()) - postgresBefore) / ROUNDS;
    if (inspector) {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(`${cpuDir}/${call.name.replace(/\W+/g, '-')}.cpuprofile`, JSON.stringify(profile));
    }
    console.log(
      `| ${call.name} | ${(queries / ROUNDS).toFixed(1)} | ${(socketWrites / ROUNDS).toFixed(1)} | ${Math.round(socketBytes / ROUNDS)} | ${ms.toFixed(2)} | ${nodeMs.toFixed(2)} | ${databaseMs.toFixed(3)} | ${bytes} | ${[...statuses].join(',')} |`,
    );
    if (process.env['PROFILE_SQL']) {
      const perCall = texts.slice(0, Math.round(texts.length / ROUNDS));
      for (const t of perCall) console.log(`    ${t}`);
    }
  }
  await sql.end();
  await database.close();
} finally {
  await dropDatabase(adminUrl, name).catch(() => {});
  await dropDatabase(adminUrl, template).catch(() => {});
  await stop();
}
