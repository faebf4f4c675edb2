import { hideLinkTokens, SINGLE_USE_LINK_TEMPLATES } from '../accounts/emails.ts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps, Env } from '#server/context.ts';
import { marketingRecipients, withUnsubscribe } from '../rights/unsubscribe.ts';
import { emailOutbox } from '#db/schema/index.ts';

/** What we need of a nodemailer transport (nodemailer's own Transporter satisfies it). */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
};

export const MAX_ATTEMPTS = 5;

/**
 * Sends a batch of pending e-mails. Rows are taken FOR UPDATE SKIP LOCKED, so several processes
 * (or a slow SMTP server and the next tick) never send one message twice. A failure is recorded
 * with its error and retried on later runs; after MAX_ATTEMPTS the row is marked failed for admins.
 */
export async function sendPendingEmails(
  { db, now, env }: Pick<AppDeps, 'db' | 'now'> & { env?: Pick<Env, 'publicBaseUrl' | 'orderTokenSecret'> },
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
    // A person with a marketing consent finds its one-click withdrawal in every e-mail (decision 052); the stored copy
    // stays as it was queued.
    const marketing =
      env && rows.length > 0
        ? await marketingRecipients(
            tx,
            rows.map((row) => row.to),
          )
        : new Map();
    for (const row of rows) {
      const attempts = row.attempts + 1;
      try {
        const message = { text: row.text, ...(row.html ? { html: row.html } : {}) };
        const lang = marketing.get(row.to.trim().toLowerCase());
        await transport.sendMail({
          from,
          to: row.to,
          subject: row.subject,
          ...(env && lang ? withUnsubscribe(env, message, { to: row.to, lang }) : message),
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
