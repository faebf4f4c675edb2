import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { locations, userKitchens, users } from '#db/schema/index.ts';
import { kitchensRule, type UserCreateBody, type UserUpdateBody } from '#domain/admin-forms.ts';
import { isAccountLang, storedPhone } from '#domain/accounts.ts';
import { isKitchenRole } from '#domain/roles.ts';
import { hashPassword } from '#server/auth/password.ts';
import { AppError, notFound, validationError } from '#server/errors.ts';
import { newToken } from '../../auth/sessions.ts';
import { accountLinkEmail } from '../../accounts/emails.ts';
import { endOtherSessions } from '../../accounts/end-sessions.ts';
import { issueToken } from '../../accounts/tokens.ts';
import { enqueueEmail } from '../../outbox/enqueue.ts';
import { audit, orNull, uniqueOr } from './context.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { actorUserId } from '../../actor.ts';

/** An invitation's set-a-password link waits a week for the new colleague to read it. */
const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

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

/**
 * A user as the admin sees one: never the password hash. `active`: activated and not deactivated; `kitchens`: the
 * locations a kitchen account works in (user_kitchens).
 */
export type AdminUser = Omit<typeof users.$inferSelect, 'passwordHash' | 'shopPolicies' | 'restaurantPolicies'> & {
  active: boolean;
  kitchens: number[];
};

type Row = Omit<AdminUser, 'active' | 'kitchens'>;

const isActive = (row: Row): boolean => row.activatedAt !== null && row.deactivatedAt === null;

async function withDetails(db: Tx | Db, row: Row): Promise<AdminUser> {
  const kitchens = await db
    .select({ id: userKitchens.locationId })
    .from(userKitchens)
    .where(eq(userKitchens.userId, row.id))
    .orderBy(asc(userKitchens.locationId));
  return { ...row, active: isActive(row), kitchens: kitchens.map((kitchen) => kitchen.id) };
}

export async function readUser(ctx: ServiceCtx<'db'>, id: string): Promise<AdminUser> {
  const [row] = await ctx.db.select(columns).from(users).where(eq(users.id, id));
  if (!row) throw notFound();
  return withDetails(ctx.db, row);
}

/** The kitchens (locations, not deleted) a kitchen account may be given, for the user forms. */
export const userChoices = async (ctx: ServiceCtx<'db'>) => ({
  kitchens: await ctx.db
    .select({ id: locations.id, name: locations.name, city: locations.city })
    .from(locations)
    .where(eq(locations.deleted, false))
    .orderBy(asc(locations.name)),
});

/**
 * Replaces a kitchen account's kitchens. An unknown (or deleted) location is the field's notFound, so a typo in a
 * hand-made call cannot leave an account half-assigned.
 */
async function writeKitchens(tx: Tx, userId: string, kitchens: readonly number[]): Promise<void> {
  const wanted = [...new Set(kitchens)];
  if (wanted.length > 0) {
    const known = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, wanted));
    if (known.length !== wanted.length) throw validationError({ kitchens: 'notFound' });
  }
  await tx.delete(userKitchens).where(eq(userKitchens.userId, userId));
  if (wanted.length > 0) await tx.insert(userKitchens).values(wanted.map((locationId) => ({ userId, locationId })));
}

function checkKitchens(role: string, kitchens: readonly number[]): void {
  const problem = kitchensRule(role, kitchens);
  if (problem) throw validationError({ kitchens: problem });
}

/**
 * Adds a staff account (issue 37) and queues its invitation in the account's language. It has no password anybody
 * knows (the column needs a hash: that of a random secret thrown away at once) and is not activated: the invitation's
 * link is a password reset link living a week, and setting the password there activates the account.
 */
export async function inviteUser(ctx: ServiceCtx<'db' | 'env'>, input: UserCreateBody): Promise<AdminUser> {
  checkKitchens(input.role, input.kitchens);
  const passwordHash = await hashPassword(newToken());
  return uniqueOr('notUniqueEmail', () =>
    withTransaction(ctx, async ({ db: tx }) => {
      const logged = {
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
        email: input.email.trim(),
        phone: orNull(input.phone) && storedPhone(input.phone),
        role: input.role,
        lang: input.lang,
      };
      const [row] = await tx
        .insert(users)
        .values({ ...logged, passwordHash, createdAt: ctx.now() })
        .returning(columns);
      if (!row) throw new Error('insert returned nothing');
      const kitchens = isKitchenRole(input.role) ? input.kitchens : [];
      await writeKitchens(tx, row.id, kitchens);
      const token = await issueToken(tx, {
        userId: row.id,
        purpose: 'passwordReset',
        now: ctx.now(),
        validForMs: INVITATION_VALID_MS,
      });
      await enqueueEmail(
        tx,
        accountLinkEmail(ctx.env, 'invitation', { to: row.email, name: row.firstname, lang: input.lang, token }),
      );
      await audit(tx, ctx, 'user.created', 'user', row.id, { ...logged, kitchens });
      return withDetails(tx, row);
    }),
  );
}

/**
 * The admin sends a user the password reset e-mail a forgotten password would (one hour, single use), in the
 * account's language: for a colleague who lost theirs, or an invitation that expired. A deleted account has none.
 */
export async function sendPasswordReset(ctx: ServiceCtx<'db' | 'env'>, id: string): Promise<void> {
  await withTransaction(ctx, async ({ db: tx }) => {
    const [user] = await tx.select(columns).from(users).where(eq(users.id, id));
    if (!user || user.deletedAt) throw notFound();
    const token = await issueToken(tx, { userId: id, purpose: 'passwordReset', now: ctx.now() });
    const lang = isAccountLang(user.lang) ? user.lang : 'pl';
    await enqueueEmail(
      tx,
      accountLinkEmail(ctx.env, 'passwordReset', { to: user.email, name: user.firstname, lang, token }),
    );
  });
}

/**
 * Edits a user's data, role, active state and kitchens. An admin cannot take away their own admin role nor deactivate
 * themselves (ownAdminRole): the admin area would lose the one person looking at it. Deactivating ends every
 * session of the user and login answers userDeactivated until an admin activates the account again; activating
 * also activates an account whose e-mail link was never followed. A role change applies on the user's next
 * request (the session reads the role each time).
 */
export function updateUser(ctx: ServiceCtx<'db'>, id: string, input: UserUpdateBody): Promise<AdminUser> {
  if (id === actorUserId(ctx.actor) && (input.role !== 'admin' || !input.active)) throw new AppError('ownAdminRole');
  if (input.kitchens) checkKitchens(input.role, input.kitchens);
  return uniqueOr('notUniqueEmail', () =>
    withTransaction(ctx, async ({ db: tx }) => {
      const [current] = await tx.select(columns).from(users).where(eq(users.id, id)).for('update');
      if (!current) throw notFound();
      const wasActive = isActive(current);
      const logged = {
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
        email: input.email.trim(),
        phone: orNull(input.phone) && storedPhone(input.phone),
        role: input.role,
        lang: input.lang,
      };
      // The form sends the active box whatever the admin touched: only a change of it changes the account's state,
      // so saving a not-yet-activated account (active false) leaves it waiting for its link, not deactivated.
      const activation =
        input.active === wasActive
          ? {}
          : input.active
            ? {
                deactivatedAt: null,
                activatedAt: sql`coalesce(${users.activatedAt}, ${ctx.now().toISOString()}::timestamptz)`,
              }
            : { deactivatedAt: current.deactivatedAt ?? ctx.now() };
      const [row] = await tx
        .update(users)
        .set({ ...logged, ...activation })
        .where(eq(users.id, id))
        .returning(columns);
      if (!row) throw notFound();
      if (wasActive && !input.active) await endOtherSessions(tx, id, null);
      await audit(tx, ctx, 'user.updated', 'user', id, logged);
      if (current.role !== input.role) {
        await audit(tx, ctx, 'user.role', 'user', id, { from: current.role, to: input.role });
      }
      if (wasActive !== input.active) await audit(tx, ctx, 'user.activation', 'user', id, { active: input.active });
      // Kitchens only for a kitchen role, and only when the form sent them: what the admin did not touch stays.
      if (input.kitchens && isKitchenRole(input.role)) {
        await writeKitchens(tx, id, input.kitchens);
        await audit(tx, ctx, 'user.updated', 'user', id, { kitchens: input.kitchens });
      }
      return withDetails(tx, row);
    }),
  );
}
