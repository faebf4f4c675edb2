import { isAccountLang, type AccountLang } from '#domain/accounts.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import type { AccountCtx } from './context.ts';
import { accountLinkEmail } from './emails.ts';
import { findUserByEmail } from './find-by-email.ts';
import { issueToken } from './tokens.ts';

/**
 * Queues a one-hour, single-use reset link. An unknown address gets nothing and the same answer, so the form does
 * not reveal who has an account. A not yet activated account gets the link too: following it proves the address.
 */
export async function forgotPassword(ctx: AccountCtx, input: { email: string; lang?: AccountLang }): Promise<void> {
  const user = await findUserByEmail(ctx, input);
  if (!user || user.deletedAt) return;
  const lang = input.lang ?? (isAccountLang(user.lang) ? user.lang : 'pl');
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, { userId: user.id, purpose: 'passwordReset', now: ctx.now });
    await enqueueEmail(
      tx,
      accountLinkEmail(ctx.env, 'passwordReset', { to: user.email, name: user.firstname, lang, token }),
    );
  });
}
