import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { erasePersonalData } from '../rights/erase.ts';
import { accountSubject } from '../rights/subject.ts';
import { checkCurrentPassword } from './check-password.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';

/**
 * Deletes an account the GDPR way while keeping the restaurants' books (erasePersonalData, decision 052): the user
 * row stays (orders point at it for the tax records' retention) with every personal field erased; addresses, tokens,
 * sessions, consent history and contact messages go; orders, e-mails and audit rows lose what names the person.
 * Refused with activeOrders while an order is still on its way, since the restaurant may need to reach the customer.
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
    await erasePersonalData(tx, await accountSubject(tx, input.userId), now);
  });
}
