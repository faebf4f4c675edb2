import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { locations, restaurants } from '#db/schema/index.ts';
import { type BusyChoice, startBusyMode } from '#domain/kitchen-capacity.ts';
import { activeBusy, type StoredBusy, storedBusy } from '#domain/kitchen-settings.ts';
import { withTransaction } from '#db/transaction.ts';
import type { AppDeps, ServiceCtx } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { timeZoneOf } from '#domain/country.ts';
import { countryOf } from '#domain/money.ts';
import { actorUserId } from '../actor.ts';
import { recordAudit } from '../orders/bookkeeping.ts';

/** A kitchen as its board shows it: the location, and its busy mode in force (with the pause's reason). */
export type KitchenBusyState = {
  locationId: number;
  locationName: string;
  /** The kitchen's clock, for the times the board shows. */
  timeZone: string;
  busy: StoredBusy | null;
};

const locationOfRestaurant = {
  id: locations.id,
  name: locations.name,
  country: locations.country,
  busy: locations.busy,
};

/** The busy mode of the kitchen that cooks `restaurantId`, as in force now (null once its time is up). */
export async function kitchenBusyState(
  ctx: Pick<AppDeps, 'db' | 'now'>,
  { restaurantId }: { restaurantId: number },
): Promise<KitchenBusyState> {
  const [row] = await ctx.db
    .select(locationOfRestaurant)
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw notFound();
  const now = Temporal.Instant.fromEpochMilliseconds(ctx.now().getTime());
  return {
    locationId: row.id,
    locationName: row.name,
    timeZone: timeZoneOf(countryOf(row.country)),
    busy: activeBusy(row.busy ?? null, now),
  };
}

/**
 * Sets (a choice) or ends (null) busy mode for the whole kitchen that cooks `restaurantId`: every brand at that
 * location and every channel at once, since place-order reads it from the location. One tap on a board; the change
 * is in the audit log. A mode with a time ends by itself (nothing writes then: busyModeAt reads it as over).
 */
export function setKitchenBusy(
  ctx: ServiceCtx<'db'>,
  { restaurantId, choice }: { restaurantId: number; choice: BusyChoice | null },
): Promise<KitchenBusyState> {
  const now = Temporal.Instant.fromEpochMilliseconds(ctx.now().getTime());
  const busy = choice ? storedBusy(startBusyMode(choice, now), now) : null;
  return withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .select(locationOfRestaurant)
      .from(restaurants)
      .innerJoin(locations, eq(locations.id, restaurants.locationId))
      .where(eq(restaurants.id, restaurantId))
      .for('update', { of: locations });
    if (!row) throw notFound();
    await tx.update(locations).set({ busy }).where(eq(locations.id, row.id));
    await recordAudit(tx, {
      at: new Date(now.epochMilliseconds),
      actorUserId: actorUserId(ctx.actor),
      action: 'location.updated',
      entity: 'location',
      entityId: String(row.id),
      data: { busy, fromRestaurantId: restaurantId },
    });
    return { locationId: row.id, locationName: row.name, timeZone: timeZoneOf(countryOf(row.country)), busy };
  });
}
