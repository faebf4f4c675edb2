import { createHash, randomBytes } from 'node:crypto';

/** What every bot key starts with, so that a key pasted into the wrong place (a log, a chat) is recognisable. */
export const BOT_KEY_PREFIX = 'mkb_';

/** How many characters of a key are kept in the clear, to tell keys apart in the admin list. */
const SHOWN_CHARACTERS = BOT_KEY_PREFIX.length + 6;

/** A new key: 32 random bytes (256 bits), base64url. */
export function generateBotKey(): { key: string; hash: string; prefix: string } {
  const key = `${BOT_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashBotKey(key), prefix: key.slice(0, SHOWN_CHARACTERS) };
}

/**
 * SHA-256 of the key, as stored. A fast hash is enough: the key is 256 random bits, not a password a person chose,
 * so no dictionary helps, and a slow hash would cost every bot call its CPU.
 */
export const hashBotKey = (key: string): string => createHash('sha256').update(key).digest('hex');
