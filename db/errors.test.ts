import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation, retryingLostRaces } from './errors.ts';

const pgError = (code: string) => Object.assign(new Error(code), { code });
// drizzle wraps the driver's error in its own, as `cause`.
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: pgError(code) });

describe('which database errors mean "not now" (503, the request may be sent again)', () => {
  it.each([
    ['25006', 'read-only: a replica after a failover, default_transaction_read_only'],
    ['53100', 'disk full'],
    ['53200', 'out of memory'],
    ['53300', 'too many connections'],
    ['40P01', 'deadlock'],
    ['40001', 'serialization failure'],
    ['57P01', 'admin shutdown'],
    ['08006', 'connection failure'],
    ['ECONNRESET', 'the socket reset'],
    ['CONNECTION_CLOSED', 'postgres.js lost the connection'],
  ])('%s (%s)', (code) => {
    expect(isDatabaseUnavailable(pgError(code))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(code))).toBe(true);
  });

  it.each([
    ['23505', 'a unique violation'],
    ['23503', 'a foreign key violation'],
    ['42P01', 'an unknown table'],
    ['22P02', 'a malformed value'],
  ])('not %s (%s): a failed statement fails again', (code) => {
    expect(isDatabaseUnavailable(wrapped(code))).toBe(false);
  });
});

describe('a transaction that lost a race runs again', () => {
  it('after a deadlock or a serialization failure, until it succeeds', async () => {
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const result = await retryingLostRaces(async () => {
        runs += 1;
        if (runs < 3) throw wrapped(code);
        return 'done';
      });
      expect([result, runs]).toEqual(['done', 3]);
    }
  });

  it('not more than it is allowed, and never after another error', async () => {
    let runs = 0;
    await expect(
      retryingLostRaces(async () => {
        runs += 1;
        throw wrapped('40P01');
      }, 2),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(2);
    runs = 0;
    await expect(
      retryingLostRaces(async () => {
        runs += 1;
        throw wrapped('23505');
      }),
    ).rejects.toThrow('Failed query');
    expect(runs).toBe(1);
  });
});

describe('which write a constraint refused', () => {
  it('a unique violation, wrapped or not, and by which index either driver names', () => {
    expect(isUniqueViolation(wrapped('23505'))).toBe(true);
    expect(isUniqueViolation(wrapped('23503'))).toBe(false);
    const byPostgresJs = Object.assign(pgError('23505'), { constraint_name: 'orders_basket_key' });
    const byPglite = Object.assign(pgError('23505'), { constraint: 'orders_basket_key' });
    for (const error of [byPostgresJs, byPglite, { cause: byPostgresJs }]) {
      expect(isUniqueViolation(error, 'orders_basket_key')).toBe(true);
      expect(isUniqueViolation(error, 'orders_idempotency_key')).toBe(false);
    }
  });

  it('a foreign key violation, wrapped or not', () => {
    expect(isForeignKeyViolation(wrapped('23503'))).toBe(true);
    expect(isForeignKeyViolation(pgError('23505'))).toBe(false);
  });
});
