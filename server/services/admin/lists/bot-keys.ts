import { count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { botKeys, users } from '#db/schema/index.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { botKeyView } from '../bot-keys/view.ts';
import { offsetOf, orderOf, pageSizeOf, str } from './sql.ts';

/** The bot channel's keys (decision 022) with their last use and who made them: never the key, never its hash. */
export async function listBotKeys({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const status = str(query.filters['status']);
  const where =
    status === 'active' ? isNull(botKeys.revokedAt) : status === 'revoked' ? isNotNull(botKeys.revokedAt) : undefined;
  const sorts = { createdAt: botKeys.createdAt, lastUsedAt: botKeys.lastUsedAt, name: botKeys.name };
  const [rows, [total]] = await Promise.all([
    db
      .select({ key: botKeys, createdBy: users.email })
      .from(botKeys)
      .leftJoin(users, eq(users.id, botKeys.createdByUserId))
      .where(where)
      .orderBy(...orderOf(query.sort, sorts, botKeys.id))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    db.select({ count: count() }).from(botKeys).where(where),
  ]);
  return {
    rows: rows.map((r) => {
      const view = botKeyView(r.key, r.createdBy);
      return { ...view, status: view.revokedAt ? 'revoked' : 'active' };
    }),
    count: total?.count ?? 0,
  };
}
