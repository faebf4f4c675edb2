import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, queryRows, type Database } from '#db/client.ts';
import { seedDatabase } from '#db/seed/index.ts';
import { loadTenants } from '#tenants/index.ts';
import { reusableScenario } from '../helpers/reusable-scenario.ts';

// What `npm start` does on a fresh clone: PGlite in a data folder, migrated and seeded, and still there after a restart.
let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-pglite-'));
  database = await openDatabase({ dataDir: dir });
});
afterAll(async () => {
  await database.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

describe('PGlite', () => {
  it('applies the migrations and seeds the demo data once', async () => {
    await migrateDatabase(database);
    expect(await seedDatabase(database.db, { demo: true })).toEqual({ reference: 'seeded', demo: 'seeded' });
    expect(await seedDatabase(database.db, { demo: true })).toEqual({ reference: 'skipped', demo: 'skipped' });
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from restaurants`);
    expect(row!.n).toBeGreaterThanOrEqual(10);
  });

  it('keeps the data across a restart, and migrating again is a no-op', async () => {
    await database.close();
    database = await openDatabase({ dataDir: dir });
    await migrateDatabase(database);
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from concepts`);
    expect(row!.n).toBe(7);
  });

  it('loads a changed tenant config at the next start, leaving what the admin set (decision 043)', async () => {
    await database.db.execute(sql`update concepts set show_on_company_portfolio = false where slug = 'pasta-fresca'`);
    const tenants = loadTenants().map((tenant) =>
      tenant.slug === 'pasta-fresca' ? { ...tenant, chef: 'Marco Bianchi' } : tenant,
    );
    await seedDatabase(database.db, { demo: true, tenants });
    const [row] = await queryRows<{ chef: string; portfolio: boolean; active: boolean }>(
      database.db,
      sql`select chef, show_on_company_portfolio as portfolio, active from concepts where slug = 'pasta-fresca'`,
    );
    expect(row).toEqual({ chef: 'Marco Bianchi', portfolio: false, active: true });
  });

  it('runs a drizzle query built once (db/reusable.ts) as it runs one built anew', async () => {
    await reusableScenario(database.db);
  });
});
