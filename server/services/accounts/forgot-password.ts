import { isAccountLang, type AccountLang } from '#domain/accounts.ts';
import { AppError } from '#server/errors.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { accountLinkEmail } from './emails.ts';
import { findUserByEmail } from './find-by-email.ts';
import { issueToken } from './tokens.ts';

/**
 * Queues a one-hour, single-use reset link. An unknown (or deleted) address answers the spec's UserDoesNotExists, as
 * login does: registration and login reveal the same fact anyway, and a customer who typed the wrong address learns
 * it now instead of waiting for an e-mail that never comes (issue 40). A not yet activated account gets the link too:
 * following it proves the address. `mayMail` is asked only for an account that exists, and a `false` sends nothing
 * with the same answer (the account's hourly e-mail limit).
 */
export async function forgotPassword(
  ctx: ServiceCtx<'db' | 'env'>,
  input: { email: string; lang?: AccountLang },
  mayMail: () => Promise<boolean> = async () => true,
): Promise<void> {
  const now = ctx.now();
  const user = await findUserByEmail(ctx, input);
  if (!user || user.deletedAt) throw new AppError('UserDoesNotExists');
  if (!(await mayMail())) return;
  const lang = input.lang ?? (isAccountLang(user.lang) ? user.lang : 'pl');
  await withTransaction(ctx, async ({ db: tx }) => {
    const token = await issueToken(tx, { userId: user.id, purpose: 'passwordReset', now });
    await enqueueEmail(
      tx,
      accountLinkEmail(ctx.env, 'passwordReset', { to: user.email, name: user.firstname, lang, token }),
    );
  });
}
