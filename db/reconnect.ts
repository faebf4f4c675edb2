import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';

const lastRecycled = new WeakMap<Db, number>();

/**
 * Ends this application's connections to the database so the pool opens new ones. After a read-only error: a
 * connection keeps what it found when it opened (the server it reached before a failover moved the address, the
 * database's default_transaction_read_only of then), so without this the pool kept failing for as long as its
 * connections lived (30–60 min) after the database was writable again. New connections find the database as it is
 * now. At most once every `everyMs` per pool: the requests in flight on those connections answer 503 and are sent
 * again. PostgreSQL only (PGlite has one connection, in the process).
 */
export async function recycleConnections(db: Db, now = Date.now(), everyMs = 2000): Promise<boolean> {
  if (now - (lastRecycled.get(db) ?? 0) < everyMs) return false;
  lastRecycled.set(db, now);
  // A role may end its own backends: ours, of this database, the one asking last (it may be the pool's only one).
  await db
    .execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and usename = current_user
            and application_name = current_setting('application_name')
          order by pid = pg_backend_pid()`,
    )
    .catch((error: unknown) => {
      // Ending the backend that runs the statement ends the statement too.
      if (!isDatabaseUnavailable(error)) throw error;
    });
  return true;
}
