import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/** True when `db` is a transaction already (either driver's transaction is drizzle's PgTransaction). */
export const isTransaction = (db: Db | Tx): db is Tx => db instanceof PgTransaction;

/**
 * Runs `work` in a transaction with the same context, its `db` the transaction: a new one, or the caller's when the
 * context already runs in one, so a service called by another service joins its transaction (one commit, no
 * savepoint) instead of opening its own.
 */
export function withTransaction<C extends { db: Db | Tx }, T>(
  ctx: C,
  work: (ctx: C & { db: Tx }) => Promise<T>,
): Promise<T> {
  if (isTransaction(ctx.db)) return work(ctx as C & { db: Tx });
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx }));
}
