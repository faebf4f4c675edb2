import { Temporal } from 'temporal-polyfill';
import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { orders, restaurants } from '#db/schema/index.ts';
import type { AppDeps } from '#server/context.ts';
import { SLOT_MINUTES } from '#domain/kitchen-capacity.ts';
import { KITCHEN_LIMITS, type ScheduleAnswer, scheduleAnswer } from '#domain/kitchen-settings.ts';
import type { PricedBasket } from '../basket/priced.ts';
import type { SlotLoad } from '#domain/kitchen-capacity.ts';

/**
 * What checkout (web, call centre) shows before paying for a basket: the ASAP promise and the slots a customer may
 * choose, from the kitchen's settings, busy mode and slot load now. Null for a basket with no restaurant yet. The same
 * rules place-order applies, so a slot offered here is taken there unless another order filled it meanwhile
 * (slotUnavailable then).
 */
export async function basketSchedule(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  basket: PricedBasket,
): Promise<ScheduleAnswer | null> {
  const { restaurant, location, kitchen } = basket;
  if (!restaurant || !location || !kitchen) return null;
  const now = Temporal.Instant.fromEpochMilliseconds(clock().getTime());
  const limited = kitchen.slotOrders !== null || kitchen.slotItems !== null;
  const load = new Map<number, SlotLoad>();
  if (limited) {
    // The same count place-order makes under the kitchen's lock (place/slots.ts): the kitchen's orders still coming.
    const rows = await db
      .select({
        slot: orders.scheduledFor,
        orders: sql<number>`count(*)::int`,
        items: sql<number>`coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = ${orders.id})), 0)::int`,
      })
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(
        and(
          eq(restaurants.locationId, location.id),
          gte(orders.scheduledFor, new Date(now.subtract({ minutes: SLOT_MINUTES }).epochMilliseconds)),
          lt(
            orders.scheduledFor,
            new Date(now.add({ hours: 24 * (KITCHEN_LIMITS.horizonDays.max + 2) }).epochMilliseconds),
          ),
          notInArray(orders.status, ['rejected', 'canceled']),
        ),
      )
      .groupBy(orders.scheduledFor);
    for (const row of rows) {
      if (row.slot) load.set(row.slot.getTime(), { orders: Number(row.orders), items: Number(row.items) });
    }
  }
  return scheduleAnswer({
    kitchen,
    restaurant,
    delivery: basket.deliveryMethod !== 'pickup',
    load,
    items: Math.max(1, basket.itemCount),
    now,
  });
}
