import { and, eq, notInArray, sql } from 'drizzle-orm';
import { authTokens, baskets, orders, sessions, userAddresses, users } from '#db/schema/index.ts';
import { anonymisedEmail } from '#domain/accounts.ts';
import { AppError } from '#server/errors.ts';
import { checkCurrentPassword } from './check-password.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';

// The finished group of spec section 4: an order in any other status still needs its customer's address and phone.
const FINISHED = ['finished', 'rejected', 'canceled'];

/**
 * Deletes an account the GDPR way while keeping the restaurants' books: the user row stays (orders point at it for
 * the tax records' retention) with every personal field erased, its addresses, tokens and sessions go, and its
 * orders keep amounts, items, dates and city but lose name, e-mail, phone, street and comment. Refused with
 * activeOrders while an order is still on its way, since the restaurant may need to reach the customer.
 */
export async function deleteAccount(
  ctx: ServiceCtx<'db' | 'env'>,
  input: { userId: string; password?: string },
): Promise<void> {
  const now = ctx.now();
  await checkCurrentPassword(ctx, { userId: input.userId, password: input.password, field: 'password' });
  await withTransaction(ctx, async ({ db: tx }) => {
    // Locks the row, so an order placed at this moment either sees the account deleted or is seen here.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [active] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, input.userId), notInArray(orders.status, FINISHED)))
      .limit(1);
    if (active) throw new AppError('activeOrders');
    await tx
      .update(orders)
      .set({
        customer: sql`jsonb_build_object('firstname', '', 'lastname', '', 'phone', '', 'email', '')
          || jsonb_strip_nulls(jsonb_build_object('city', ${orders.customer}->'city', 'zip', ${orders.customer}->'zip'))`,
        comment: '',
      })
      .where(eq(orders.userId, input.userId));
    await tx.update(baskets).set({ address: null, userId: null }).where(eq(baskets.userId, input.userId));
    await tx.delete(userAddresses).where(eq(userAddresses.userId, input.userId));
    await tx.delete(authTokens).where(eq(authTokens.userId, input.userId));
    await tx.delete(sessions).where(eq(sessions.userId, input.userId));
    await tx
      .update(users)
      .set({
        email: anonymisedEmail(input.userId),
        // Not an argon2 hash: no password ever verifies against it.
        passwordHash: '!deleted',
        firstname: '',
        lastname: '',
        phone: null,
        marketingSms: false,
        marketingEmail: false,
        shopPolicies: false,
        restaurantPolicies: false,
        activatedAt: null,
        deletedAt: now,
      })
      .where(eq(users.id, input.userId));
  });
}
