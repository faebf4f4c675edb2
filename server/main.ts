// First, before any module that defines a type (server/validation-mode.ts says why).
import './validation-mode.ts';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import type { Database } from '#db/client.ts';
import { parseEnv } from './env.ts';
import { flushLog, log, logIsJson } from './observability/log.ts';

/**
 * Reads and throws away what is left of a request's body, up to a few megabytes or two seconds. Closing a socket
 * with unread bytes makes the kernel answer with a reset, which a client still sending its body gets as EPIPE
 * before it has read the answer we sent: the 413 is lost. A short drain, like a web server's lingering close, lets
 * the client finish sending and read the answer; past the bounds, the connection is cut as before.
 */
function discardRestOfBody(incoming: HttpBindings['incoming'] | Http2Bindings['incoming']): Promise<void> {
  const maxBytes = 8 * 1024 * 1024;
  if (incoming.destroyed || incoming.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      incoming.off('data', count);
      incoming.off('end', done);
      incoming.off('close', done);
      incoming.off('error', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) done();
    };
    const timer = setTimeout(done, 2000);
    incoming.on('data', count);
    incoming.once('end', done);
    incoming.once('close', done);
    incoming.once('error', done);
    incoming.resume();
  });
}

/**
 * How long each step of start-up took, in seconds, said with the banner: a cold start went from 2.8 to 11.8 s on a
 * loaded machine in one probe (issue 39), and the line says where the time goes without a profiler.
 */
const startup: [step: string, at: number][] = [['process', 0]];
const stepDone = (step: string) => startup.push([step, performance.now()]);
const startupTimes = () => {
  const steps = [...startup, ['listening', performance.now()] as const];
  const parts = steps.slice(1).map(([step, at], i) => `${step} ${((at - (steps[i]?.[1] ?? 0)) / 1000).toFixed(1)}`);
  return `ready in ${(performance.now() / 1000).toFixed(1)} s (since the process began: ${parts.join(', ')})`;
};

/** Stops start-up with one line saying what is wrong. */
function fail(message: string): never {
  // One plain line on stderr for whoever started the server, whatever the log's format; a collector reading JSON
  // lines gets it as a fatal line too.
  if (logIsJson) log.fatal(`Cannot start: ${message}`);
  process.stderr.write(`Cannot start: ${message}\n`);
  flushLog();
  process.exit(1);
}

const env = (() => {
  try {
    return parseEnv(process.env);
  } catch (error) {
    return fail((error as Error).message);
  }
})();
// Issue 11: a production server on the sandbox takes no real money, and says so where nobody can miss it.
if (env.nodeEnv === 'production' && env.payments.mode === 'sandbox')
  log.warn(
    '!!! PAYMENTS=sandbox in production: the SANDBOX takes every payment, NO REAL MONEY moves. Demo use only. !!!',
  );
if (!existsSync(path.join(env.distDir, 'index.html')))
  fail(`no built site in ${env.distDir}/ (run npm run build, or npm start)`);

// A bad configuration is refused above before the application's code is loaded: that takes a while and most of
// the process's memory.
const [
  { serve },
  { migrateDatabase, openDatabase },
  { seedDatabase },
  { loadTenants },
  { createApp },
  { startSweeper },
  { startOutboxWorker },
  { createPaymentProviders },
  { mediaStorageFor },
  { openDemoLogins },
  { aggregateWorkerMetrics, disableMetrics, shareWorkerMetrics },
  { startTracing, stopTracing },
] = await Promise.all([
  import('@hono/node-server'),
  import('#db/client.ts'),
  import('#db/seed/index.ts'),
  import('#tenants/index.ts'),
  import('./app.ts'),
  import('./workers/sweeper.ts'),
  import('./services/outbox/start-worker.ts'),
  import('./services/payments/providers.ts'),
  import('./services/media/storage.ts'),
  import('./services/auth/demo-logins.ts'),
  import('./observability/metrics.ts'),
  import('./observability/tracing.ts'),
]);
if (!env.metrics) disableMetrics();

/** Traces, when OTEL_EXPORTER_OTLP_ENDPOINT asks for them; in the processes that serve, once the database is ready. */
const startTraces = () =>
  startTracing().catch((error: Error) => fail(`tracing (OTEL_EXPORTER_OTLP_ENDPOINT) cannot start: ${error.message}`));

stepDone('modules');

const tenants = (() => {
  try {
    return loadTenants();
  } catch (error) {
    return fail((error as Error).message.replace(/\n/g, ' | '));
  }
})();

const open = () =>
  openDatabase({ url: env.databaseUrl, dataDir: env.dataDir }).catch((error: Error) =>
    fail(`database ${env.databaseUrl ? 'at DATABASE_URL' : `in ${env.dataDir}`} cannot be opened: ${error.message}`),
  );

const banner = (database: Database['kind'], seeded: string, processes: number) =>
  `Marketplace on http://localhost:${env.port} (${database}${database === 'pglite' ? ` in ${env.dataDir}` : ''}, ${seeded}${processes > 1 ? `, ${processes} processes` : ''}); brand sites at http://<slug>.localhost:${env.port}, survey at http://${env.surveyHost}:${env.port}`;

/** Migrates and seeds once, whichever number of processes will serve. */
async function prepare(): Promise<{ database: Database; seeded: string }> {
  const database = await open();
  stepDone('database');
  await migrateDatabase(database).catch((error: Error) => fail(`migrations failed: ${error.message}`));
  stepDone('migrations');
  // Every start loads tenants/ into the concepts table (decision 043): the shop then says what the brand sites,
  // built from the same folder, say.
  const result = await seedDatabase(database.db, { demo: env.seedDemo, tenants }).catch((error: Error) =>
    fail(`seeding failed: ${error.message}`),
  );
  const demoLogins = await openDemoLogins(database);
  stepDone('seed');
  // Decision 009: production never runs with a login whose password the README publishes. Refused rather than
  // removed: the accounts may own orders and audit rows, and only the operator knows whether to delete them or
  // give them a new password.
  if (env.nodeEnv === 'production' && demoLogins.length > 0) {
    if (!env.demoLoginsInProduction)
      fail(
        `demo logins still open with the README's passwords in production (${demoLogins.join(', ')}): delete them, or give each a new password (npm run admin:create -- --email … for an admin)`,
      );
    log.warn(
      `!!! DEMO_LOGINS_IN_PRODUCTION=1: ${demoLogins.join(', ')} open with the README's passwords. Throwaway data only. !!!`,
    );
  }
  const seeded =
    result.demo !== 'not asked'
      ? `demo data ${result.demo}`
      : demoLogins.length > 0
        ? `demo logins present (${demoLogins.join(', ')}), not seeded now`
        : 'no demo data (not asked for: SEED_DEMO)';
  return { database, seeded };
}

/** How long a draining process waits for its requests in flight before it cuts their connections. */
const DRAIN_SECONDS = 10;
type Closable = { closeIdleConnections: () => void; closeAllConnections: () => void };

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
// Needs --expose-gc (SERVER_NODE_FLAGS); without it the process only holds more memory.
const gc = (globalThis as { gc?: Collect }).gc;

/**
 * Collects everything collectable and gives the freed memory back to the operating system. An ordinary full
 * collection (`gc()`, or V8's own) keeps the pages it frees in a pool for reuse: after a burst of load the heap held
 * 55 MB live in 150–220 MB of pages, and RSS stayed there for as long as the process ran. V8 releases that pool and
 * shrinks the young generation only in a "last resort" collection, which its memory reducer would start when the
 * process goes quiet; but the reducer judges quiet by the allocation rate measured at the last collection, which an
 * idle Node process never updates, so it never does. It also drops the bytecode of functions not run
 * lately (migrations, seeding, routes nobody asked for), which is recompiled if they run again.
 */
function returnMemory() {
  gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  rssLow = process.memoryUsage.rss();
}
// The lowest RSS seen since the last collection: right after start-up's, V8 may still hold the memory it compiles
// PGlite's WebAssembly with (hundreds of MB for a few seconds), so that figure alone would be too high a baseline.
let rssLow = 0;

// How long the process has to go without a request before it gives memory back; and by how much its RSS must have
// grown since it last did, so that a health check every few seconds does not pay a collection (100–300 ms of one
// core, the event loop stopped) each time.
const IDLE_SECONDS = 5;
const IDLE_GROWTH_BYTES = 16 * 1024 * 1024;

/**
 * Gives memory back once requests stop. Returns what each request calls: a counter, so the hot path pays an
 * increment; a timer started by the first request after a quiet spell looks once a second whether any came since,
 * and stops after IDLE_SECONDS without one. A request arriving during the collection waits for it.
 */
function returnMemoryWhenIdle(): () => void {
  if (!gc) return () => {};
  let served = 0;
  let seen = 0;
  let quietSeconds = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const check = () => {
    const rss = process.memoryUsage.rss();
    rssLow = Math.min(rssLow, rss);
    quietSeconds = served === seen ? quietSeconds + 1 : 0;
    seen = served;
    if (quietSeconds < IDLE_SECONDS) return;
    clearInterval(timer);
    timer = undefined;
    if (rss - rssLow >= IDLE_GROWTH_BYTES) returnMemory();
  };
  return () => {
    served += 1;
    if (timer) return;
    quietSeconds = 0;
    seen = served;
    timer = setInterval(check, 1000).unref();
  };
}

/**
 * Serves the API and the sites from this process until SIGTERM or SIGINT, then drains: see `shutdown` below.
 * `onListening` runs once the port is open.
 */
function serveFrom(database: Database, onListening: () => void, quiet: boolean) {
  const stopping = new AbortController();
  const deps = {
    db: database.db,
    env,
    tenants,
    now: () => new Date(),
    payments: createPaymentProviders(env, { db: database.db }),
    media: mediaStorageFor(env),
    stopping: stopping.signal,
  };
  const app = createApp(deps);
  // Payment and acceptance timeouts; safe to run in every process (SKIP LOCKED).
  const sweeper = startSweeper(deps);
  // Only with SMTP_URL set; otherwise e-mail stays in the outbox for admins to read.
  const stopOutbox = startOutboxWorker(deps);
  const served = returnMemoryWhenIdle();
  const fetch = async (request: Request, node: HttpBindings | Http2Bindings) => {
    served();
    // Draining: a request that arrives now (on a keep-alive connection, or accepted just before the port closed)
    // is not started. The 503 says nothing was done, so the proxy passes it to another server (deploy/nginx:
    // proxy_next_upstream http_503), a POST included. /readyz answers for itself (503, stopping).
    if (stopping.signal.aborted && !request.url.endsWith('/readyz')) {
      node.outgoing.setHeader('connection', 'close');
      return Response.json({ error: 'serverBusy' }, { status: 503, headers: { 'retry-after': '1' } });
    }
    const response = await app.fetch(request, node);
    // Answered before the request's body had all arrived (413, a refusal, an unknown path): the rest of it is
    // still on its way, and would be read as the next request on this keep-alive connection. Closing it after
    // the answer tells the client to send its next request on a fresh one.
    if (!node.incoming.complete) {
      node.outgoing.setHeader('connection', 'close');
      await discardRestOfBody(node.incoming);
    } else if (stopping.signal.aborted && !node.outgoing.headersSent) {
      // A request in flight when draining began: its answer is the connection's last.
      node.outgoing.setHeader('connection', 'close');
    }
    return response;
  };
  const server = serve({ fetch, port: env.port, hostname: env.host }, () => {
    // Once the port is open: loading the modules, migrating and seeding leave 40–50 MB of garbage, and V8 sets its
    // first limit for a full collection from that start-up; after this the limit follows the ~45 MB the server really
    // holds (decision 032), and the start-up's pages go back to the system.
    returnMemory();
    onListening();
  });
  server.on('error', (error: Error) => fail(`cannot listen on ${env.host}:${env.port}: ${error.message}`));

  /**
   * Drains, so that a rolling restart behind a proxy loses nothing (deploy/, decision 047): /readyz fails, the port
   * closes (the proxy's next connection goes to another server), requests still arriving on open connections are
   * refused with a 503 the proxy retries elsewhere, requests in flight finish and their connections close after
   * their answer, live streams (order status, kitchen boards) end so their EventSources reconnect elsewhere. After
   * DRAIN_SECONDS whatever is left is cut; then the workers stop and the database closes.
   */
  async function shutdown(signal: string) {
    if (stopping.signal.aborted) return;
    stopping.abort();
    if (!quiet) log.info(`${signal}: finishing in-flight requests`);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // server.close() closes the connections idle at that moment; those whose last answer goes out later become
    // idle later.
    const idle = setInterval(() => (server as unknown as Closable).closeIdleConnections(), 50);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_SECONDS * 1000)))]);
    clearTimeout(timer);
    clearInterval(idle);
    (server as unknown as Closable).closeAllConnections();
    await closed;
    await stopOutbox();
    await sweeper.stop();
    await deps.payments.recorded();
    await database.close();
    await stopTracing();
    if (!quiet) log.info('stopped');
    flushLog();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * WEB_CONCURRENCY > 1: this process prepares the database, then forks that many workers sharing the port (the
 * primary hands them connections). A worker that dies is replaced; SIGTERM or SIGINT stops them all, each
 * finishing its in-flight requests.
 */
function superviseWorkers(kind: Database['kind'], seeded: string) {
  const count = env.webConcurrency;
  let stopping = false;
  const listened = new Set<number>();
  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    if (listened.size === count) log.info(`${banner(kind, seeded, count)}; ${startupTimes()}`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // Not `cluster.workers` being empty: a worker leaves it only after both its exit and its disconnect, which
      // come in either order, so the last one to exit may still be listed here.
      if (Object.values(cluster.workers ?? {}).every((other) => !other || other.isDead())) {
        log.info('stopped');
        flushLog();
        process.exit(0);
      }
      return;
    }
    // A process that never got to serve would fail again (it has said why): stop rather than loop.
    if (!listened.has(worker.id)) {
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exit(1);
    }
    log.error(`server process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing in-flight requests`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i += 1) cluster.fork();
}

if (cluster.isPrimary) {
  const { database, seeded } = await prepare();
  if (env.webConcurrency > 1) {
    await database.close();
    // One scrape of any worker answers every worker's figures, added up here (decision 046).
    aggregateWorkerMetrics();
    superviseWorkers(database.kind, seeded);
  } else {
    await startTraces();
    serveFrom(database, () => log.info(`${banner(database.kind, seeded, 1)}; ${startupTimes()}`), false);
  }
} else {
  shareWorkerMetrics();
  await startTraces();
  serveFrom(await open(), () => {}, true);
}
