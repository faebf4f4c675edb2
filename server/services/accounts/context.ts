import type { Db } from '#db/client.ts';
import type { Env } from '#server/context.ts';

/** What an account service needs: the database, the configuration (links' base URL) and the request's moment. */
export type AccountCtx = { db: Db; env: Env; now: Date };

/** PostgreSQL's unique_violation, whichever driver reports it (postgres-js or PGlite, perhaps wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
