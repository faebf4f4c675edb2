import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { AppDeps } from '#server/context.ts';

/** No limit may use a longer window: the sweep deletes rows whose window started longer ago than this. */
export const LONGEST_WINDOW_SECONDS = 60 * 60;

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one attempt for `key` in a fixed window kept in PostgreSQL, so every server process shares it.
 * One upsert: concurrent attempts are each counted once.
 */
export async function hitRateLimit(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { key, limit, windowSeconds }: { key: string; limit: number; windowSeconds: number },
): Promise<RateLimitResult> {
  const now = clock();
  const windowStartFloor = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const at = now.toISOString();
  const [row] = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values (${key}, 1, ${at})
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${windowStartFloor} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${windowStartFloor} then ${at}::timestamptz else rate_limits.window_start end
        returning count, window_start`,
  );
  if (!row) throw new Error('the rate-limit upsert returned no row');
  const count = row.count;
  const started = new Date(row.window_start).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((started + windowSeconds * 1000 - now.getTime()) / 1000));
  return { allowed: count <= limit, count, retryAfterSeconds };
}
