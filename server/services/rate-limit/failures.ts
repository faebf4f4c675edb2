import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { AppDeps } from '#server/context.ts';
import { LONGEST_WINDOW_SECONDS } from './hit.ts';

/** One counter of failures: its key and how many failures in a window it allows before refusing. */
export type FailureLimit = { key: string; limit: number };

export type FailureAttempt = { keys: string[]; retryAfterSeconds: number | null };

/**
 * Limits that count failures only (a wrong discount code, an e-mail with no account), so that people who succeed
 * never use them up, however many share one address. An attempt is counted on every key before it is tried, in one
 * statement, so parallel guesses cannot slip past the count; the caller takes the count back when the attempt did
 * not fail (`forgetFailure`). `retryAfterSeconds` is set when the failures before this attempt already reach a
 * limit: the caller answers 429 without trying.
 */
export async function countFailureAttempt(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { limits, windowSeconds }: { limits: FailureLimit[]; windowSeconds: number },
): Promise<FailureAttempt> {
  // The sweeper deletes rows older than the longest window; a longer one would be forgotten early.
  if (windowSeconds > LONGEST_WINDOW_SECONDS) throw new Error(`windows longer than ${LONGEST_WINDOW_SECONDS} s`);
  const now = clock();
  const floor = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const at = now.toISOString();
  const keys = limits.map((limit) => limit.key);
  const values = sql.join(
    keys.map((key) => sql`(${key}, 1, ${at})`),
    sql`, `,
  );
  const rows = await queryRows<{ key: string; count: number; window_start: string | Date }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values ${values}
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${floor} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${floor} then ${at}::timestamptz else rate_limits.window_start end
        returning key, count, window_start`,
  );
  const reached = limits.flatMap(({ key, limit }) => {
    const row = rows.find((r) => r.key === key);
    // The failures before this attempt.
    return row && row.count - 1 >= limit ? [new Date(row.window_start).getTime()] : [];
  });
  const retryAfterSeconds =
    reached.length === 0
      ? null
      : Math.max(1, ...reached.map((started) => Math.ceil((started + windowSeconds * 1000 - now.getTime()) / 1000)));
  return { keys, retryAfterSeconds };
}

/** An attempt that did not fail (or was refused untried) was no failure: its count is taken back. */
export async function forgetFailure({ db }: Pick<AppDeps, 'db'>, { keys }: FailureAttempt): Promise<void> {
  if (keys.length === 0) return;
  await queryRows(
    db,
    sql`update rate_limits set count = count - 1
        where key in (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}) and count > 0`,
  );
}
