import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import type { AppDeps, SessionUser } from '#server/context.ts';
import { sessions, users } from '#db/schema/index.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

/** Only the hash is stored: a leaked sessions table does not log anyone in. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newToken = (): string => randomBytes(32).toString('base64url');

export async function createSession(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { userId }: { userId: string },
): Promise<{ token: string; expiresAt: Date }> {
  const now = clock();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/**
 * The user behind a cookie token, extending a session that is past half its life (sliding expiry); none for an
 * account deactivated or deleted since the session began.
 */
export async function validateSession(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { token }: { token: string },
): Promise<{ user: SessionUser; sessionId: string; renewedUntil: Date | null } | null> {
  const now = clock();
  const id = hashToken(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      role: users.role,
      firstname: users.firstname,
      lastname: users.lastname,
      phone: users.phone,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // The account's state on every request: a login that was verifying its password while an admin deactivated the
    // account (or its owner deleted it) creates its session after that change ended the others.
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNull(users.deactivatedAt), isNull(users.deletedAt)));
  if (!row) return null;
  let renewedUntil: Date | null = null;
  if (row.expiresAt.getTime() - now.getTime() < (SESSION_DAYS / 2) * DAY) {
    renewedUntil = new Date(now.getTime() + SESSION_DAYS * DAY);
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.id, id));
  }
  const { expiresAt: _expiresAt, ...user } = row;
  return { user: user as SessionUser, sessionId: id, renewedUntil };
}

export async function invalidateSession({ db }: { db: Db }, { sessionId }: { sessionId: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Sessions validateSession no longer accepts (it wants expiresAt after now). */
export async function deleteExpiredSessions({ db, now }: Pick<AppDeps, 'db' | 'now'>): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expiresAt, now()));
}
