import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Every Przelewy24 `sign` is SHA-384 of a JSON object with the CRC key, its fields in the documented order;
 * JSON.stringify escapes neither slashes nor non-ASCII, which is what the documentation's
 * JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE asks for.
 */
export const p24Sign = (fields: Record<string, string | number>): string =>
  createHash('sha384').update(JSON.stringify(fields)).digest('hex');

/** Whether `given` is the hex `sign` expected, compared in constant time. */
export function sameSign(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{96}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}
