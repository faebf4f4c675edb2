import { and, count, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { orders, users } from '#db/schema/index.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { bool, contains, offsetOf, pageSizeOf, orderOf, str } from './sql.ts';

/**
 * The customers: accounts with role user (not deleted), with how many orders each placed and when the last was.
 * Guests' orders belong to no account and are not counted here.
 */
export async function listClients({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const q = str(query.filters['q']);
  const hasOrders = bool(query.filters['hasOrders']);
  const stats = db
    .select({
      userId: orders.userId,
      orders: count().as('orders'),
      lastOrderAt: max(orders.createdAt).as('last_order_at'),
    })
    .from(orders)
    .where(isNotNull(orders.userId))
    .groupBy(orders.userId)
    .as('stats');
  const where = and(
    eq(users.role, 'user'),
    isNull(users.deletedAt),
    q ? contains(q, users.email, users.firstname, users.lastname, users.phone) : undefined,
    hasOrders === undefined ? undefined : hasOrders ? isNotNull(stats.userId) : isNull(stats.userId),
  );
  const orderCount = sql<number>`coalesce(${stats.orders}, 0)::int`;
  const sorts = {
    email: users.email,
    lastname: users.lastname,
    createdAt: users.createdAt,
    orders: orderCount,
    // Customers who never ordered sort as the oldest: last when the most recent order comes first.
    lastOrderAt: sql`coalesce(${stats.lastOrderAt}, '-infinity'::timestamptz)`,
  };
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        phone: users.phone,
        createdAt: users.createdAt,
        orders: orderCount,
        lastOrderAt: stats.lastOrderAt,
      })
      .from(users)
      .leftJoin(stats, eq(stats.userId, users.id))
      .where(where)
      .orderBy(...orderOf(query.sort, sorts, users.id))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    db.select({ count: count() }).from(users).leftJoin(stats, eq(stats.userId, users.id)).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
