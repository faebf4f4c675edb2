/** GeoJSON order: [longitude, latitude]. The first ring is the outline, any further rings are holes. */
export type Position = [number, number];
export type PolygonGeometry = { type: 'Polygon'; coordinates: Position[][] };

/** design.md: a polygon and/or a list of zip codes per restaurant. */
export type DeliveryArea = { polygon?: PolygonGeometry | null; zips?: string[] | null };

export type DeliveryPoint = { lat?: number | null; lng?: number | null; zip?: string | null };

function onSegment(x: number, y: number, [ax, ay]: Position, [bx, by]: Position): boolean {
  const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
  if (Math.abs(cross) > 1e-12) return false;
  return Math.min(ax, bx) <= x && x <= Math.max(ax, bx) && Math.min(ay, by) <= y && y <= Math.max(ay, by);
}

/** Ray casting. A point exactly on the ring counts as on it (reported separately). */
function ringContains(ring: Position[], x: number, y: number): 'inside' | 'outside' | 'edge' {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    // i and j stay within the ring.
    const [a, b] = [ring[i], ring[j]] as [Position, Position];
    if (onSegment(x, y, a, b)) return 'edge';
    if (a[1] > y !== b[1] > y && x < ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside ? 'inside' : 'outside';
}

/**
 * Inside the polygon's outline and not strictly inside a hole. Points on a border count as inside:
 * a customer on the boundary street gets delivery rather than an error.
 * Plain planar geometry on lng/lat: delivery areas span a few kilometres, where that is exact enough.
 */
export function isPointInPolygon(polygon: PolygonGeometry, lng: number, lat: number): boolean {
  const [outline, ...holes] = polygon.coordinates;
  if (!outline || outline.length < 3) return false;
  if (ringContains(outline, lng, lat) === 'outside') return false;
  return holes.every((hole) => ringContains(hole, lng, lat) !== 'inside');
}

/** '00-950', ' 00950 ' and '00 950' name the same zip for the purpose of matching a list. */
function zipKey(zip: string): string {
  return zip.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * design.md: an address is inside if its point is inside the polygon or its zip is listed.
 * A restaurant with neither configured delivers nowhere (the safe default: no silent "everywhere").
 */
export function isInsideDeliveryArea(area: DeliveryArea | null | undefined, point: DeliveryPoint): boolean {
  if (!area) return false;
  const { lat, lng, zip } = point;
  if (area.polygon && typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat + lng)) {
    if (isPointInPolygon(area.polygon, lng, lat)) return true;
  }
  if (area.zips && typeof zip === 'string' && zip.trim() !== '') {
    const key = zipKey(zip);
    return area.zips.some((z) => zipKey(z) === key);
  }
  return false;
}

/** One of a restaurant's delivery zones (issue 38): its area, its delivery fee and minimum order, in minor units. */
export type DeliveryZone = { id: number; area: DeliveryArea; deliveryFee: number; minBasketValue: number };

/**
 * The zone that delivers to an address: of the zones holding it, the cheapest delivery, then the lower minimum, then
 * the first listed. Zones drawn by hand overlap at their edges, and a customer on such a street should pay the lower
 * fee rather than whichever zone an operator happened to draw first. Null when no zone holds it.
 */
export function zoneFor(zones: readonly DeliveryZone[], point: DeliveryPoint): DeliveryZone | null {
  let best: DeliveryZone | null = null;
  for (const zone of zones) {
    if (!isInsideDeliveryArea(zone.area, point)) continue;
    if (
      !best ||
      zone.deliveryFee < best.deliveryFee ||
      (zone.deliveryFee === best.deliveryFee && zone.minBasketValue < best.minBasketValue)
    )
      best = zone;
  }
  return best;
}
