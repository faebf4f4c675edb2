import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of the raw body, hex: the X-Signature header of our payment webhook. */
export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export function verifyBodySignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  // Constant time, so a signature cannot be found byte by byte from response timings.
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
