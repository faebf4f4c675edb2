// db/reusable.ts on PostgreSQL (tests/pglite/smoke.test.ts runs the same scenario on PGlite).
import { describe, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { reusableScenario } from '../helpers/reusable-scenario.ts';

const ctx = useTestApp();

describe('a drizzle query built once', () => {
  it('answers what the query built anew does, on the database or a transaction', async () => {
    await reusableScenario(ctx.database.db);
  });
});
