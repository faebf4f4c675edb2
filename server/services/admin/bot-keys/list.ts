import { and, asc, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { botKeys, users } from '#db/schema/index.ts';
import { botKeyView, type BotKeyView } from './view.ts';
import type { AppDeps } from '#server/context.ts';

const BOT_KEYS_PAGE_SIZE = 20;
export const BOT_KEY_SORTS = ['createdAt', 'lastUsedAt', 'name'] as const;
export type BotKeyListQuery = {
  page: number;
  status?: 'active' | 'revoked' | undefined;
  sort?: (typeof BOT_KEY_SORTS)[number] | undefined;
  order?: 'asc' | 'desc' | undefined;
};

const sortColumns = { createdAt: botKeys.createdAt, lastUsedAt: botKeys.lastUsedAt, name: botKeys.name };

/** One page of bot keys (newest first unless sorted otherwise) and how many match the filter. */
export async function listBotKeys(
  { db }: Pick<AppDeps, 'db'>,
  query: BotKeyListQuery,
): Promise<{ rows: BotKeyView[]; count: number }> {
  const filters: SQL[] = [];
  if (query.status === 'active') filters.push(isNull(botKeys.revokedAt));
  if (query.status === 'revoked') filters.push(isNotNull(botKeys.revokedAt));
  const where = filters.length ? and(...filters) : undefined;
  const column = sortColumns[query.sort ?? 'createdAt'];
  const direction = (query.order ?? 'desc') === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ key: botKeys, createdBy: users.email })
      .from(botKeys)
      .leftJoin(users, eq(users.id, botKeys.createdByUserId))
      .where(where)
      // The id breaks ties, so that a page never repeats or skips a key.
      .orderBy(direction(column), direction(botKeys.id))
      .limit(BOT_KEYS_PAGE_SIZE)
      .offset((query.page - 1) * BOT_KEYS_PAGE_SIZE),
    db.select({ count: count() }).from(botKeys).where(where),
  ]);
  return { rows: rows.map((r) => botKeyView(r.key, r.createdBy)), count: total?.count ?? 0 };
}
