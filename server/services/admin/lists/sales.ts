import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { ListContext } from './context.ts';
import { orders, restaurants } from '#db/schema/index.ts';
import { cachedCount } from './count-cache.ts';
import { ADMIN_LIST_PAGE_SIZE, type ListQuery } from '#domain/admin-lists.ts';
import { num, offsetOf, orderOf, str } from './sql.ts';

/**
 * A day of an order in its restaurant's time zone. The currency stands for the country here (PLN Poland, UAH
 * Ukraine, EUR Portugal; design.md), so no join to the location is needed.
 */
const localDay = sql<string>`(${orders.createdAt} at time zone case ${orders.currency} when 'UAH' then 'Europe/Kyiv' when 'EUR' then 'Europe/Lisbon' else 'Europe/Warsaw' end)::date`;

/**
 * Sales: the finished orders (delivered or picked up; rejected and canceled ones were refunded or never paid),
 * one row per day and currency, with the order count and the sums of each part of the price in minor units.
 * PLN and UAH never add up, so a day selling in both currencies has two rows.
 */
export async function listSales({ db }: ListContext, query: ListQuery) {
  const currency = str(query.filters['currency']);
  const concept = num(query.filters['concept']);
  const restaurant = num(query.filters['restaurant']);
  const from = str(query.filters['from']);
  const to = str(query.filters['to']);
  const where = and(
    eq(orders.status, 'finished'),
    currency ? eq(orders.currency, currency) : undefined,
    restaurant === undefined ? undefined : eq(orders.restaurantId, restaurant),
    concept === undefined
      ? undefined
      : inArray(
          orders.restaurantId,
          db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.conceptId, concept)),
        ),
    // A day a little wider than asked first (an index range on created_at), then the exact local day.
    from ? sql`${orders.createdAt} >= ${from}::date - 1 and ${localDay} >= ${from}::date` : undefined,
    to ? sql`${orders.createdAt} < ${to}::date + 2 and ${localDay} <= ${to}::date` : undefined,
  );
  const days = db
    .select({
      day: sql<string>`${localDay}::text`.as('day'),
      currency: orders.currency,
      orders: sql<number>`count(*)::int`.as('orders'),
      value: sql<number>`sum(${orders.value})::bigint`.mapWith(Number).as('value'),
      deliveryCosts: sql<number>`sum(${orders.deliveryCosts})::bigint`.mapWith(Number).as('delivery_costs'),
      discountValue: sql<number>`sum(${orders.discountValue})::bigint`.mapWith(Number).as('discount_value'),
      serviceFee: sql<number>`sum(${orders.serviceFee})::bigint`.mapWith(Number).as('service_fee'),
      extraFee: sql<number>`sum(${orders.extraFee})::bigint`.mapWith(Number).as('extra_fee'),
      total: sql<number>`sum(${orders.total})::bigint`.mapWith(Number).as('total'),
    })
    .from(orders)
    .where(where)
    .groupBy(localDay, orders.currency)
    .as('days');
  const sorts = { day: days.day, orders: days.orders, total: days.total };
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(days)
      .orderBy(...orderOf(query.sort, sorts, days.day, days.currency))
      .limit(ADMIN_LIST_PAGE_SIZE)
      .offset(offsetOf(query, ADMIN_LIST_PAGE_SIZE)),
    cachedCount(db, `sales ${JSON.stringify(query.filters)}`, () =>
      db
        .select({ count: count() })
        .from(days)
        .then(([row]) => row?.count ?? 0),
    ),
  ]);
  return { rows, count: total };
}
