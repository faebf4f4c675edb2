import { eq } from 'drizzle-orm';
import { deliveryZones, locations, restaurants } from '#db/schema/index.ts';
import { isInsideDeliveryArea } from '#domain/delivery-area.ts';
import type { DeliveryQuery } from '#domain/addresses.ts';
import { restaurantSummaries, type RestaurantSummary } from './restaurants.ts';
import type { AppDeps } from '#server/context.ts';

/**
 * The homepage's "restaurants in your neighbourhood": those with a delivery zone holding the address
 * (its point, or its zip) at locations that deliver. Zones are a handful of polygons and zip lists,
 * so they are checked in code with the one rule in server/domain rather than re-derived in SQL.
 */
export async function restaurantsDeliveringTo(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  query: DeliveryQuery,
): Promise<RestaurantSummary[]> {
  const now = clock();
  const rows = await db
    .select({ id: deliveryZones.restaurantId, polygon: deliveryZones.polygon, zips: deliveryZones.zips })
    .from(deliveryZones)
    .innerJoin(restaurants, eq(restaurants.id, deliveryZones.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(query.country ? eq(locations.country, query.country) : undefined);
  const point = { lat: query.lat ?? null, lng: query.lng ?? null, zip: query.zip ?? null };
  const inside = new Set(
    rows.filter((r) => isInsideDeliveryArea({ polygon: r.polygon, zips: r.zips }, point)).map((r) => r.id),
  );
  const all = await restaurantSummaries(db, eq(locations.deliveryEnabled, true), now, query.lang);
  return all.filter((r) => inside.has(r.id));
}
