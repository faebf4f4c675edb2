import { eq, sql } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { actorUserId } from '../../actor.ts';
import { auditLog, botKeys, users } from '#db/schema/index.ts';
import { notFound } from '#server/errors.ts';
import { botKeyView, type BotKeyView } from './view.ts';

/**
 * Revokes a key: from now on the bot calling with it is refused (401). Revoking a revoked key keeps its first
 * revocation time. Recorded in the audit log with the admin who did it.
 */
export async function revokeBotKey(ctx: ServiceCtx<'db'>, id: number): Promise<BotKeyView> {
  const now = ctx.now();
  const userId = actorUserId(ctx.actor);
  if (userId === null) throw new Error('only a signed-in admin revokes a bot key');
  return withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(botKeys)
      .set({ revokedAt: sql`coalesce(${botKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(botKeys.id, id))
      .returning();
    if (!row) throw notFound();
    await tx.insert(auditLog).values({
      at: now,
      actorUserId: userId,
      action: 'botKey.revoked',
      entity: 'botKey',
      entityId: String(id),
      data: { name: row.name },
    });
    const [creator] = row.createdByUserId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, row.createdByUserId))
      : [];
    return botKeyView(row, creator?.email ?? null);
  });
}
