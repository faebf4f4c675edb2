/**
 * True when `error` (or an error it wraps, as drizzle's DrizzleQueryError does) says the database could not be
 * reached or ended the connection: a restart, a terminated backend, a refused or reset connection. The request
 * may succeed when tried again, unlike a failed statement; the API answers 503 (decision 013).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (LOST.has(code) || /^(08|57P)/.test(code))) return true;
    depth += 1;
  }
  return false;
}

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
