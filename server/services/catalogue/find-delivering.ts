import { eq } from 'drizzle-orm';
import { deliveryZones, locations, restaurants } from '#db/schema/index.ts';
import { deliveryTermsAt, type StoredDeliveryZone } from '#domain/delivery-zones.ts';
import type { DeliveryQuery } from '#domain/addresses.ts';
import { restaurantSummaries, type RestaurantSummary } from './restaurants.ts';
import type { AppDeps } from '#server/context.ts';

/** A restaurant delivering to the address asked about, with what delivery costs there (its zone's terms). */
export type RestaurantDeliveringHere = RestaurantSummary & {
  atAddress: { deliveryValue: number; minBasketValue: number };
};

/**
 * The homepage's "restaurants in your neighbourhood": those with a delivery zone holding the address
 * (its point, or its zip) at locations that deliver, each with the fee and minimum of the zone that holds it (the
 * restaurant page's "delivery to your address"). Zones are a handful of polygons and zip lists,
 * so they are checked in code with the one rule in server/domain rather than re-derived in SQL.
 */
export async function restaurantsDeliveringTo(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  query: DeliveryQuery,
): Promise<RestaurantDeliveringHere[]> {
  const now = clock();
  const rows = await db
    .select({
      id: deliveryZones.id,
      restaurantId: deliveryZones.restaurantId,
      polygon: deliveryZones.polygon,
      zips: deliveryZones.zips,
      deliveryValue: deliveryZones.deliveryValue,
      minBasketValue: deliveryZones.minBasketValue,
    })
    .from(deliveryZones)
    .innerJoin(restaurants, eq(restaurants.id, deliveryZones.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(query.country ? eq(locations.country, query.country) : undefined);
  const point = { lat: query.lat ?? null, lng: query.lng ?? null, zip: query.zip ?? null };
  const zones = new Map<number, StoredDeliveryZone[]>();
  for (const row of rows) zones.set(row.restaurantId, [...(zones.get(row.restaurantId) ?? []), row]);
  const all = await restaurantSummaries(db, eq(locations.deliveryEnabled, true), now, query.lang);
  return all.flatMap((r) => {
    const terms = deliveryTermsAt(zones.get(r.id) ?? [], point);
    return terms
      ? [{ ...r, atAddress: { deliveryValue: terms.deliveryValue, minBasketValue: terms.minBasketValue } }]
      : [];
  });
}
