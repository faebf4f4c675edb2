import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '#db/client.ts';
import { cloneDatabase, dropDatabase } from '../setup/postgres.ts';

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
