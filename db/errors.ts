/**
 * True when `error` (or an error it wraps, as drizzle's DrizzleQueryError does) says the database cannot do it now,
 * and the same request may succeed when sent again, unlike a failed statement; the API answers 503 with Retry-After
 * (decision 013):
 * - it could not be reached or ended the connection: a restart, a terminated backend, a refused or reset connection;
 * - it refuses writes: a replica after a failover, `default_transaction_read_only`, a disk-protection switch (25006);
 * - it lacks resources: the disk is full, memory, too many connections (class 53);
 * - the transaction lost a race it may win next time: a deadlock (40P01), a serialization failure (40001).
 */
export const isDatabaseUnavailable = (error: unknown): boolean =>
  codesOf(error).some((code) => LOST.has(code) || NOT_NOW.has(code) || /^(08|57P|53)/.test(code));

/** The codes of `error` and of the errors it wraps (drizzle's DrizzleQueryError wraps the driver's as `cause`). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    depth += 1;
  }
  return codes;
}

const NOT_NOW = new Set(['25006', '40P01', '40001']);

// postgres-js's own codes for a connection it lost or could not open, and the system's for the socket. SQLSTATE
// class 08 is "connection exception", 57P01–57P05 the server shutting down or terminating the backend.
const LOST = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

/** True when the transaction lost a race with another (a deadlock, a serialization failure): run again, it may win. */
export const isLostRace = (error: unknown): boolean =>
  codesOf(error).some((code) => code === '40P01' || code === '40001');

/**
 * Runs `transaction` again when it lost a race (isLostRace), up to `attempts` times in all, after a short random
 * pause. Only for work that does nothing outside the database: a retried payment start would call the provider
 * twice. PostgreSQL rolled the lost attempt back whole, so running it again is safe.
 */
export async function retryingLostRaces<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isLostRace(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/** True when the database refused a write because it is read-only (a replica, default_transaction_read_only). */
export const isReadOnly = (error: unknown): boolean => codesOf(error).includes('25006');

/**
 * True when a unique index refused the write (unique_violation, 23505); with `constraint`, only when that index did
 * (postgres-js names it `constraint_name`, PGlite `constraint`).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause) {
    const { code, constraint_name: name, constraint: named } = e as Record<string, unknown>;
    if (code === '23505' && (constraint === undefined || (name ?? named) === constraint)) return true;
    depth += 1;
  }
  return false;
}

/** True when a foreign key refused the write (23503): a row still referenced, or a reference to no row. */
export const isForeignKeyViolation = (error: unknown): boolean => codesOf(error).includes('23503');

/**
 * True when a statement divided by zero (22012): the predicted basket writes' guard does on purpose when what the
 * database holds is not what the prediction read (services/basket/write.ts).
 */
export const isDivisionByZero = (error: unknown): boolean => codesOf(error).includes('22012');
