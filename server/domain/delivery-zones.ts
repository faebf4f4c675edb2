import { type } from 'arktype';
import { deliveryPolygon } from './admin-forms.ts';
import { type DeliveryPoint, type DeliveryZone, type PolygonGeometry, zoneFor } from './delivery-area.ts';

/**
 * A restaurant's delivery zones as the admin edits them (issue 38, decision 061): the whole list at once, in the
 * order the admin lists them. Each zone is a polygon and/or zip codes, with its delivery fee and minimum order in
 * minor units. A zone with neither a polygon nor a zip holds no address and is refused, so that an operator does not
 * believe a zone delivers somewhere.
 */
const money = type('0 <= number.integer <= 100000000');

export const deliveryZoneBody = type({
  name: 'string <= 100',
  polygon: deliveryPolygon.or('null'),
  zips: type('string <= 12').array().atMostLength(2000),
  deliveryValue: money,
  minBasketValue: money,
});
export type DeliveryZoneBody = typeof deliveryZoneBody.infer;

export const MAX_DELIVERY_ZONES = 50;

export const deliveryZonesBody = type({
  zones: deliveryZoneBody.array().atMostLength(MAX_DELIVERY_ZONES),
}).narrow((body, ctx) => {
  let ok = true;
  body.zones.forEach((zone, index) => {
    if (zone.polygon === null && zipsOf(zone.zips).length === 0) {
      ctx.reject({ path: ['zones', index, 'polygon'], expected: 'a polygon or a zip code', actual: '' });
      ok = false;
    }
  });
  return ok;
});
export type DeliveryZonesBody = typeof deliveryZonesBody.infer;

/** A zone's zips as stored: trimmed, blank ones left out, each once. */
export const zipsOf = (zips: readonly string[]): string[] => [
  ...new Set(zips.map((zip) => zip.trim()).filter(Boolean)),
];

/** A zone as the basket and the restaurant page read it from the database (one row of delivery_zones). */
export type StoredDeliveryZone = {
  id: number;
  polygon: PolygonGeometry | null;
  zips: string[];
  deliveryValue: number;
  minBasketValue: number;
};

export const asDeliveryZone = (zone: StoredDeliveryZone): DeliveryZone => ({
  id: zone.id,
  area: { polygon: zone.polygon, zips: zone.zips },
  deliveryFee: zone.deliveryValue,
  minBasketValue: zone.minBasketValue,
});

/** What delivery costs at an address: the fee and minimum of the zone holding it, or null outside every zone. */
export type DeliveryTerms = { zoneId: number; deliveryValue: number; minBasketValue: number };

export function deliveryTermsAt(zones: readonly StoredDeliveryZone[], point: DeliveryPoint): DeliveryTerms | null {
  const zone = zoneFor(zones.map(asDeliveryZone), point);
  return zone ? { zoneId: zone.id, deliveryValue: zone.deliveryFee, minBasketValue: zone.minBasketValue } : null;
}

/**
 * What delivery costs before the address is known: the cheapest fee and the lowest minimum of any zone ("delivery
 * from X"). Null when the restaurant delivers nowhere.
 */
export function cheapestTerms(
  zones: readonly Pick<StoredDeliveryZone, 'deliveryValue' | 'minBasketValue'>[],
): { deliveryValue: number; minBasketValue: number } | null {
  if (zones.length === 0) return null;
  return {
    deliveryValue: Math.min(...zones.map((z) => z.deliveryValue)),
    minBasketValue: Math.min(...zones.map((z) => z.minBasketValue)),
  };
}
