import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { AppDeps } from '#server/context.ts';

/** E-mails waiting in the outbox and the oldest one's age in seconds, for the metrics (one index range). */
export async function readOutboxBacklog({
  db,
}: Pick<AppDeps, 'db'>): Promise<{ pending: number; oldestSeconds: number }> {
  const [row] = await queryRows<{ pending: number; oldest: number | null }>(
    db,
    sql`select count(*)::int as pending, extract(epoch from (now() - min(created_at)))::float8 as oldest
        from email_outbox where status = 'pending'`,
  );
  return { pending: row?.pending ?? 0, oldestSeconds: Math.max(0, row?.oldest ?? 0) };
}
