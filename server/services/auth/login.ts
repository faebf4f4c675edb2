import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema/index.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { AppError } from '../../errors.ts';
import { createSession, type SessionUser } from './sessions.ts';

// Verified against when the e-mail is unknown, so an unknown e-mail and a wrong password take the same time.
let dummyHash: Promise<string> | undefined;

/** Spec keys: Unauthorized (wrong e-mail or password), UserIsNotActivated. */
export async function login(
  db: Db,
  input: { email: string; password: string },
  now: Date,
): Promise<{ user: SessionUser; token: string; expiresAt: Date }> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email.trim()})`);
  const ok = await verifyPassword(
    row?.passwordHash ?? (await (dummyHash ??= hashPassword('not-a-password'))),
    input.password,
  );
  if (!row || !ok) throw new AppError('Unauthorized');
  if (!row.activatedAt) throw new AppError('UserIsNotActivated');
  const session = await createSession(db, row.id, now);
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
