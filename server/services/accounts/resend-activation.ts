import { isAccountLang, type AccountLang } from '#domain/accounts.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { accountLinkEmail } from './emails.ts';
import { findUserByEmail } from './find-by-email.ts';
import { issueToken } from './tokens.ts';

/**
 * Sends a fresh activation link to an account that is not yet active (the previous link stops working). An unknown
 * or already active address gets no e-mail, and the caller cannot tell: the answer is the same.
 */
export async function resendActivation(
  ctx: ServiceCtx<'db' | 'env'>,
  input: { email: string; lang?: AccountLang },
): Promise<void> {
  const now = ctx.now();
  const user = await findUserByEmail(ctx, input);
  if (!user || user.activatedAt || user.deletedAt) return;
  const lang = input.lang ?? (isAccountLang(user.lang) ? user.lang : 'pl');
  await withTransaction(ctx, async ({ db: tx }) => {
    const token = await issueToken(tx, { userId: user.id, purpose: 'activation', now });
    await enqueueEmail(
      tx,
      accountLinkEmail(ctx.env, 'activation', { to: user.email, name: user.firstname, lang, token }),
    );
  });
}
