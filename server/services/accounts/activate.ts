import { and, eq, isNull } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { consumeToken } from './tokens.ts';

/** Follows an activation link: the account can log in from now on. invalidToken for a used or expired link. */
export async function activate(ctx: ServiceCtx<'db' | 'env'>, input: { token: string }): Promise<{ email: string }> {
  const now = ctx.now();
  return withTransaction(ctx, async ({ db: tx }) => {
    const { userId } = await consumeToken(tx, { token: input.token, purpose: 'activation', now });
    await tx
      .update(users)
      .set({ activatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.activatedAt)));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new Error(`user ${userId} of an activation link does not exist`);
    return { email: user.email };
  });
}
