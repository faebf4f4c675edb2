import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { isAccountLang } from '#domain/accounts.ts';
import { AppError } from '#server/errors.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { isUniqueViolation } from '#db/errors.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { emailChangedNotice } from './emails.ts';
import { consumeToken } from './tokens.ts';

/**
 * Follows the link sent to a new address: it becomes the account's login, and the old address is told. Works from
 * any browser (the link is the proof). notUniqueEmail when someone registered the address in the meantime.
 */
export async function confirmEmailChange(
  ctx: ServiceCtx<'db' | 'env'>,
  input: { token: string },
): Promise<{ email: string }> {
  const now = ctx.now();
  try {
    return await withTransaction(ctx, async ({ db: tx }) => {
      const { userId, newEmail } = await consumeToken(tx, { token: input.token, purpose: 'emailChange', now });
      // requestEmailChange issues every e-mail change token with its new address.
      if (newEmail === null) throw new Error(`e-mail change token of user ${userId} has no new address`);
      const [before] = await tx
        .select({ email: users.email, lang: users.lang })
        .from(users)
        .where(eq(users.id, userId));
      if (!before) throw new Error(`user ${userId} of an e-mail change link does not exist`);
      await tx.update(users).set({ email: newEmail }).where(eq(users.id, userId));
      await enqueueEmail(
        tx,
        emailChangedNotice(before.email, newEmail, isAccountLang(before.lang) ? before.lang : 'pl'),
      );
      return { email: newEmail };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('notUniqueEmail');
    throw error;
  }
}
