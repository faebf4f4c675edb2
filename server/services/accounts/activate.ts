import { and, eq, isNull } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import type { AccountCtx } from './context.ts';
import { consumeToken } from './tokens.ts';

/** Follows an activation link: the account can log in from now on. invalidToken for a used or expired link. */
export async function activate(ctx: AccountCtx, input: { token: string }): Promise<{ email: string }> {
  return ctx.db.transaction(async (tx) => {
    const { userId } = await consumeToken(tx, { token: input.token, purpose: 'activation', now: ctx.now });
    await tx
      .update(users)
      .set({ activatedAt: ctx.now })
      .where(and(eq(users.id, userId), isNull(users.activatedAt)));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new Error(`user ${userId} of an activation link does not exist`);
    return { email: user.email };
  });
}
