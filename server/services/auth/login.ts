import { sql } from 'drizzle-orm';
import type { AppDeps, SessionUser } from '#server/context.ts';
import { users } from '#db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { AppError } from '../../errors.ts';
import { createSession, invalidateSession } from './sessions.ts';

/** One account's rate-limit key, however its e-mail is typed (the lookup below ignores case and spaces too). */
export const accountKey = (email: string): string => email.trim().toLowerCase();

// Verified against when the e-mail is unknown, so an unknown e-mail and a wrong password take the same time.
let dummyHash: Promise<string> | undefined;

/**
 * Spec keys (section 8): UserDoesNotExists (no account with this e-mail), Unauthorized (wrong password),
 * UserIsNotActivated. Registration reveals a taken address anyway, so naming an unknown one here hides nothing
 * (docs/decisions/011-accounts-api.md); both failures still take the same argon2 work and share the rate limits. `replacing` is the session the browser
 * already has: it ends when the new one starts, and stays when the login fails.
 */
export async function login(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  input: { email: string; password: string; replacing?: string | null },
): Promise<{ user: SessionUser; token: string; expiresAt: Date }> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email.trim()})`);
  const ok = await verifyPassword(
    row?.passwordHash ?? (await (dummyHash ??= hashPassword('not-a-password'))),
    input.password,
  );
  if (!row) throw new AppError('UserDoesNotExists');
  if (!ok) throw new AppError('Unauthorized');
  if (!row.activatedAt) throw new AppError('UserIsNotActivated');
  if (row.deactivatedAt) throw new AppError('userDeactivated');
  if (input.replacing) await invalidateSession({ db }, { sessionId: input.replacing });
  const session = await createSession({ db, now }, { userId: row.id });
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    role: row.role as SessionUser['role'],
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
  };
  return { user, ...session };
}
