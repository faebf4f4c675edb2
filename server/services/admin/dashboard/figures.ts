import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { concepts, orders, restaurants } from '#db/schema/index.ts';
import { periodStart, SOLD_STATUSES, type DashboardPeriod } from '#domain/dashboard.ts';
import { acceptanceSecondsLeft } from '#domain/orders.ts';
import type { Currency } from '#domain/money.ts';
import { Temporal } from 'temporal-polyfill';
import type { AppDeps } from '#server/context.ts';

/** Revenue in minor units; the dashboard writes it in its language (formatMoney). */
type Figure = { orders: number; revenue: number };
export type DashboardRow = Figure & { id: number; slug: string; name: string; currency: Currency };
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
  totals: (Figure & { currency: Currency })[];
  byConcept: DashboardRow[];
  byRestaurant: (DashboardRow & { concept: string })[];
  waiting: WaitingOrder[];
  /** Every restaurant, for the links to their kitchen boards. */
  restaurants: { slug: string; name: string; concept: string }[];
};

/**
 * The dashboard's figures for a period: orders that reached a restaurant and were not refused, and their total, per
 * restaurant and currency in one grouped query (orders read by created_at and status through their index), summed
 * by concept here. Waiting orders are every order still awaiting acceptance, soonest deadline first.
 */
export async function loadDashboard(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { days }: { days: DashboardPeriod },
): Promise<Dashboard> {
  const now = clock();
  const since = periodStart(days, now);
  const [grouped, waitingRows, allRestaurants] = await Promise.all([
    db
      .select({
        restaurantId: orders.restaurantId,
        currency: orders.currency,
        orders: sql<number>`count(*)::int`,
        revenue: sql<number>`coalesce(sum(${orders.total}), 0)::bigint`.mapWith(Number),
      })
      .from(orders)
      .where(and(gte(orders.createdAt, since), inArray(orders.status, [...SOLD_STATUSES])))
      .groupBy(orders.restaurantId, orders.currency),
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
  const figure = (count: number, revenue: number): Figure => ({ orders: count, revenue });

  const byRestaurant: Dashboard['byRestaurant'] = [];
  const conceptSums = new Map<
    string,
    { id: number; slug: string; name: string; currency: Currency; o: number; r: number }
  >();
  const totalSums = new Map<Currency, { o: number; r: number }>();
  for (const g of grouped) {
    const restaurant = names.find((n) => n.id === g.restaurantId);
    if (!restaurant) continue;
    const currency = g.currency as Currency;
    byRestaurant.push({
      id: restaurant.id,
      slug: restaurant.slug,
      name: restaurant.name,
      concept: restaurant.concept,
      currency,
      ...figure(g.orders, g.revenue),
    });
    const key = `${restaurant.conceptId}|${currency}`;
    const sum = conceptSums.get(key) ?? {
      id: restaurant.conceptId,
      slug: restaurant.conceptSlug,
      name: restaurant.concept,
      currency,
      o: 0,
      r: 0,
    };
    sum.o += g.orders;
    sum.r += g.revenue;
    conceptSums.set(key, sum);
    const total = totalSums.get(currency) ?? { o: 0, r: 0 };
    total.o += g.orders;
    total.r += g.revenue;
    totalSums.set(currency, total);
  }
  const byRevenue = (a: { currency: string; revenue: number }, b: { currency: string; revenue: number }) =>
    a.currency.localeCompare(b.currency) || b.revenue - a.revenue;
  return {
    days,
    since: since.toISOString(),
    now: now.toISOString(),
    totals: [...totalSums]
      .map(([currency, t]) => ({ currency, ...figure(t.o, t.r) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    byConcept: [...conceptSums.values()]
      .map((c) => ({ id: c.id, slug: c.slug, name: c.name, currency: c.currency, ...figure(c.o, c.r) }))
      .sort(byRevenue),
    byRestaurant: byRestaurant.sort(byRevenue),
    waiting: waitingRows,
    restaurants: allRestaurants,
  };
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
