import { and, asc, eq, inArray } from 'drizzle-orm';
import { auditLog, concepts, orders, payments, refunds, restaurants, users } from '#db/schema/index.ts';
import { allowedStaffActions, type StaffAction } from '#domain/staff-actions.ts';
import { loadOrderView, type OrderView } from '#server/services/orders/view.ts';
import type { AppDeps } from '#server/context.ts';

export type StaffOrder = {
  order: OrderView;
  restaurant: { id: number; slug: string; name: string; concept: string };
  /** The customer's account when they were signed in (guests have none), and the staff member who placed it. */
  account: { id: string; email: string; name: string } | null;
  createdBy: { id: string; email: string; name: string } | null;
  acceptedAt: string | null;
  lang: string | null;
  actions: StaffAction[];
  payments: {
    id: string;
    provider: string;
    method: string;
    status: string;
    amount: number;
    externalId: string | null;
    createdAt: string;
    refunds: { id: string; amount: number; status: string; reason: string; createdAt: string }[];
  }[];
  /** The audit log of the order, oldest first: who (null: the customer, a sweep or the payment provider), when, what. */
  history: {
    at: string;
    action: string;
    actor: { id: string; email: string; name: string } | null;
    from: string | null;
    to: string | null;
    reason: string | null;
    preparationMinutes: number | null;
  }[];
};

const person = (row: { id: string | null; email: string | null; firstname: string | null; lastname: string | null }) =>
  row.id && row.email
    ? { id: row.id, email: row.email, name: `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim() }
    : null;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Everything staff need to handle one order: the customer's view plus accounts, every payment, refunds and history. */
export async function loadStaffOrder(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { orderId }: { orderId: string },
): Promise<StaffOrder | null> {
  const now = clock();
  const [view, [head], paymentRows, historyRows] = await Promise.all([
    loadOrderView({ db, now: () => now }, { orderId }),
    db
      .select({
        restaurantId: restaurants.id,
        restaurantSlug: restaurants.slug,
        restaurantName: restaurants.name,
        concept: concepts.name,
        userId: orders.userId,
        createdByUserId: orders.createdByUserId,
        acceptedAt: orders.acceptedAt,
        lang: orders.lang,
      })
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
      .where(eq(orders.id, orderId)),
    db
      .select({ payment: payments, refund: refunds })
      .from(payments)
      .leftJoin(refunds, eq(refunds.paymentId, payments.id))
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.createdAt), asc(refunds.createdAt)),
    db
      .select({
        at: auditLog.at,
        action: auditLog.action,
        data: auditLog.data,
        id: users.id,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
  ]);
  if (!view || !head) return null;

  const accountIds = [head.userId, head.createdByUserId].filter((id): id is string => id !== null);
  const accounts = accountIds.length
    ? await db
        .select({ id: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(inArray(users.id, accountIds))
    : [];
  const accountOf = (id: string | null) => {
    const row = accounts.find((a) => a.id === id);
    return row ? person(row) : null;
  };

  const byPayment = new Map<string, StaffOrder['payments'][number]>();
  for (const { payment, refund } of paymentRows) {
    let entry = byPayment.get(payment.id);
    if (!entry) {
      entry = {
        id: payment.id,
        provider: payment.provider,
        method: payment.method,
        status: payment.status,
        amount: payment.amount,
        externalId: payment.externalId,
        createdAt: payment.createdAt.toISOString(),
        refunds: [],
      };
      byPayment.set(payment.id, entry);
    }
    if (refund) {
      entry.refunds.push({
        id: refund.id,
        amount: refund.amount,
        status: refund.status,
        reason: refund.reason,
        createdAt: refund.createdAt.toISOString(),
      });
    }
  }

  return {
    order: view,
    restaurant: { id: head.restaurantId, slug: head.restaurantSlug, name: head.restaurantName, concept: head.concept },
    account: accountOf(head.userId),
    createdBy: accountOf(head.createdByUserId),
    acceptedAt: head.acceptedAt?.toISOString() ?? null,
    lang: head.lang,
    actions: allowedStaffActions(view.status, view.deliveryType),
    payments: [...byPayment.values()],
    history: historyRows.map((row) => {
      const data = (row.data ?? {}) as Record<string, unknown>;
      return {
        at: row.at.toISOString(),
        action: row.action,
        actor: person(row),
        from: text(data['from']),
        to: text(data['to']),
        reason: text(data['reason']),
        preparationMinutes: typeof data['preparationMinutes'] === 'number' ? data['preparationMinutes'] : null,
      };
    }),
  };
}
