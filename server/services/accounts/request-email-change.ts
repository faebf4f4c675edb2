import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { isAccountLang, type AccountLang } from '#domain/accounts.ts';
import { schemas } from '#domain/forms.ts';
import { AppError } from '#server/errors.ts';
import { type } from 'arktype';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { checkCurrentPassword } from './check-password.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { accountLinkEmail } from './emails.ts';
import { findUserByEmail } from './find-by-email.ts';
import { issueToken } from './tokens.ts';

/**
 * Sends a confirmation link to the new address; the account keeps its address until the link is followed, so a
 * typo never locks anyone out. Needs the current password; a taken address answers notUniqueEmail.
 */
export async function requestEmailChange(
  ctx: ServiceCtx<'db' | 'env'>,
  input: { userId: string; newEmail: string; password?: string; lang?: AccountLang },
): Promise<void> {
  const now = ctx.now();
  const newEmail = input.newEmail.trim();
  if (!newEmail) throw new AppError('validation', { newEmail: 'notEmpty' });
  if (schemas.isValidEmail(newEmail) instanceof type.errors) {
    throw new AppError('validation', { newEmail: 'isValidEmail' });
  }
  await checkCurrentPassword(ctx, { userId: input.userId, password: input.password, field: 'password' });
  const owner = await findUserByEmail(ctx, { email: newEmail });
  if (owner) throw new AppError('notUniqueEmail');
  const [user] = await ctx.db
    .select({ firstname: users.firstname, lang: users.lang })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw new Error(`user ${input.userId} does not exist`);
  const lang = input.lang ?? (isAccountLang(user.lang) ? user.lang : 'pl');
  await withTransaction(ctx, async ({ db: tx }) => {
    const token = await issueToken(tx, { userId: input.userId, purpose: 'emailChange', now, newEmail });
    await enqueueEmail(
      tx,
      accountLinkEmail(ctx.env, 'emailChange', { to: newEmail, name: user.firstname, lang, token }),
    );
  });
}
