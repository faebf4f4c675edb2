import { and, eq, isNull, sql } from 'drizzle-orm';
import { auditLog, orders, users } from '#db/schema/index.ts';
import { withTransaction } from '#db/transaction.ts';
import { validate } from '#domain/forms.ts';
import type { ServiceCtx } from '#server/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import { actorUserId } from '#server/services/actor.ts';
import { erasePersonalData, type ErasureCounts } from './erase.ts';
import { exportPersonalData } from './export.ts';
import { eraseGuestData } from './guest.ts';
import { accountSubject, normalEmail } from './subject.ts';

/** What the shop holds about an account, as its owner's download has it (the admin's screen, decision 052). */
export async function accountData(ctx: ServiceCtx<'db' | 'env'>, userId: string) {
  return exportPersonalData(ctx, await accountSubject(ctx.db, userId));
}

/**
 * The admin erases an account for a request made by phone (or letter): the same erasure as deleting one's own
 * account, without the password, audited with counts only. Refused with activeOrders like the customer's own.
 */
export async function eraseAccount(ctx: ServiceCtx<'db' | 'env'>, userId: string): Promise<ErasureCounts> {
  const now = ctx.now();
  return withTransaction(ctx, async ({ db: tx }) => {
    const [user] = await tx
      .select({ id: users.id, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw notFound();
    const counts = await erasePersonalData(tx, await accountSubject(tx, userId), now);
    await tx.insert(auditLog).values({
      at: now,
      actorUserId: actorUserId(ctx.actor),
      action: 'user.erased',
      entity: 'user',
      entityId: userId,
      data: { via: 'phoneRequest', ...counts },
    });
    return counts;
  });
}

/**
 * A guest's data, found by the e-mail address or the phone given on their orders (the last nine digits, as the call
 * centre finds a caller): one export per address.
 */
export async function findGuestData(ctx: ServiceCtx<'db' | 'env'>, input: { email?: string; phone?: string }) {
  let emails: string[];
  if (input.email?.trim()) {
    const errors = validate({ email: ['isValidEmail'] }, { email: input.email.trim() });
    if (Object.keys(errors).length > 0) throw new AppError('validation', errors);
    emails = [normalEmail(input.email)];
  } else if (input.phone?.trim()) {
    const digits = input.phone.replace(/\D/g, '').slice(-9);
    if (digits.length < 7) throw new AppError('validation', { phone: 'isValidPhoneNo' });
    const rows = await ctx.db
      .selectDistinct({ email: sql<string>`lower(${orders.customer}->>'email')` })
      .from(orders)
      .where(
        and(
          isNull(orders.userId),
          sql`right(regexp_replace(${orders.customer}->>'phone', '[^0-9]', '', 'g'), 9) = ${digits}`,
        ),
      )
      .limit(20);
    emails = rows.map((row) => row.email).filter((email) => email !== '');
  } else throw new AppError('validation', { email: 'notEmpty' });
  const found = [];
  for (const email of emails) found.push(await exportPersonalData(ctx, { userId: null, email }));
  return found;
}

/** The admin erases a guest's data for a request made by phone; audited with counts only. */
export const eraseGuest = (ctx: ServiceCtx<'db' | 'env'>, email: string): Promise<ErasureCounts> =>
  eraseGuestData(ctx, { email, via: 'phoneRequest' });
