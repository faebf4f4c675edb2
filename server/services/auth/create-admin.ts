import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { auditLog, sessions, users } from '#db/schema/index.ts';
import { schemas } from '#domain/forms.ts';
import { type } from 'arktype';
import { hashPassword } from '../../auth/password.ts';
import { validationError } from '../../errors.ts';

/** An admin's password guards every order and account: long enough to withstand guessing offline. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export type AdminCreated = { userId: string; email: string; outcome: 'created' | 'promoted' };

/**
 * Creates an activated admin, or makes an existing account with that e-mail one (any case). The password is the
 * operator's choice and replaces an existing account's, whose sessions then end: whoever knew the old password
 * must not carry on as an admin. Refuses with validation: email isValidEmail, or password invalid (too weak).
 */
export async function createAdmin(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  input: { email: string; password: string },
): Promise<AdminCreated> {
  const now = clock();
  const email = input.email.trim();
  if (schemas.isValidEmail(email) instanceof type.errors) throw validationError({ email: 'isValidEmail' });
  const password = input.password;
  // Four different characters at least: 'aaaaaaaaaaaa' and '121212121212' are long but guessed first.
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH || new Set(password).size < 4) {
    throw validationError({ password: 'invalid' });
  }
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, email: users.email, activatedAt: users.activatedAt })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .for('update');
    let result: AdminCreated;
    if (existing) {
      await tx
        .update(users)
        .set({ role: 'admin', passwordHash, activatedAt: existing.activatedAt ?? now })
        .where(eq(users.id, existing.id));
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      result = { userId: existing.id, email: existing.email, outcome: 'promoted' };
    } else {
      const [row] = await tx
        .insert(users)
        .values({ email, passwordHash, role: 'admin', activatedAt: now, createdAt: now })
        .returning({ id: users.id });
      if (!row) throw new Error('the new admin was not returned by its insert');
      result = { userId: row.id, email, outcome: 'created' };
    }
    await tx.insert(auditLog).values({
      at: now,
      action: 'user.admin',
      entity: 'user',
      entityId: result.userId,
      data: { outcome: result.outcome, via: 'admin:create' },
    });
    return result;
  });
}
