import { and, count, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { orders, restaurants } from '#db/schema/index.ts';
import { cachedCount } from './count-cache.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { num, offsetOf, orderOf, pageSizeOf, str, withinDays } from './sql.ts';
import { countsInFigures, figuresDayOf, outcomeAggregates, outcomeIs } from '../figures/outcomes.ts';

const sold = outcomeIs('sold');
const soldSum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}) filter (where ${sold}), 0)::bigint`;

/**
 * Sales: per day (placed, in Warsaw) and currency, the sold orders — the one definition the dashboard uses too
 * (#domain/dashboard.ts) — with the sums of each part of their price in minor units, and beside them the orders that
 * reached the restaurant but were rejected, missed (not accepted in time) or canceled, with their totals. PLN and UAH
 * never add up, so a day selling in both currencies has two rows.
 */
export async function listSales({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const currency = str(query.filters['currency']);
  const concept = num(query.filters['concept']);
  const restaurant = num(query.filters['restaurant']);
  const where = and(
    countsInFigures(),
    currency ? eq(orders.currency, currency) : undefined,
    restaurant === undefined ? undefined : eq(orders.restaurantId, restaurant),
    concept === undefined
      ? undefined
      : inArray(
          orders.restaurantId,
          db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.conceptId, concept)),
        ),
    withinDays(orders.createdAt, query.filters['from'], query.filters['to']),
  );
  const rejected = outcomeAggregates('rejected');
  const missed = outcomeAggregates('missed');
  const canceled = outcomeAggregates('canceled');
  const days = db
    .select({
      day: sql<string>`${figuresDayOf}::text`.as('day'),
      currency: orders.currency,
      orders: sql<number>`(count(*) filter (where ${sold}))::int`.as('orders'),
      value: soldSum(orders.value).mapWith(Number).as('value'),
      deliveryCosts: soldSum(orders.deliveryCosts).mapWith(Number).as('delivery_costs'),
      discountValue: soldSum(orders.discountValue).mapWith(Number).as('discount_value'),
      serviceFee: soldSum(orders.serviceFee).mapWith(Number).as('service_fee'),
      extraFee: soldSum(orders.extraFee).mapWith(Number).as('extra_fee'),
      total: soldSum(orders.total).mapWith(Number).as('total'),
      rejected: rejected.orders.as('rejected'),
      rejectedTotal: rejected.value.as('rejected_total'),
      missed: missed.orders.as('missed'),
      missedTotal: missed.value.as('missed_total'),
      canceled: canceled.orders.as('canceled'),
      canceledTotal: canceled.value.as('canceled_total'),
    })
    .from(orders)
    .where(where)
    .groupBy(figuresDayOf, orders.currency)
    .as('days');
  const sorts = { day: days.day, orders: days.orders, total: days.total };
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(days)
      .orderBy(...orderOf(query.sort, sorts, days.day, days.currency))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    cachedCount(db, `sales ${JSON.stringify(query.filters)}`, () =>
      db
        .select({ count: count() })
        .from(days)
        .then(([row]) => row?.count ?? 0),
    ),
  ]);
  return { rows, count: total };
}
