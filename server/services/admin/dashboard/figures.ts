import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { auditLog, concepts, orders, restaurants } from '#db/schema/index.ts';
import { periodStart, READY_STATUSES, type DashboardPeriod } from '#domain/dashboard.ts';
import { acceptanceSecondsLeft } from '#domain/orders.ts';
import type { Currency } from '#domain/money.ts';
import { Temporal } from 'temporal-polyfill';
import type { AppDeps } from '#server/context.ts';
import { countsInFigures } from '../figures/outcomes.ts';
import { brandShares, shareAggregates } from '../figures/brand-shares.ts';

type Aggregates = ReturnType<typeof shareAggregates>;

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

const emptyFigure = (): Figure => ({ orders: 0, revenue: 0 });
const emptyOutcomes = (): Outcomes => ({
  ...emptyFigure(),
  rejected: emptyFigure(),
  missed: emptyFigure(),
  canceled: emptyFigure(),
});

/**
 * The dashboard's figures for a period, by the one definition of #domain/dashboard.ts (the sales list uses the same):
 * orders placed since midnight in Warsaw `days` days back that reached a restaurant, sold or not. Their value is
 * split among the brands that cooked them (#domain/brand-split.ts, decision 067), and the brands' shares are summed
 * per restaurant, per concept and per currency in one query (grouping sets); an order counts once in each row it has
 * a share in, so a multi-brand order is one order in the totals and one in each of its brands' rows. The times are
 * the order's, beside the restaurant it was placed at (one order is accepted and prepared once). Waiting orders are
 * every order still awaiting acceptance, soonest first.
 */
export async function loadDashboard(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { days }: { days: DashboardPeriod },
): Promise<Dashboard> {
  const now = clock();
  const since = periodStart(days, now);
  const inPeriod = and(gte(orders.createdAt, since), countsInFigures());
  const { scoped, shares } = brandShares(db, inPeriod);
  const [sold, rejected, missed, canceled] = (['sold', 'rejected', 'missed', 'canceled'] as const).map((outcome) =>
    shareAggregates(shares, outcome),
  ) as [Aggregates, Aggregates, Aggregates, Aggregates];
  const [grouped, times, readyTimes, waitingRows, allRestaurants] = await Promise.all([
    db
      .with(scoped)
      .select({
        // 0: a restaurant's row, 2: a concept's (its restaurants summed: the first bit), 3: a currency's totals.
        level: sql<number>`grouping(${shares.restaurantId}, ${restaurants.conceptId})::int`,
        restaurantId: shares.restaurantId,
        conceptId: restaurants.conceptId,
        currency: shares.currency,
        orders: sold.orders,
        revenue: sold.value,
        rejectedOrders: rejected.orders,
        rejectedValue: rejected.value,
        missedOrders: missed.orders,
        missedValue: missed.value,
        canceledOrders: canceled.orders,
        canceledValue: canceled.value,
      })
      .from(shares)
      .innerJoin(restaurants, eq(restaurants.id, shares.restaurantId))
      .groupBy(
        sql`grouping sets ((${shares.currency}, ${shares.restaurantId}, ${restaurants.conceptId}), (${shares.currency}, ${restaurants.conceptId}), (${shares.currency}))`,
      ),
    db
      .select({
        restaurantId: orders.restaurantId,
        currency: orders.currency,
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
  const restaurantRows = grouped.filter((g) => g.level === 0);
  const restaurantIds = [...new Set([...restaurantRows, ...times].map((g) => g.restaurantId))];
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

  const outcomesOf = (g: (typeof grouped)[number] | undefined): Outcomes =>
    g
      ? {
          orders: g.orders,
          revenue: g.revenue,
          rejected: { orders: g.rejectedOrders, revenue: g.rejectedValue },
          missed: { orders: g.missedOrders, revenue: g.missedValue },
          canceled: { orders: g.canceledOrders, revenue: g.canceledValue },
        }
      : emptyOutcomes();
  const key = (restaurantId: number, currency: string) => `${restaurantId}|${currency}`;
  const keys = new Map([...restaurantRows, ...times].map((g) => [key(g.restaurantId, g.currency), g] as const));
  const byRestaurant: Dashboard['byRestaurant'] = [];
  for (const { restaurantId, currency } of keys.values()) {
    const restaurant = names.find((n) => n.id === restaurantId);
    if (!restaurant) continue;
    const figures = restaurantRows.find((g) => g.restaurantId === restaurantId && g.currency === currency);
    const time = times.find((t) => t.restaurantId === restaurantId && t.currency === currency);
    const ready = readyTimes.find((r) => r.restaurantId === restaurantId && r.currency === currency);
    byRestaurant.push({
      id: restaurant.id,
      slug: restaurant.slug,
      name: restaurant.name,
      concept: restaurant.concept,
      currency: currency as Currency,
      ...outcomesOf(figures),
      times: {
        accepted: time?.accepted ?? 0,
        acceptanceSeconds: time?.acceptanceSeconds == null ? null : Math.round(time.acceptanceSeconds),
        promisedMinutes: time?.promisedMinutes == null ? null : Math.round(time.promisedMinutes * 10) / 10,
        ready: ready?.ready ?? 0,
        actualMinutes: ready?.actualMinutes === undefined ? null : Math.round(ready.actualMinutes * 10) / 10,
      },
    });
  }
  const byConcept: DashboardRow[] = [];
  for (const g of grouped.filter((row) => row.level === 2)) {
    const concept = names.find((n) => n.conceptId === g.conceptId);
    if (!concept) continue;
    byConcept.push({
      id: concept.conceptId,
      slug: concept.conceptSlug,
      name: concept.concept,
      currency: g.currency as Currency,
      ...outcomesOf(g),
    });
  }
  const byRevenue = (a: { currency: string; revenue: number }, b: { currency: string; revenue: number }) =>
    a.currency.localeCompare(b.currency) || b.revenue - a.revenue;
  return {
    days,
    since: since.toISOString(),
    now: now.toISOString(),
    totals: grouped
      .filter((g) => g.level === 3)
      .map((g) => ({ currency: g.currency as Currency, ...outcomesOf(g) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    byConcept: byConcept.sort(byRevenue),
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
