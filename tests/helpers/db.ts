import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import postgres from 'postgres';
import { migrateDatabase, openDatabase, type Database } from '#db/client.ts';
import { cloneDatabase, databaseUrl, dropDatabase } from '../setup/postgres.ts';

export type TestDatabase = Database & { url: string; name: string; drop: () => Promise<void> };

/*
 * Copying the template takes about half a second and dropping a copy almost a second, most of it PostgreSQL
 * writing and syncing files while the test process waits: some 350 copies a run made that a third of the API
 * tests' time. So the next test's copy is made while this test runs, and a used copy is dropped while the next one
 * runs; the file's last hook waits for the drops and drops the copy nobody took.
 */
let nextCopy: Promise<string> | undefined;
const drops = new Set<Promise<void>>();

function copyTemplate(): Promise<string> {
  const name = `mp_test_${randomBytes(6).toString('hex')}`;
  const copy = cloneDatabase(inject('pgAdminUrl'), inject('pgTemplate'), name);
  // Whoever takes the copy sees its error; one nobody takes must not fail the run unseen.
  copy.catch(() => {});
  return copy;
}

function dropLater(name: string): void {
  const drop = dropDatabase(inject('pgAdminUrl'), name).finally(() => drops.delete(drop));
  drops.add(drop);
}

afterAll(async () => {
  const spare = nextCopy;
  nextCopy = undefined;
  if (spare)
    await spare.then(
      (url) => dropLater(new URL(url).pathname.slice(1)),
      () => {},
    );
  await Promise.all(drops);
});

/** A private copy of the seeded template database on real PostgreSQL. */
export async function createTestDatabase(options: { max?: number } = {}): Promise<TestDatabase> {
  const taken = nextCopy ?? copyTemplate();
  nextCopy = copyTemplate();
  const url = await taken;
  const name = new URL(url).pathname.slice(1);
  const database = await openDatabase({ url, max: options.max ?? 10 });
  return {
    ...database,
    url,
    name,
    drop: async () => {
      await database.close();
      dropLater(name);
    },
  };
}

/** A migrated database with nothing seeded: what a production installation starts from. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `mp_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url, max: 5 });
  await migrateDatabase(database);
  return {
    ...database,
    url,
    name,
    drop: async () => {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}
