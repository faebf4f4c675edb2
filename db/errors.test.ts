import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors.ts';

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
