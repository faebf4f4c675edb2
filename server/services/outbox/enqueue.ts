import { sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { reusable } from '#db/reusable.ts';
import { emailOutbox } from '#db/schema/index.ts';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** What kind of message this is (contact, orderConfirmation, activation …), for admins reading the outbox. */
  template: string;
};

/**
 * Queues an e-mail. Called inside the caller's transaction, so the message exists exactly when
 * the thing it reports was committed; the sender (send.ts) delivers it later, with retries.
 */
export async function enqueueEmail(db: Db | Tx, email: OutgoingEmail): Promise<number> {
  const [row] = await insertEmail(db, {
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html ?? null,
    template: email.template,
  });
  if (!row) throw new Error('the outbox row was not returned');
  return row.id;
}

// Built once (decision 036): every order confirmation goes through it.
const insertEmail = reusable((db) =>
  db
    .insert(emailOutbox)
    .values({
      to: sql.placeholder('to'),
      subject: sql.placeholder('subject'),
      text: sql.placeholder('text'),
      html: sql.placeholder('html'),
      template: sql.placeholder('template'),
    })
    .returning({ id: emailOutbox.id }),
);
