import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import postgres from 'postgres';
import { migrateDatabase, openDatabase, type Database } from '#db/client.ts';
import { cloneDatabase, databaseUrl, dropDatabase } from '../setup/postgres.ts';

export type TestDatabase = Database & { url: string; name: string; drop: () => Promise<void> };

/** A private copy of the seeded template database on real PostgreSQL. */
export async function createTestDatabase(options: { max?: number } = {}): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `mp_test_${randomBytes(6).toString('hex')}`;
  const url = await cloneDatabase(adminUrl, inject('pgTemplate'), name);
  const database = await openDatabase({ url, max: options.max ?? 10 });
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
