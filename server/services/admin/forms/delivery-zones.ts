import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { deliveryZones, locations, restaurants } from '#db/schema/index.ts';
import { zipsOf, type DeliveryZonesBody } from '#domain/delivery-zones.ts';
import type { Country } from '#domain/money.ts';
import { notFound } from '#server/errors.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { audit } from './context.ts';

/** One zone as the admin's zone screen edits it. */
export type AdminDeliveryZone = {
  id: number;
  name: string;
  polygon: { type: 'Polygon'; coordinates: [number, number][][] } | null;
  zips: string[];
  deliveryValue: number;
  minBasketValue: number;
};

/**
 * A restaurant's zones with what the map needs around them: the kitchen's point (where the map opens), its
 * country (the currency of the fees) and the restaurant's own fee and minimum, which a new zone starts with.
 */
export type AdminDeliveryZones = {
  restaurant: {
    id: number;
    name: string;
    country: Country;
    latitude: number;
    longitude: number;
    deliveryValue: number;
    minBasketValue: number;
  };
  zones: AdminDeliveryZone[];
};

async function readIn(db: Db | Tx, id: number): Promise<AdminDeliveryZones> {
  const [restaurant] = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      country: locations.country,
      latitude: locations.latitude,
      longitude: locations.longitude,
      deliveryValue: restaurants.deliveryValue,
      minBasketValue: restaurants.minBasketValue,
    })
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(eq(restaurants.id, id));
  if (!restaurant) throw notFound();
  const zones = await db
    .select({
      id: deliveryZones.id,
      name: deliveryZones.name,
      polygon: deliveryZones.polygon,
      zips: deliveryZones.zips,
      deliveryValue: deliveryZones.deliveryValue,
      minBasketValue: deliveryZones.minBasketValue,
    })
    .from(deliveryZones)
    .where(eq(deliveryZones.restaurantId, id))
    .orderBy(asc(deliveryZones.position), asc(deliveryZones.id));
  return { restaurant: { ...restaurant, country: restaurant.country as Country }, zones };
}

export const readDeliveryZones = (ctx: ServiceCtx<'db'>, id: number): Promise<AdminDeliveryZones> => readIn(ctx.db, id);

/**
 * Replaces a restaurant's zones with the list the admin saved, in its order, in one transaction with its audit row.
 * The whole list at once: zones are edited together on one map, and a basket priced meanwhile sees the old list or
 * the new one, never half of each. The zones' trigger moves the restaurant's menu version, so the shop's restaurant
 * page shows the new fees on its next request.
 */
export function writeDeliveryZones(
  ctx: ServiceCtx<'db'>,
  id: number,
  input: DeliveryZonesBody,
): Promise<AdminDeliveryZones> {
  return withTransaction(ctx, async ({ db: tx }) => {
    const [restaurant] = await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.id, id))
      .for('update');
    if (!restaurant) throw notFound();
    await tx.delete(deliveryZones).where(eq(deliveryZones.restaurantId, id));
    const rows = input.zones.map((zone, position) => ({
      restaurantId: id,
      name: zone.name.trim(),
      polygon: zone.polygon,
      zips: zipsOf(zone.zips),
      deliveryValue: zone.deliveryValue,
      minBasketValue: zone.minBasketValue,
      position,
    }));
    if (rows.length > 0) await tx.insert(deliveryZones).values(rows);
    await audit(tx, ctx, 'restaurant.updated', 'restaurant', id, { deliveryZones: rows });
    return readIn(tx, id);
  });
}
