import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { AppDeps } from '#server/context.ts';

/**
 * Login limits that stop password guessing without letting strangers lock anyone out (issue 39). The limits before
 * counted every attempt, successful ones too, so a call-centre floor behind one address locked itself out by
 * lunchtime, and ten wrong passwords from anywhere made the owner's right one answer 429 for 15 minutes.
 *
 * Only failed logins count (a wrong password and an unknown e-mail alike, so the limits tell nobody which accounts
 * exist), in fixed windows of 15 minutes:
 * - per address, whatever the account: 10. One machine guessing many accounts stops there.
 * - per account and address: 5. The owner's own typing mistakes.
 * - per account, from every address: 10. Past that the account is under attack, and every address that has itself
 *   failed on it waits for the window: each further guess needs yet another address, one guess each. An address
 *   that has not failed on the account (the owner's own) still logs in with the right password.
 *
 * An attempt is counted before its password is checked, in one statement, so parallel guesses cannot slip past the
 * count; a successful login takes its count back.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
const PER_ADDRESS = 10;
const PER_ACCOUNT_AND_ADDRESS = 5;
const PER_ACCOUNT = 10;

type Keys = { address: string; pair: string; account: string };
const keysOf = (account: string, address: string): Keys => ({
  address: `login-failed:${address}`,
  pair: `login-failed:${account} from ${address}`,
  account: `login-failed:${account}`,
});

export type LoginAttempt = { keys: Keys; retryAfterSeconds: number | null };

/**
 * Counts a login attempt on `account` from `address`. `retryAfterSeconds` is set when the failures before this one
 * already refuse it: the caller answers 429 without checking the password.
 */
export async function countLoginAttempt(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { account, address }: { account: string; address: string },
): Promise<LoginAttempt> {
  const now = clock();
  const keys = keysOf(account, address);
  const floor = new Date(now.getTime() - LOGIN_WINDOW_SECONDS * 1000).toISOString();
  const at = now.toISOString();
  const rows = await queryRows<{ key: string; count: number; window_start: string | Date }>(
    db,
    sql`insert into rate_limits (key, count, window_start)
        values (${keys.address}, 1, ${at}), (${keys.pair}, 1, ${at}), (${keys.account}, 1, ${at})
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${floor} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${floor} then ${at}::timestamptz else rate_limits.window_start end
        returning key, count, window_start`,
  );
  const row = (key: string) => rows.find((r) => r.key === key);
  // The failures before this attempt.
  const before = (key: string) => (row(key)?.count ?? 1) - 1;
  const waitFor = (...keys: string[]) =>
    Math.max(
      1,
      ...keys.map((key) =>
        Math.ceil(
          (new Date(row(key)?.window_start ?? now).getTime() + LOGIN_WINDOW_SECONDS * 1000 - now.getTime()) / 1000,
        ),
      ),
    );
  const retryAfterSeconds =
    before(keys.address) >= PER_ADDRESS
      ? waitFor(keys.address)
      : before(keys.pair) >= PER_ACCOUNT_AND_ADDRESS
        ? waitFor(keys.pair)
        : before(keys.account) >= PER_ACCOUNT && before(keys.pair) > 0
          ? waitFor(keys.account, keys.pair)
          : null;
  return { keys, retryAfterSeconds };
}

/** A login that succeeded was no failure: its count is taken back. */
export async function forgetLoginAttempt({ db }: Pick<AppDeps, 'db'>, { keys }: LoginAttempt): Promise<void> {
  await queryRows(
    db,
    sql`update rate_limits set count = count - 1
        where key in (${keys.address}, ${keys.pair}, ${keys.account}) and count > 0`,
  );
}
