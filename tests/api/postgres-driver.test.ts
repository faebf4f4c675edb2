import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();

// patches/postgres+3.4.9.patch (porsager/postgres#823, #1189, #1218): sql.begin() reserves its connection in a hook
// that ran only while the connection could take more queries; a BEGIN that filled the connection's pipeline left it
// unreserved, other queries then ran inside that transaction and the driver threw UNSAFE_TRANSACTION. Under load
// (tests/api/payment-lock-order.test.ts) it happened now and then; with no pipelining (max_pipeline 0) every time.
/** The driver's pipeline length (an option its types leave out). */
const pipeline = (length: number) => ({ max_pipeline: length }) as unknown as Record<string, never>;

describe('the PostgreSQL driver, as patched', () => {
  it('reserves a transaction’s connection even when its BEGIN fills the pipeline', async () => {
    for (const maxPipeline of [0, 1]) {
      const sql = postgres(ctx.database.url, { max: 2, onnotice: () => {}, ...pipeline(maxPipeline) });
      try {
        const [outer, inner] = await Promise.all([
          sql.begin(async (tx) => {
            await tx`select pg_sleep(0.05)`;
            return (await tx`select 1 as n`)[0];
          }),
          sql.begin(async (tx) => (await tx`select 2 as n`)[0]),
        ]);
        expect([outer?.n, inner?.n], `max_pipeline ${maxPipeline}`).toEqual([1, 2]);
      } finally {
        await sql.end({ timeout: 1 });
      }
    }
  });
});
