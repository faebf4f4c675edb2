// Admin benchmark (issue 16): the admin screens must stay fast on a busy year. Fills a throwaway PostgreSQL
// database copied from the seeded template with 500,000 orders over 12 months across every restaurant, in SQL
// (bench/busy-year.ts), starts one server process (server/main.ts), logs in as the demo admin and measures the
// orders list with a filter and a sort at page 1 and at page 2,000, and the dashboard's 30-day figures, against a trivial route
// measured in the same run. Target: p99 < 100 ms for each. Writes bench/results/admin.json.
//   BENCH_ADMIN_ORDERS (500000), BENCH_SECONDS (10), BENCH_ADMIN_CONNECTIONS (4: a few admins at once, not a crowd).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { ADMIN_LIST_PAGE_SIZE } from '../server/domain/admin-lists.ts';
import { SERVER_NODE_FLAGS } from '../server/node-flags.ts';
import { SESSION_COOKIE } from '../server/services/auth/sessions.ts';
import { cloneDatabase, dropDatabase, freePort, prepareTemplate, startPostgres } from '../tests/setup/postgres.ts';
import { fillBusyYear } from './busy-year.ts';
import { wholeNumberSetting } from './settings.ts';

type Result = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Options = { url: string; connections: number; duration: number; headers?: Record<string, string> };
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Options) => Promise<Result>;

const ORDERS = wholeNumberSetting('BENCH_ADMIN_ORDERS', 500_000);
const DURATION = wholeNumberSetting('BENCH_SECONDS', 10);
const CONNECTIONS = wholeNumberSetting('BENCH_ADMIN_CONNECTIONS', 4);
const FAR_PAGE = 2_000;
const TARGET_P99_MS = 100;
// The admin's usual question of a busy year: the finished orders, newest first, said explicitly in the query.
const FILTER = 'status=finished&sort=-createdAt';

const { adminUrl, stop } = await startPostgres();
const template = `mp_bench_admin_template_${process.pid}`;
const name = `mp_bench_admin_${process.pid}`;
const dist = mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-admin-dist-'));
let server: ChildProcess | null = null;

/** server/main.ts as production runs it, one process; resolves with its address once /readyz answers. */
async function startServer(databaseUrl: string): Promise<string> {
  const port = await freePort();
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/main.ts'], {
    env: {
      ...process.env,
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
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return base;
    } catch {
      // not listening yet
    }
    if (tries > 1200) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The demo admin's session cookie (db/seed: admin@example.com). */
async function adminCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-2026' }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!response.ok || !cookie) throw new Error(`admin login answered ${response.status}`);
  return cookie.split(';')[0]!;
}

try {
  console.log('preparing the database …');
  await prepareTemplate(adminUrl, template);
  const url = await cloneDatabase(adminUrl, template, name);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const fillStarted = performance.now();
  const filled = await fillBusyYear(sql, { orders: ORDERS, end: new Date() });
  const fillSeconds = Math.round((performance.now() - fillStarted) / 100) / 10;
  const [{ matching } = { matching: 0 }] = await sql<{ matching: number }[]>`
    select count(*)::int as matching from orders where status = 'finished'`;
  await sql.end();
  console.log(`${filled.orders} orders filled in ${fillSeconds} s; ${matching} finished`);
  if (matching < FAR_PAGE * ADMIN_LIST_PAGE_SIZE)
    console.log(`(fewer than page ${FAR_PAGE} needs: BENCH_ADMIN_ORDERS is too small for the far page)`);

  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>bench</title>');
  const base = await startServer(url);
  const headers = { host: 'localhost', cookie: await adminCookie(base) };

  // The answers are checked once before they are timed: a fast wrong answer is no result.
  for (const page of [1, FAR_PAGE]) {
    const response = await fetch(`${base}/api/admin/orders?page=${page}&${FILTER}`, { headers });
    const body = (await response.json()) as { rows: unknown[]; count: number };
    if (!response.ok || body.count !== matching)
      throw new Error(`page ${page} answered ${response.status}, count ${body.count} (expected ${matching})`);
    console.log(`page ${page}: ${body.rows.length} rows of ${body.count}`);
  }
  const dashboard = await fetch(`${base}/api/admin/dashboard?days=30`, { headers });
  if (!dashboard.ok) throw new Error(`the dashboard answered ${dashboard.status}`);

  const targets = [
    { name: 'trivial Hono route', path: '/api/ping' },
    { name: `orders list, ${FILTER}, page 1`, path: `/api/admin/orders?page=1&${FILTER}` },
    { name: `orders list, ${FILTER}, page ${FAR_PAGE}`, path: `/api/admin/orders?page=${FAR_PAGE}&${FILTER}` },
    { name: 'dashboard, 30 days', path: '/api/admin/dashboard?days=30' },
  ];
  const rows = [];
  for (const t of targets) {
    const options = { url: base + t.path, connections: CONNECTIONS, headers };
    await autocannon({ ...options, duration: 2 });
    const r = await autocannon({ ...options, duration: DURATION });
    rows.push({
      name: t.name,
      path: t.path,
      requestsPerSecond: Math.round(r.requests.average),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      maxMs: r.latency.max,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    });
    console.log(`${t.name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
  }
  const baseline = rows[0]!;
  const ratio = (n: number) => Math.round((n / baseline.requestsPerSecond) * 1000) / 1000;
  console.log('\n| target | req/s | ÷ trivial route | p50 ms | p99 ms | p99 ÷ trivial p99 | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.requestsPerSecond} | ${ratio(r.requestsPerSecond)} | ${r.p50Ms} | ${r.p99Ms} | ${Math.round((r.p99Ms / Math.max(baseline.p99Ms, 1)) * 10) / 10} | ${r.non2xx} |`,
    );
  const lists = rows.slice(1);
  const goalKey = (name: string) =>
    name.startsWith('dashboard')
      ? 'dashboard30DaysP99Under100'
      : name.endsWith(' 1')
        ? 'ordersListPage1P99Under100'
        : 'ordersListFarPageP99Under100';
  const goals = lists.map((r) => ({
    key: goalKey(r.name),
    target: `${r.name}: p99 < ${TARGET_P99_MS} ms, no errors`,
    measured: `p99 ${r.p99Ms} ms (${r.requestsPerSecond} req/s)`,
    met: r.p99Ms < TARGET_P99_MS && r.non2xx === 0 && r.errors === 0,
  }));
  const loadAverage = os.loadavg().map((n) => Math.round(n * 100) / 100);
  console.log('\n| target | measured | met |');
  console.log('|---|---|---|');
  for (const g of goals) console.log(`| ${g.target} | ${g.measured} | ${g.met ? 'met' : 'NOT met'} |`);
  console.log(
    `\n${filled.orders} orders; 1 server process, ${CONNECTIONS} connections; load average (1, 5, 15 min) at the end: ${loadAverage.join(', ')} on ${os.cpus().length} CPUs`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/admin.json',
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        orders: filled.orders,
        matchingFilter: matching,
        fillSeconds,
        connections: CONNECTIONS,
        serverProcesses: 1,
        durationSeconds: DURATION,
        loadAverage,
        results: rows,
        targetsMet: Object.fromEntries(goals.map((g) => [g.key, g.met])),
      },
      null,
      2,
    )}\n`,
  );
} finally {
  if (server && (server as ChildProcess).exitCode === null) (server as ChildProcess).kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await dropDatabase(adminUrl, name).catch(() => {});
  await dropDatabase(adminUrl, template).catch(() => {});
  rmSync(dist, { recursive: true, force: true });
  await stop();
}
