import { and, count, eq, sql } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { emailOutbox } from '#db/schema/index.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { contains, offsetOf, pageSizeOf, orderOf, str } from './sql.ts';

/** The e-mails sent or waiting in the outbox (without their bodies: the show page reads one). */
export async function listOutbox({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const q = str(query.filters['q']);
  const status = str(query.filters['status']);
  const template = str(query.filters['template']);
  const where = and(
    q ? contains(q, emailOutbox.to, emailOutbox.subject) : undefined,
    status ? eq(emailOutbox.status, status) : undefined,
    template ? eq(emailOutbox.template, template) : undefined,
  );
  const sorts = {
    createdAt: emailOutbox.createdAt,
    // Waiting e-mails (no sentAt yet) sort as the oldest: last when the latest sent comes first.
    sentAt: sql`coalesce(${emailOutbox.sentAt}, '-infinity'::timestamptz)`,
  };
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        template: emailOutbox.template,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(...orderOf(query.sort, sorts, emailOutbox.id))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    db.select({ count: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
