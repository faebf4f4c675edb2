// db/transaction.ts on PostgreSQL, in this file's own database copy.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { isTransaction, withTransaction } from '#db/transaction.ts';
import { useTestApp } from '../helpers/app.ts';

const app = useTestApp();

const notes = async () =>
  (await queryRows<{ text: string }>(app.database.db, sql`select text from notes order by text`)).map((r) => r.text);

describe('withTransaction', () => {
  it('opens a transaction, and a service it calls joins it: one commit, or nothing when anything throws', async () => {
    await app.database.db.execute(sql`create table notes (text text not null)`);
    const ctx = { db: app.database.db, actor: 'someone' };
    await withTransaction(ctx, async (outer) => {
      expect(isTransaction(outer.db)).toBe(true);
      expect(outer.actor).toBe('someone');
      await outer.db.execute(sql`insert into notes values ('outer')`);
      await withTransaction(outer, async (inner) => {
        expect(inner.db).toBe(outer.db);
        await inner.db.execute(sql`insert into notes values ('inner')`);
      });
    });
    expect(await notes()).toEqual(['inner', 'outer']);

    await expect(
      withTransaction(ctx, async (outer) => {
        await outer.db.execute(sql`insert into notes values ('lost')`);
        await withTransaction(outer, () => Promise.reject(new Error('refused')));
      }),
    ).rejects.toThrow('refused');
    expect(await notes()).toEqual(['inner', 'outer']);
  });
});
