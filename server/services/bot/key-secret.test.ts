import { describe, expect, it } from 'vitest';
import { BOT_KEY_PREFIX, generateBotKey, hashBotKey } from './key-secret.ts';

describe('bot keys', () => {
  it('are 256 random bits behind a recognisable prefix, kept as a SHA-256 that does not contain them', () => {
    const made = Array.from({ length: 50 }, generateBotKey);
    expect(new Set(made.map((k) => k.key)).size).toBe(50);
    for (const { key, hash, prefix } of made) {
      expect(key).toMatch(/^mkb_[A-Za-z0-9_-]{43}$/);
      expect(key.startsWith(BOT_KEY_PREFIX)).toBe(true);
      expect(prefix).toBe(key.slice(0, 10));
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hashBotKey(key)).toBe(hash);
      expect(hash).not.toContain(key.slice(BOT_KEY_PREFIX.length, 20));
    }
    expect(hashBotKey(`${made[0]!.key}x`)).not.toBe(made[0]!.hash);
  });
});
