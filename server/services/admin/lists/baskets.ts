import { and, count, eq, sql } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { basketItems, baskets, orders, restaurants, users } from '#db/schema/index.ts';
import { cachedCount } from './count-cache.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { num, offsetOf, pageSizeOf, orderOf, str, withinDays } from './sql.ts';

/**
 * The baskets: collecting (still being filled) or created (ordered), with their restaurant, owner, number of lines
 * and the order made from them.
 */
export async function listBaskets({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const status = str(query.filters['status']);
  const country = str(query.filters['country']);
  const restaurant = num(query.filters['restaurant']);
  const where = and(
    status ? eq(baskets.status, status) : undefined,
    country ? eq(baskets.country, country) : undefined,
    restaurant === undefined ? undefined : eq(baskets.restaurantId, restaurant),
    withinDays(baskets.createdAt, query.filters['from'], query.filters['to']),
  );
  const sorts = { createdAt: baskets.createdAt, updatedAt: baskets.updatedAt };
  const [rows, total] = await Promise.all([
    db
      .select({
        id: baskets.id,
        status: baskets.status,
        country: baskets.country,
        deliveryMethod: baskets.deliveryMethod,
        restaurantId: restaurants.id,
        restaurant: restaurants.name,
        userEmail: users.email,
        // Qualified by hand: in a one-table select drizzle names a column without its table, which inside the subquery
        // would be the line's own id.
        lines: sql<number>`(select count(*)::int from ${basketItems} as bi where bi.basket_id = ${baskets}.id)`,
        orderId: orders.id,
        orderDisplayId: orders.displayId,
        createdAt: baskets.createdAt,
        updatedAt: baskets.updatedAt,
      })
      .from(baskets)
      .leftJoin(restaurants, eq(restaurants.id, baskets.restaurantId))
      .leftJoin(users, eq(users.id, baskets.userId))
      .leftJoin(orders, eq(orders.basketId, baskets.id))
      .where(where)
      .orderBy(...orderOf(query.sort, sorts, baskets.id))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    cachedCount(db, `baskets ${JSON.stringify(query.filters)}`, () =>
      db
        .select({ count: count() })
        .from(baskets)
        .where(where)
        .then(([row]) => row?.count ?? 0),
    ),
  ]);
  return { rows, count: total };
}
