import { eq, sql } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { hashPassword } from '#server/auth/password.ts';
import { assertNewPassword } from '#domain/accounts.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { endOtherSessions } from './end-sessions.ts';
import { consumeToken } from './tokens.ts';

/**
 * Sets a new password from a reset link and ends every other session of the account (whoever knew the old password
 * is logged out). The fields are checked before the token is used, so a typo does not burn the link. The link
 * proves the address, so an account not yet activated is activated too.
 */
export async function resetPassword(
  ctx: ServiceCtx<'db' | 'env'>,
  input: { token: string; password?: string; passwordRepeat?: string; currentSessionId: string | null },
): Promise<{ email: string }> {
  const now = ctx.now();
  assertNewPassword(input);
  const passwordHash = await hashPassword(input.password);
  return withTransaction(ctx, async ({ db: tx }) => {
    const { userId } = await consumeToken(tx, { token: input.token, purpose: 'passwordReset', now });
    const [user] = await tx
      .update(users)
      .set({ passwordHash, activatedAt: sql`coalesce(${users.activatedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!user) throw new Error(`user ${userId} of a reset link does not exist`);
    await endOtherSessions(tx, userId, input.currentSessionId);
    return { email: user.email };
  });
}
