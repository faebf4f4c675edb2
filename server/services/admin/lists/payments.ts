import { and, count, eq } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { orders, payments } from '#db/schema/index.ts';
import { cachedCount } from './count-cache.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { offsetOf, pageSizeOf, orderOf, str, withinDays } from './sql.ts';

/** The payments: provider, method, status, amount in minor units with its currency, and the order paid for. */
export async function listPayments({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const status = str(query.filters['status']);
  const method = str(query.filters['method']);
  const currency = str(query.filters['currency']);
  const where = and(
    status ? eq(payments.status, status) : undefined,
    method ? eq(payments.method, method) : undefined,
    currency ? eq(payments.currency, currency) : undefined,
    withinDays(payments.createdAt, query.filters['from'], query.filters['to']),
  );
  const sorts = { createdAt: payments.createdAt, amount: payments.amount };
  const [rows, total] = await Promise.all([
    db
      .select({
        id: payments.id,
        orderId: payments.orderId,
        orderDisplayId: orders.displayId,
        provider: payments.provider,
        method: payments.method,
        status: payments.status,
        amount: payments.amount,
        currency: payments.currency,
        createdAt: payments.createdAt,
        updatedAt: payments.updatedAt,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(where)
      .orderBy(...orderOf(query.sort, sorts, payments.id))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    cachedCount(db, `payments ${JSON.stringify(query.filters)}`, () =>
      db
        .select({ count: count() })
        .from(payments)
        .where(where)
        .then(([row]) => row?.count ?? 0),
    ),
  ]);
  return { rows, count: total };
}
