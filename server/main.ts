import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '#db/client.ts';
import { seedDatabase } from '#db/seed/index.ts';
import { loadTenants } from '#tenants/index.ts';
import { createApp } from './app.ts';
import { parseEnv } from './env.ts';
import { startSweeper } from './workers/sweeper.ts';
import { startOutboxWorker } from './services/outbox/worker.ts';

/** Stops start-up with one line saying what is wrong. */
function fail(message: string): never {
  console.error(`Cannot start: ${message}`);
  process.exit(1);
}

const env = (() => {
  try {
    return parseEnv(process.env);
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const tenants = (() => {
  try {
    return loadTenants();
  } catch (error) {
    return fail((error as Error).message.replace(/\n/g, ' | '));
  }
})();
if (!existsSync(path.join(env.distDir, 'index.html')))
  fail(`no built site in ${env.distDir}/ (run npm run build, or npm start)`);

const database = await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir }).catch((error: Error) =>
  fail(`database ${env.databaseUrl ? 'at DATABASE_URL' : `in ${env.dataDir}`} cannot be opened: ${error.message}`),
);
await migrateDatabase(database).catch((error: Error) => fail(`migrations failed: ${error.message}`));
const seeded = await seedDatabase(database.db).catch((error: Error) => fail(`seeding failed: ${error.message}`));

const deps = { db: database.db, env, tenants, now: () => new Date() };
const app = createApp(deps);
// Payment and acceptance timeouts; safe to run in every process (SKIP LOCKED).
const sweeper = startSweeper(deps);
// Only with SMTP_URL set; otherwise e-mail stays in the outbox for admins to read.
const stopOutbox = startOutboxWorker(database.db, env, () => new Date());
// Counts requests whose handler has not yet answered, so shutdown can wait for exactly those.
let inFlight = 0;
const fetch = async (request: Request, ...rest: unknown[]) => {
  inFlight += 1;
  try {
    return await app.fetch(request, ...(rest as []));
  } finally {
    inFlight -= 1;
  }
};
const server = serve({ fetch, port: env.port, hostname: env.host }, (info) => {
  console.log(
    `Marketplace on http://localhost:${info.port} (${database.kind}${database.kind === 'pglite' ? ` in ${env.dataDir}` : ''}, demo data ${seeded}); brand sites at http://<slug>.localhost:${info.port}, survey at http://${env.surveyHost}:${info.port}`,
  );
});
server.on('error', (error: Error) => fail(`cannot listen on ${env.host}:${env.port}: ${error.message}`));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing in-flight requests`);
  // Stop accepting; idle keep-alive connections close at once. Handlers still running get up to 10 s to
  // answer; then every connection is cut, which also ends long-lived streams (order status events).
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const deadline = Date.now() + 10_000;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  (server as unknown as { closeAllConnections: () => void }).closeAllConnections();
  await closed;
  await stopOutbox();
  await sweeper.stop();
  await database.close();
  console.log('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
