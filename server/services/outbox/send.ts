import { hideLinkTokens, SINGLE_USE_LINK_TEMPLATES } from '../accounts/emails.ts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { emailOutbox } from '#db/schema/index.ts';

/** What we need of a nodemailer transport (nodemailer's own Transporter satisfies it). */
export type MailTransport = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
};

export const MAX_ATTEMPTS = 5;

/**
 * Sends a batch of pending e-mails. Rows are taken FOR UPDATE SKIP LOCKED, so several processes
 * (or a slow SMTP server and the next tick) never send one message twice. A failure is recorded
 * with its error and retried on later runs; after MAX_ATTEMPTS the row is marked failed for admins.
 */
export async function sendPendingEmails(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  input: { transport: MailTransport; from?: string; batch?: number },
): Promise<{ sent: number; failed: number }> {
  const { transport } = input;
  const from = input.from ?? 'zamowienia@example.com';
  const at = now();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'pending'))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
      .limit(input.batch ?? 20)
      .for('update', { skipLocked: true });
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      const attempts = row.attempts + 1;
      try {
        await transport.sendMail({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
        });
        // Sent: the single-use links are the owner's now, and the stored copy keeps none that still works.
        const sealed = SINGLE_USE_LINK_TEMPLATES.includes(row.template)
          ? { text: hideLinkTokens(row.text), html: row.html === null ? null : hideLinkTokens(row.html) }
          : {};
        await tx
          .update(emailOutbox)
          .set({ status: 'sent', attempts, sentAt: at, lastError: null, ...sealed })
          .where(and(eq(emailOutbox.id, row.id)));
        sent += 1;
      } catch (error) {
        await tx
          .update(emailOutbox)
          .set({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            attempts,
            lastError: (error as Error).message.slice(0, 1000),
          })
          .where(eq(emailOutbox.id, row.id));
        failed += 1;
      }
    }
    return { sent, failed };
  });
}
