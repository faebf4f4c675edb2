import { eq } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { actorUserId } from '../../actor.ts';
import { auditLog, botKeys, users } from '#db/schema/index.ts';
import { validationError } from '#server/errors.ts';
import { generateBotKey } from '../../bot/key-secret.ts';
import { botKeyView, type BotKeyView } from './view.ts';

export const BOT_KEY_NAME_MAX = 100;

/**
 * Makes a bot key for `name` (who it is for: "Messenger bot", say). The plain key is in this answer only: the
 * database keeps its hash, so nobody can show it again.
 */
export async function createBotKey(
  ctx: ServiceCtx<'db'>,
  input: { name: string },
): Promise<{ key: string; botKey: BotKeyView }> {
  const name = input.name.trim();
  if (name.length === 0) throw validationError({ name: 'notEmpty' });
  if (name.length > BOT_KEY_NAME_MAX) throw validationError({ name: 'tooLong' });
  const { key, hash, prefix } = generateBotKey();
  const now = ctx.now();
  const userId = actorUserId(ctx.actor);
  if (userId === null) throw new Error('only a signed-in admin creates a bot key');
  const row = await withTransaction(ctx, async ({ db: tx }) => {
    const [created] = await tx
      .insert(botKeys)
      .values({ name, keyHash: hash, prefix, createdByUserId: userId, createdAt: now })
      .returning();
    if (!created) throw new Error('the bot key insert returned no row');
    await tx.insert(auditLog).values({
      at: now,
      actorUserId: userId,
      action: 'botKey.created',
      entity: 'botKey',
      entityId: String(created.id),
      data: { name, prefix },
    });
    return created;
  });
  const [creator] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return { key, botKey: botKeyView(row, creator?.email ?? null) };
}
