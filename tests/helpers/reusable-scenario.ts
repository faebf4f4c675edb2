import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '#db/client.ts';
import { placeholderFor, reusable } from '#db/reusable.ts';
import { auditLog, users } from '#db/schema/index.ts';

/**
 * What db/reusable.ts promises, on whichever driver `db` is: the same rows as the query built anew (a left join's
 * missing side as null, timestamps as Dates, jsonb parsed), placeholders encoded by their columns, and each call
 * run on the handle it is given: inside a transaction, its writes go with the transaction.
 */
export async function reusableScenario(db: Db): Promise<void> {
  const entity = `reusable-${crypto.randomUUID()}`;
  const insert = reusable((d) =>
    d
      .insert(auditLog)
      .values({
        at: sql.placeholder('at'),
        action: sql.placeholder('action'),
        entity,
        entityId: sql.placeholder('entityId'),
        data: sql.placeholder('data'),
      })
      .returning(),
  );
  const built = (d: Db | Parameters<Parameters<Db['transaction']>[0]>[0]) =>
    d
      .select({ log: auditLog, user: users })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(eq(auditLog.entity, entity))
      .orderBy(asc(auditLog.id));
  const read = reusable((d) =>
    d
      .select({ log: auditLog, user: users })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(eq(auditLog.entity, sql.placeholder('entity')))
      .orderBy(asc(auditLog.id)),
  );
  const rename = reusable((d) =>
    d
      .update(auditLog)
      .set({ action: placeholderFor<string>('action'), at: placeholderFor<Date>('at') })
      .where(eq(auditLog.entityId, sql.placeholder('entityId'))),
  );

  // First used inside a transaction that rolls back: what it wrote there is seen there, and gone after.
  await expect(
    db.transaction(async (tx) => {
      await insert(tx, { at: new Date('2026-01-02T03:04:05.678Z'), action: 'a', entityId: 'x', data: { n: 1 } });
      expect(await read(tx, { entity })).toHaveLength(1);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await read(db, { entity })).toEqual([]);

  const at = new Date('2026-05-06T07:08:09.123Z');
  const [written] = await insert(db, { at, action: 'first', entityId: 'one', data: { list: [1, 'two'], ok: true } });
  expect(written).toMatchObject({ at, action: 'first', entity, entityId: 'one', data: { list: [1, 'two'], ok: true } });
  await insert(db, { at, action: 'second', entityId: 'two', data: null });

  const rows = await read(db, { entity });
  expect(rows).toEqual(await built(db));
  expect(rows.map((r) => [r.log.action, r.log.at, r.user])).toEqual([
    ['first', at, null],
    ['second', at, null],
  ]);

  const later = new Date('2026-07-08T09:10:11.000Z');
  await rename(db, { action: 'renamed', at: later, entityId: 'two' });
  expect((await read(db, { entity })).map((r) => [r.log.action, r.log.at])).toEqual([
    ['first', at],
    ['renamed', later],
  ]);
  // A value missing for a placeholder is an error, never a NULL written in its place.
  await expect(rename(db, { action: 'x', entityId: 'two' })).rejects.toThrow('No value for placeholder "at"');
}
