import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { auditLog, concepts, orders, restaurants } from '#db/schema/index.ts';
import { periodStart, READY_STATUSES, type DashboardPeriod } from '#domain/dashboard.ts';
import { acceptanceSecondsLeft } from '#domain/orders.ts';
import type { Currency } from '#domain/money.ts';
import { Temporal } from 'temporal-polyfill';
import type { AppDeps } from '#server/context.ts';
import { countsInFigures, outcomeAggregates } from '../figures/outcomes.ts';

/** Orders and their value in minor units; the dashboard writes it in its language (formatMoney). */
type Figure = { orders: number; revenue: number };
/** Sold (orders, revenue) and the orders that reached the restaurant but were not sold (#domain/dashboard.ts). */
type Outcomes = Figure & { rejected: Figure; missed: Figure; canceled: Figure };
export type DashboardRow = Outcomes & { id: number; slug: string; name: string; currency: Currency };
/** A restaurant's times over the period's accepted orders; null where no order gives one. */
export type RestaurantTimes = {
  accepted: number;
  /** From the order reaching the restaurant (placed, or paid online) to its acceptance. */
  acceptanceSeconds: number | null;
  /** What the kitchen promised on accepting. */
  promisedMinutes: number | null;
  /** Orders marked ready (for the courier or for pickup), and the average from acceptance to that moment. */
  ready: number;
  actualMinutes: number | null;
};
export type WaitingOrder = {
  id: string;
  displayId: string;
  restaurant: { slug: string; name: string };
  concept: string;
  createdAt: string;
  acceptDeadline: string | null;
  acceptSecondsLeft: number;
  total: number;
  currency: Currency;
};

export type Dashboard = {
  days: DashboardPeriod;
  since: string;
  now: string;
  /** Per currency: PLN and UAH never add up. */
  totals: (Outcomes & { currency: Currency })[];
  byConcept: DashboardRow[];
  byRestaurant: (DashboardRow & { concept: string; times: RestaurantTimes })[];
  waiting: WaitingOrder[];
  /** Every restaurant, for the links to their kitchen boards. */
  restaurants: { slug: string; name: string; concept: string }[];
};

const sold = outcomeAggregates('sold');
const rejected = outcomeAggregates('rejected');
const missed = outcomeAggregates('missed');
const canceled = outcomeAggregates('canceled');

const emptyOutcomes = (): Outcomes => ({
  orders: 0,
  revenue: 0,
  rejected: { orders: 0, revenue: 0 },
  missed: { orders: 0, revenue: 0 },
  canceled: { orders: 0, revenue: 0 },
});
function add(sum: Outcomes, row: Outcomes): void {
  sum.orders += row.orders;
  sum.revenue += row.revenue;
  for (const key of ['rejected', 'missed', 'canceled'] as const) {
    sum[key].orders += row[key].orders;
    sum[key].revenue += row[key].revenue;
  }
}

/**
 * The dashboard's figures for a period, by the one definition of #domain/dashboard.ts (the sales list uses the same):
 * orders placed since midnight in Warsaw `days` days back that reached a restaurant, sold or not, per restaurant and
 * currency in one grouped query on orders(created_at), summed by concept and currency here; the restaurants' average
 * acceptance and preparation times beside. Waiting orders are every order still awaiting acceptance, soonest first.
 */
export async function loadDashboard(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { days }: { days: DashboardPeriod },
): Promise<Dashboard> {
  const now = clock();
  const since = periodStart(days, now);
  const inPeriod = and(gte(orders.createdAt, since), countsInFigures());
  const [grouped, readyTimes, waitingRows, allRestaurants] = await Promise.all([
    db
      .select({
        restaurantId: orders.restaurantId,
        currency: orders.currency,
        orders: sold.orders,
        revenue: sold.value,
        rejectedOrders: rejected.orders,
        rejectedValue: rejected.value,
        missedOrders: missed.orders,
        missedValue: missed.value,
        canceledOrders: canceled.orders,
        canceledValue: canceled.value,
        accepted: sql<number>`(count(*) filter (where ${orders.acceptedAt} is not null))::int`,
        acceptanceSeconds: sql<
          number | null
        >`avg(extract(epoch from ${orders.acceptedAt} - coalesce(${orders.paidAt}, ${orders.createdAt})))::float8`,
        promisedMinutes: sql<number | null>`avg(${orders.preparationMinutes})::float8`,
      })
      .from(orders)
      .where(inPeriod)
      .groupBy(orders.restaurantId, orders.currency),
    readyTimesOf(db, since),
    waitingOrders({ db, now: () => now }),
    db
      .select({ slug: restaurants.slug, name: restaurants.name, concept: concepts.name })
      .from(restaurants)
      .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
      .orderBy(asc(concepts.name), asc(restaurants.name)),
  ]);
  const restaurantIds = [...new Set(grouped.map((g) => g.restaurantId))];
  const names = restaurantIds.length
    ? await db
        .select({
          id: restaurants.id,
          slug: restaurants.slug,
          name: restaurants.name,
          conceptId: concepts.id,
          conceptSlug: concepts.slug,
          concept: concepts.name,
        })
        .from(restaurants)
        .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
        .where(inArray(restaurants.id, restaurantIds))
    : [];

  const byRestaurant: Dashboard['byRestaurant'] = [];
  const conceptSums = new Map<string, DashboardRow>();
  const totalSums = new Map<Currency, Outcomes>();
  for (const g of grouped) {
    const restaurant = names.find((n) => n.id === g.restaurantId);
    if (!restaurant) continue;
    const currency = g.currency as Currency;
    const figures: Outcomes = {
      orders: g.orders,
      revenue: g.revenue,
      rejected: { orders: g.rejectedOrders, revenue: g.rejectedValue },
      missed: { orders: g.missedOrders, revenue: g.missedValue },
      canceled: { orders: g.canceledOrders, revenue: g.canceledValue },
    };
    const ready = readyTimes.find((r) => r.restaurantId === g.restaurantId && r.currency === g.currency);
    byRestaurant.push({
      id: restaurant.id,
      slug: restaurant.slug,
      name: restaurant.name,
      concept: restaurant.concept,
      currency,
      ...figures,
      times: {
        accepted: g.accepted,
        acceptanceSeconds: g.acceptanceSeconds === null ? null : Math.round(g.acceptanceSeconds),
        promisedMinutes: g.promisedMinutes === null ? null : Math.round(g.promisedMinutes * 10) / 10,
        ready: ready?.ready ?? 0,
        actualMinutes: ready?.actualMinutes === undefined ? null : Math.round(ready.actualMinutes * 10) / 10,
      },
    });
    const key = `${restaurant.conceptId}|${currency}`;
    const concept = conceptSums.get(key) ?? {
      id: restaurant.conceptId,
      slug: restaurant.conceptSlug,
      name: restaurant.concept,
      currency,
      ...emptyOutcomes(),
    };
    add(concept, figures);
    conceptSums.set(key, concept);
    const total = totalSums.get(currency) ?? emptyOutcomes();
    add(total, figures);
    totalSums.set(currency, total);
  }
  const byRevenue = (a: { currency: string; revenue: number }, b: { currency: string; revenue: number }) =>
    a.currency.localeCompare(b.currency) || b.revenue - a.revenue;
  return {
    days,
    since: since.toISOString(),
    now: now.toISOString(),
    totals: [...totalSums]
      .map(([currency, t]) => ({ currency, ...t }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    byConcept: [...conceptSums.values()].sort(byRevenue),
    byRestaurant: byRestaurant.sort(byRevenue),
    waiting: waitingRows,
    restaurants: allRestaurants,
  };
}

/**
 * The actual preparation time: from acceptance to the first status that says the food is ready, read from the
 * audit log of status changes (orders.ready_at is kept only from issue 34 on; the log has it for older orders too), for
 * the period's accepted orders. Its alias is not ready_at: that would be ambiguous with the orders column.
 */
async function readyTimesOf(db: AppDeps['db'], since: Date) {
  const readyAt = db
    .select({ at: sql<Date>`min(${auditLog.at})`.as('first_ready_at') })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'order'),
        sql`${auditLog.entityId} = ${orders.id}::text`,
        eq(auditLog.action, 'order.status'),
        inArray(sql`${auditLog.data}->>'to'`, [...READY_STATUSES]),
      ),
    )
    .as('ready');
  return db
    .select({
      restaurantId: orders.restaurantId,
      currency: orders.currency,
      ready: sql<number>`count(${readyAt.at})::int`,
      actualMinutes: sql<number>`(avg(extract(epoch from ${readyAt.at} - ${orders.acceptedAt})) / 60)::float8`,
    })
    .from(orders)
    .innerJoinLateral(readyAt, sql`${readyAt.at} is not null`)
    .where(and(gte(orders.createdAt, since), isNotNull(orders.acceptedAt)))
    .groupBy(orders.restaurantId, orders.currency);
}

/** Orders waiting for their restaurant to accept, soonest deadline first, with the seconds they have left. */
export async function waitingOrders({ db, now: clock }: Pick<AppDeps, 'db' | 'now'>): Promise<WaitingOrder[]> {
  const now = clock();
  const rows = await db
    .select({
      id: orders.id,
      displayId: orders.displayId,
      createdAt: orders.createdAt,
      acceptDeadline: orders.acceptDeadline,
      total: orders.total,
      currency: orders.currency,
      restaurantSlug: restaurants.slug,
      restaurantName: restaurants.name,
      concept: concepts.name,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(eq(orders.status, 'new'))
    .orderBy(asc(orders.acceptDeadline), asc(orders.createdAt))
    .limit(100);
  const nowInstant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  return rows.map((row) => ({
    id: row.id,
    displayId: row.displayId,
    restaurant: { slug: row.restaurantSlug, name: row.restaurantName },
    concept: row.concept,
    createdAt: row.createdAt.toISOString(),
    acceptDeadline: row.acceptDeadline?.toISOString() ?? null,
    // The deadline is when the window closes, so the window itself is zero minutes long from it.
    acceptSecondsLeft: row.acceptDeadline
      ? acceptanceSecondsLeft(Temporal.Instant.fromEpochMilliseconds(row.acceptDeadline.getTime()), nowInstant, 0)
      : 0,
    total: row.total,
    currency: row.currency as Currency,
  }));
}

/** What the dashboard's live list reacts to. */
export const waitingKey = (waiting: WaitingOrder[]) => waiting.map((w) => w.id).join(',');
