import { eq } from 'drizzle-orm';
import { emailOutbox } from '#db/schema/index.ts';
import { notFound } from '#server/errors.ts';
import { hideLinkTokens, SINGLE_USE_LINK_TEMPLATES } from '../../accounts/emails.ts';
import type { ServiceCtx } from '#server/context.ts';

export type OutboxEmail = typeof emailOutbox.$inferSelect;

/**
 * One e-mail of the outbox, sent or waiting, as it was written (text and HTML), but for the tokens of single-use
 * account links: an admin reading a waiting reset e-mail could otherwise set the account's password.
 */
export async function readOutboxEmail(ctx: ServiceCtx<'db'>, id: number): Promise<OutboxEmail> {
  const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw notFound();
  if (!SINGLE_USE_LINK_TEMPLATES.includes(row.template)) return row;
  return { ...row, text: hideLinkTokens(row.text), html: row.html === null ? null : hideLinkTokens(row.html) };
}
