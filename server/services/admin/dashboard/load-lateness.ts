import { and, gte, inArray, isNotNull, eq } from 'drizzle-orm';
import { orders, restaurants } from '#db/schema/index.ts';
import { periodStart, type DashboardPeriod } from '#domain/dashboard.ts';
import { lateness } from '#domain/kitchen-capacity.ts';
import { instantOf, measurable } from '#domain/order-times.ts';
import type { StaffScope } from '#domain/staff-access.ts';
import type { AppDeps } from '#server/context.ts';
import { kitchensInScope } from '../staff/scope.ts';

/** One kitchen's promise accuracy over the period: minutes ready − promised (negative: early), null for no order. */
export type KitchenLateness = {
  id: number;
  slug: string;
  name: string;
  /** The orders measured: placed in the period, marked ready, with a promise (#domain/order-times.ts). */
  measured: number;
  p50: number | null;
  p90: number | null;
};
export type Lateness = { days: DashboardPeriod; since: string; kitchens: KitchenLateness[] };

/**
 * How late each kitchen (a location: every brand cooked there) of the scope had its orders ready against their
 * promise, over the dashboard's period (orders placed since midnight in Warsaw `days` days back): the median and the
 * 90th percentile (lateness, #domain/kitchen-capacity.ts) of the orders marked ready, each measured against its
 * promise (promisedReadyAt, #domain/order-times.ts). Every kitchen of the scope is listed, measured or not. The
 * period's ready orders are read as five columns each and measured here, so the promise has one definition.
 */
export async function loadLateness(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  { days, scope }: { days: DashboardPeriod; scope: StaffScope },
): Promise<Lateness> {
  const since = periodStart(days, now());
  const kitchens = await kitchensInScope(db, scope);
  const ids = kitchens.map((kitchen) => kitchen.id);
  const rows = ids.length
    ? await db
        .select({
          kitchen: restaurants.locationId,
          promisedAt: orders.promisedAt,
          acceptedAt: orders.acceptedAt,
          preparationMinutes: orders.preparationMinutes,
          readyAt: orders.readyAt,
        })
        .from(orders)
        .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
        .where(
          and(
            gte(orders.createdAt, since),
            isNotNull(orders.readyAt),
            scope.kind === 'all' ? undefined : inArray(restaurants.locationId, ids),
          ),
        )
    : [];
  return {
    days,
    since: since.toISOString(),
    kitchens: kitchens.map((kitchen) => {
      const measured = measurable(
        rows
          .filter((row) => row.kitchen === kitchen.id)
          .map((row) => ({
            promisedAt: instantOf(row.promisedAt),
            acceptedAt: instantOf(row.acceptedAt),
            preparationMinutes: row.preparationMinutes,
            readyAt: instantOf(row.readyAt),
          })),
      );
      const figures = lateness(measured);
      return {
        id: kitchen.id,
        slug: kitchen.slug,
        name: kitchen.name,
        measured: measured.length,
        p50: figures?.p50 ?? null,
        p90: figures?.p90 ?? null,
      };
    }),
  };
}
