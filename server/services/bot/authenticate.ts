import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { AppDeps, BotKeyRef } from '#server/context.ts';
import { hashBotKey } from './key-secret.ts';

/** last_used_at is written when it is older than this, so a busy bot costs one write a minute, not one a call. */
const LAST_USED_PRECISION_SECONDS = 60;

/**
 * The live (not revoked) key whose hash matches, or null. One statement: the lookup by the unique hash, and the
 * last-use stamp only when the one stored is stale.
 */
export async function authenticateBotKey(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { key }: { key: string },
): Promise<BotKeyRef | null> {
  if (key.length === 0 || key.length > 200) return null;
  const now = clock();
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_SECONDS * 1000).toISOString();
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`with found as (
          select id, name from bot_keys where key_hash = ${hashBotKey(key)} and revoked_at is null
        ), touched as (
          update bot_keys set last_used_at = ${at}::timestamptz
          where id = (select id from found) and (last_used_at is null or last_used_at < ${staleBefore}::timestamptz)
        )
        select id, name from found`,
  );
  return row ? { id: Number(row.id), name: row.name } : null;
}
