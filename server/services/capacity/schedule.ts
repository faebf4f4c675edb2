import { Temporal } from 'temporal-polyfill';
import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { locations, orders, restaurants } from '#db/schema/index.ts';
import type { AppDeps } from '#server/context.ts';
import { timeZoneOf } from '#domain/country.ts';
import { hoursFor, serviceOf, type WorkingHours } from '#domain/hours.ts';
import { SLOT_MINUTES, type SlotLoad } from '#domain/kitchen-capacity.ts';
import { type Kitchen, KITCHEN_LIMITS, type ScheduleAnswer, scheduleAnswer } from '#domain/kitchen-settings.ts';
import { countryOf } from '#domain/money.ts';
import type { DeliveryMethod } from '#domain/pricing.ts';
import type { PricedBasket } from '../basket/priced.ts';
import { getRestaurantPage } from '../catalogue/menu.ts';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** What each slot of a kitchen holds: the count place-order's write keeps within the slot's room (place/slots.ts). */
async function kitchenLoad(db: Deps['db'], locationId: number, now: Temporal.Instant) {
  const load = new Map<number, SlotLoad>();
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
        eq(restaurants.locationId, locationId),
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
  return load;
}

async function scheduleOf(
  { db, now: clock }: Deps,
  call: {
    locationId: number;
    kitchen: Kitchen;
    restaurant: { isEnabled: boolean; hours: WorkingHours; timeZone: string; preparationMinutes: number };
    delivery: boolean;
    items: number;
  },
): Promise<ScheduleAnswer> {
  const now = Temporal.Instant.fromEpochMilliseconds(clock().getTime());
  const limited = call.kitchen.slotOrders !== null || call.kitchen.slotItems !== null;
  const load = limited ? await kitchenLoad(db, call.locationId, now) : new Map<number, SlotLoad>();
  return scheduleAnswer({ ...call, load, items: Math.max(1, call.items), now });
}

/**
 * What checkout (web, call centre) shows before paying for a basket: the ASAP promise and the slots a customer may
 * choose, from the kitchen's settings, busy mode and slot load now. Null for a basket with no restaurant yet. The same
 * rules place-order applies, so a slot offered here is taken there unless another order filled it meanwhile
 * (slotUnavailable then).
 */
export async function basketSchedule(deps: Deps, basket: PricedBasket): Promise<ScheduleAnswer | null> {
  const { restaurant, location, kitchen } = basket;
  if (!restaurant || !location || !kitchen) return null;
  return scheduleOf(deps, {
    locationId: location.id,
    kitchen,
    restaurant,
    delivery: basket.deliveryMethod !== 'pickup',
    items: basket.itemCount,
  });
}

/** The same for a bot, which has no basket: a restaurant by its slug, the number of items and the delivery method. */
export async function restaurantSchedule(
  deps: Deps,
  call: { slug: string; items: number; deliveryMethod: DeliveryMethod },
): Promise<ScheduleAnswer | null> {
  const page = await getRestaurantPage(deps, { idOrSlug: call.slug });
  if (!page) return null;
  const { head } = page;
  const [kitchen] = await deps.db
    .select({
      slotOrders: locations.slotOrders,
      slotItems: locations.slotItems,
      preOrdersWhileClosed: locations.preOrdersWhileClosed,
      horizonDays: locations.horizonDays,
      deliveryMinutes: locations.deliveryMinutes,
      busy: locations.busy,
    })
    .from(locations)
    .where(eq(locations.id, head.location.id));
  if (!kitchen) return null;
  return scheduleOf(deps, {
    locationId: head.location.id,
    kitchen: { ...kitchen, busy: kitchen.busy ?? null },
    restaurant: {
      isEnabled: head.state.state !== 'unavailable',
      // The hours of the service asked for (issue 38): pickup and delivery may keep hours of their own.
      hours: hoursFor(head.hours, serviceOf(call.deliveryMethod)),
      timeZone: timeZoneOf(countryOf(head.location.country)),
      preparationMinutes: head.preparationMinutes,
    },
    delivery: call.deliveryMethod !== 'pickup',
    items: call.items,
  });
}
