import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The bot channel's API keys (decision 022). Only the key's SHA-256 is kept: the plain key is shown once, when it is
 * made, and a leaked table yields no key. `prefix` is the key's first characters, so an admin can tell keys apart.
 */
export const botKeys = pgTable(
  'bot_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Written at most once a minute per key (see server/services/bot/authenticate.ts): a bot's every call is no write.
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bot_keys_key_hash_key').on(t.keyHash),
    index('bot_keys_created_at_idx').on(t.createdAt),
    check('bot_keys_name_check', sql`length(${t.name}) between 1 and 100`),
  ],
);
