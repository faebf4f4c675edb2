import { and, eq, gte } from 'drizzle-orm';
import { orders } from '#db/schema/index.ts';
import { isCancellableForCustomer } from '#domain/orders.ts';
import type { ServiceCtx } from '#server/context.ts';
import { loadStaffOrder, type StaffOrder } from '../admin/orders/detail.ts';
import { followUpSince } from './search-orders.ts';

export type FollowUpOrder = Omit<StaffOrder, 'actions'> & {
  /** The call centre may cancel it for the customer now (before the restaurant accepted it). */
  cancellable: boolean;
};

/**
 * One order as the call centre follows it up: the customer's view (live status, items, totals), its payments and
 * refunds, and its status history from the audit log, with who made each change. Null for an order the call centre
 * does not follow: none with this id, or one placed before its window (the search's FOLLOW_UP_DAYS).
 */
export async function loadFollowUpOrder(
  ctx: ServiceCtx<'db' | 'now'>,
  input: { orderId: string },
): Promise<FollowUpOrder | null> {
  const [recent] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), gte(orders.createdAt, followUpSince(ctx.now()))));
  if (!recent) return null;
  const staffOrder = await loadStaffOrder(ctx, { orderId: input.orderId });
  if (!staffOrder) return null;
  // The kitchen's actions are not the call centre's: it cancels for the customer, and only that.
  const { actions: _kitchenActions, ...rest } = staffOrder;
  return { ...rest, cancellable: isCancellableForCustomer(staffOrder.order.status) };
}
