import { Temporal } from 'temporal-polyfill';
import { queryOf } from '#db/raw.ts';
import type { AppDeps } from '#server/context.ts';
import { SLOT_MINUTES } from '#domain/kitchen-capacity.ts';
import { KITCHEN_LIMITS, type ScheduleAnswer, scheduleAnswer } from '#domain/kitchen-settings.ts';
import type { PricedBasket } from '../basket/priced.ts';
import { LOCATION_SLOT_LOAD_SQL, slotLoadOf } from './slots.ts';

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
  const load = limited
    ? slotLoadOf(
        await queryOf(db)(LOCATION_SLOT_LOAD_SQL, [
          location.id,
          now.subtract({ minutes: SLOT_MINUTES }).toString(),
          now.add({ hours: 24 * (KITCHEN_LIMITS.horizonDays.max + 2) }).toString(),
        ]),
      )
    : new Map();
  return scheduleAnswer({
    kitchen,
    restaurant,
    delivery: basket.deliveryMethod !== 'pickup',
    load,
    items: Math.max(1, basket.itemCount),
    now,
  });
}
