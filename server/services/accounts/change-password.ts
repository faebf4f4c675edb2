import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { hashPassword } from '#server/auth/password.ts';
import { assertNewPassword } from '#domain/accounts.ts';
import { checkCurrentPassword } from './check-password.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { endOtherSessions } from './end-sessions.ts';

/** A new password, given the current one; every other session ends, this browser's stays logged in. */
export async function changePassword(
  ctx: ServiceCtx<'db' | 'env'>,
  input: {
    userId: string;
    sessionId: string | null;
    currentPassword?: string;
    password?: string;
    passwordRepeat?: string;
  },
): Promise<void> {
  assertNewPassword(input);
  await checkCurrentPassword(ctx, {
    userId: input.userId,
    password: input.currentPassword,
    field: 'currentPassword',
  });
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async ({ db: tx }) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, input.userId));
    await endOtherSessions(tx, input.userId, input.sessionId);
  });
}
