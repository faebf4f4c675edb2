import { eq } from 'drizzle-orm';
import { emailOutbox } from '#db/schema/index.ts';
import { notFound } from '#server/errors.ts';
import type { AdminCtx } from './context.ts';

export type OutboxEmail = typeof emailOutbox.$inferSelect;

/** One e-mail of the outbox, sent or waiting, as it was written (text and HTML). */
export async function readOutboxEmail(ctx: AdminCtx, id: number): Promise<OutboxEmail> {
  const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw notFound();
  return row;
}
