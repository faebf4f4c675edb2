import { and, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import type { ServiceCtx } from '#server/context.ts';
import { concepts, orders, restaurants } from '#db/schema/index.ts';
import { cachedCount } from './count-cache.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { isUuid } from '#domain/ids.ts';
import { num, offsetOf, pageSizeOf, orderOf, str, withinDays } from './sql.ts';

const byNumber = (q: string): SQL => {
  const id: string | null = isUuid(q) ? q : null;
  return id ? eq(orders.id, id) : eq(orders.displayId, q.toLowerCase());
};

/** The conditions of the orders list; also the dashboard's and the benchmark's idea of "these orders". */
function ordersWhere(db: Db, filters: ListQuery['filters']): SQL | undefined {
  const q = str(filters['q']);
  const concept = num(filters['concept']);
  const restaurant = num(filters['restaurant']);
  const equal = (column: AnyColumn, value: unknown) => (typeof value === 'string' ? eq(column, value) : undefined);
  return and(
    // An order is found by the number its customer reads out (display id) or by its id.
    q ? byNumber(q) : undefined,
    equal(orders.status, filters['status']),
    equal(orders.source, filters['source']),
    equal(orders.paymentMethod, filters['paymentMethod']),
    equal(orders.deliveryType, filters['deliveryType']),
    equal(orders.currency, filters['currency']),
    restaurant === undefined ? undefined : eq(orders.restaurantId, restaurant),
    concept === undefined
      ? undefined
      : inArray(
          orders.restaurantId,
          db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.conceptId, concept)),
        ),
    withinDays(orders.createdAt, filters['from'], filters['to']),
  );
}

/**
 * The orders list. A page far down a busy year (page 2,000 skips 50,000 rows) reads the skipped rows' ids only,
 * from the index that serves the filter and the sort, and joins the 25 rows it shows afterwards (a "deferred
 * join"); a large count is reused for a few seconds (count-cache.ts). bench/admin.ts measures both.
 */
export async function listOrders({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const where = ordersWhere(db, query.filters);
  const sorts = { createdAt: orders.createdAt, total: orders.total };
  const page = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...orderOf(query.sort, sorts, orders.id))
    .limit(pageSizeOf(query))
    .offset(offsetOf(query))
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select({
        id: orders.id,
        displayId: orders.displayId,
        createdAt: orders.createdAt,
        status: orders.status,
        source: orders.source,
        deliveryType: orders.deliveryType,
        paymentMethod: orders.paymentMethod,
        currency: orders.currency,
        total: orders.total,
        restaurantId: restaurants.id,
        restaurant: restaurants.name,
        concept: concepts.name,
        customer: sql<string>`trim(concat_ws(' ', ${orders.customer}->>'firstname', ${orders.customer}->>'lastname'))`,
      })
      .from(page)
      .innerJoin(orders, eq(orders.id, page.id))
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
      .orderBy(...orderOf(query.sort, sorts, orders.id)),
    cachedCount(db, `orders ${JSON.stringify(query.filters)}`, () =>
      db
        .select({ count: count() })
        .from(orders)
        .where(where)
        .then(([row]) => row?.count ?? 0),
    ),
  ]);
  return { rows, count: total };
}
