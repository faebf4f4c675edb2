import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { sessions } from '#db/schema/index.ts';

/** Ends every session of the user except `keep` (the browser that made the change), e.g. after a password change. */
export async function endOtherSessions(tx: Db | Tx, userId: string, keep: string | null): Promise<void> {
  await tx
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}
