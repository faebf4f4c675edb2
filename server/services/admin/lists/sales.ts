import { and, count, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { orders, restaurants } from '#db/schema/index.ts';
import { cachedCount } from './count-cache.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { num, offsetOf, orderOf, pageSizeOf, str, withinDays } from './sql.ts';
import { countsInFigures } from '../figures/outcomes.ts';
import { brandShares, shareAggregates } from '../figures/brand-shares.ts';

/**
 * Sales: per day (placed, in Warsaw) and currency, the sold orders — the one definition the dashboard uses too
 * (#domain/dashboard.ts) — with the sums of each part of their price in minor units, and beside them the orders that
 * reached the restaurant but were rejected, missed (not accepted in time) or canceled, with their totals. PLN and UAH
 * never add up, so a day selling in both currencies has two rows. Filtered by a restaurant or a concept, each part is
 * that brand's share of its orders (#domain/brand-split.ts, decision 067): a multi-brand order counts in each of its
 * brands' lists with the value of their own dishes; unfiltered, each order counts once with its whole value.
 */
export async function listSales({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const currency = str(query.filters['currency']);
  const concept = num(query.filters['concept']);
  const restaurant = num(query.filters['restaurant']);
  // A brand's lines are only ever in orders placed at a restaurant of its own location (a shared basket never crosses
  // kitchens), so a brand's list reads only those orders, by the orders' restaurant index.
  const sameKitchens = (brands: SQL) =>
    inArray(
      orders.restaurantId,
      db
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(
          inArray(restaurants.locationId, db.select({ id: restaurants.locationId }).from(restaurants).where(brands)),
        ),
    );
  const { scoped, shares } = brandShares(
    db,
    and(
      countsInFigures(),
      currency ? eq(orders.currency, currency) : undefined,
      restaurant === undefined ? undefined : sameKitchens(eq(restaurants.id, restaurant)),
      concept === undefined ? undefined : sameKitchens(eq(restaurants.conceptId, concept)),
      withinDays(orders.createdAt, query.filters['from'], query.filters['to']),
    ),
    // Unfiltered, every brand's share is summed: each order whole, without reading its lines.
    { perBrand: restaurant !== undefined || concept !== undefined },
  );
  // A restaurant's rows, or orders read whole, are one row per order; a concept's may hold two restaurants of one
  // order (two of its brands in one kitchen), counted once.
  const sold = shareAggregates(shares, 'sold', { distinct: concept !== undefined });
  const soldSum = (column: SQLWrapper) =>
    sql<number>`coalesce(sum(${column}) filter (where ${shares.outcome} = 'sold'), 0)::bigint`;
  const [rejected, missed, canceled] = (['rejected', 'missed', 'canceled'] as const).map((outcome) =>
    shareAggregates(shares, outcome, { distinct: concept !== undefined }),
  ) as [typeof sold, typeof sold, typeof sold];
  const days = db
    .select({
      day: shares.day,
      currency: shares.currency,
      orders: sold.orders.as('orders'),
      value: soldSum(shares.value).mapWith(Number).as('value'),
      deliveryCosts: soldSum(shares.deliveryCosts).mapWith(Number).as('delivery_costs'),
      discountValue: soldSum(shares.discountValue).mapWith(Number).as('discount_value'),
      serviceFee: soldSum(shares.serviceFee).mapWith(Number).as('service_fee'),
      extraFee: soldSum(shares.extraFee).mapWith(Number).as('extra_fee'),
      total: soldSum(shares.total).mapWith(Number).as('total'),
      rejected: rejected.orders.as('rejected'),
      rejectedTotal: rejected.value.as('rejected_total'),
      missed: missed.orders.as('missed'),
      missedTotal: missed.value.as('missed_total'),
      canceled: canceled.orders.as('canceled'),
      canceledTotal: canceled.value.as('canceled_total'),
    })
    .from(shares)
    .where(
      and(
        restaurant === undefined ? undefined : eq(shares.restaurantId, restaurant),
        concept === undefined
          ? undefined
          : inArray(
              shares.restaurantId,
              db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.conceptId, concept)),
            ),
      ),
    )
    .groupBy(shares.day, shares.currency)
    .as('days');
  const sorts = { day: days.day, orders: days.orders, total: days.total };
  const [rows, total] = await Promise.all([
    db
      .with(scoped)
      .select()
      .from(days)
      .orderBy(...orderOf(query.sort, sorts, days.day, days.currency))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    cachedCount(db, `sales ${JSON.stringify(query.filters)}`, () =>
      db
        .with(scoped)
        .select({ count: count() })
        .from(days)
        .then(([row]) => row?.count ?? 0),
    ),
  ]);
  return { rows, count: total };
}
