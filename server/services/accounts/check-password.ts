import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { users } from '#db/schema/index.ts';
import { verifyPassword } from '#server/auth/password.ts';
import { AppError } from '#server/errors.ts';

/**
 * Proof that the person at the keyboard knows the password before the e-mail, password or account changes. A wrong
 * one is a field error (400), not a 401: a 401 would log the client out (spec section 4).
 */
export async function checkCurrentPassword(
  { db }: { db: Db | Tx },
  { userId, password, field }: { userId: string; password: string | undefined; field: string },
) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!password || !row || !(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('validation', { [field]: 'wrongPassword' });
  }
}
