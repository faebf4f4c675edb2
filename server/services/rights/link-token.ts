import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { isLocale, type Locale } from '#domain/locales.ts';

/**
 * The links of a person's data rights (decision 052): a guest's data request (`data`, expiring) and the one-click
 * marketing withdrawal of every e-mail to a person with a marketing consent (`unsubscribe`). Stateless and sealed
 * with AES-256-GCM under a key derived from ORDER_TOKEN_SECRET (the secret of the links guests follow): GCM's tag
 * signs the payload, so a link cannot be forged or altered, and the encryption keeps the e-mail address it names out
 * of sight of whoever sees the URL (a proxy's log, the browser's history). The purpose is the additional data, so a
 * link of one kind never opens the other.
 */
export type LinkPurpose = 'data' | 'unsubscribe';
export type LinkClaims = { email: string; lang: Locale; expiresAt: Date | null };

/** A data request's link lives a day: it downloads personal data, and a stateless link cannot be used up. */
export const DATA_LINK_SECONDS = 24 * 60 * 60;

const keys = new Map<string, Buffer>();
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('data-rights-link/v1').digest();
    keys.set(secret, key);
  }
  return key;
}

export function sealLink(secret: string, purpose: LinkPurpose, claims: LinkClaims): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(purpose));
  const payload = JSON.stringify({
    e: claims.email.trim().toLowerCase(),
    l: claims.lang,
    x: claims.expiresAt ? Math.floor(claims.expiresAt.getTime() / 1000) : 0,
  });
  const sealed = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The link's claims, or null when it was not made with this secret and purpose, was altered, or has expired. */
export function openLink(secret: string, purpose: LinkPurpose, token: string, now: Date): LinkClaims | null {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length < 29 || bytes.length > 1024) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const payload = JSON.parse(text) as { e?: unknown; l?: unknown; x?: unknown };
    if (typeof payload.e !== 'string' || !isLocale(payload.l) || typeof payload.x !== 'number') return null;
    const expiresAt = payload.x > 0 ? new Date(payload.x * 1000) : null;
    if (expiresAt && expiresAt.getTime() <= now.getTime()) return null;
    return { email: payload.e, lang: payload.l, expiresAt };
  } catch {
    return null;
  }
}
