import { eq, sql } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import type { UserBody } from '#domain/admin-forms.ts';
import { storedPhone } from '#domain/accounts.ts';
import { AppError, notFound } from '#server/errors.ts';
import { endOtherSessions } from '../../accounts/end-sessions.ts';
import { audit, orNull, uniqueOr, type AdminCtx } from './context.ts';

const columns = {
  id: users.id,
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  phone: users.phone,
  role: users.role,
  lang: users.lang,
  marketingSms: users.marketingSms,
  marketingEmail: users.marketingEmail,
  activatedAt: users.activatedAt,
  deactivatedAt: users.deactivatedAt,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
};

/** A user as the admin sees one: never the password hash. `active`: activated and not deactivated. */
export type AdminUser = Omit<typeof users.$inferSelect, 'passwordHash' | 'shopPolicies' | 'restaurantPolicies'> & {
  active: boolean;
};

const withActive = (row: Omit<AdminUser, 'active'>): AdminUser => ({
  ...row,
  active: row.activatedAt !== null && row.deactivatedAt === null,
});

export async function readUser(ctx: AdminCtx, id: string): Promise<AdminUser> {
  const [row] = await ctx.db.select(columns).from(users).where(eq(users.id, id));
  if (!row) throw notFound();
  return withActive(row);
}

/**
 * Edits a user's data, role and active state. An admin cannot take away their own admin role nor deactivate
 * themselves (ownAdminRole): the admin area would lose the one person looking at it. Deactivating ends every
 * session of the user and login answers userDeactivated until an admin activates the account again; activating
 * also activates an account whose e-mail link was never followed. A role change applies on the user's next
 * request (the session reads the role each time).
 */
export function updateUser(ctx: AdminCtx, id: string, input: UserBody): Promise<AdminUser> {
  if (id === ctx.actor.id && (input.role !== 'admin' || !input.active)) throw new AppError('ownAdminRole');
  return uniqueOr('notUniqueEmail', () =>
    ctx.db.transaction(async (tx) => {
      const [current] = await tx.select(columns).from(users).where(eq(users.id, id)).for('update');
      if (!current) throw notFound();
      const wasActive = withActive(current).active;
      const logged = {
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
        email: input.email.trim(),
        phone: orNull(input.phone) && storedPhone(input.phone),
        role: input.role,
        lang: input.lang,
      };
      const changes = {
        ...logged,
        ...(input.active
          ? {
              deactivatedAt: null,
              activatedAt: sql`coalesce(${users.activatedAt}, ${ctx.now.toISOString()}::timestamptz)`,
            }
          : { deactivatedAt: current.deactivatedAt ?? ctx.now }),
      };
      const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning(columns);
      if (!row) throw notFound();
      if (!input.active) await endOtherSessions(tx, id, null);
      await audit(tx, ctx, 'user.updated', 'user', id, logged);
      if (current.role !== input.role) {
        await audit(tx, ctx, 'user.role', 'user', id, { from: current.role, to: input.role });
      }
      if (wasActive !== input.active) await audit(tx, ctx, 'user.activation', 'user', id, { active: input.active });
      return withActive(row);
    }),
  );
}
