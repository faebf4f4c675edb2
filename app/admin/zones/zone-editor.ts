import { type } from 'arktype';
import { zipList } from '#domain/admin-forms.ts';
import type { PolygonGeometry, Position } from '#domain/delivery-area.ts';
import { deliveryZonesBody, type DeliveryZonesBody } from '#domain/delivery-zones.ts';

/**
 * The zone editor's model (ZoneEditor.tsx): each zone's outline as a list of vertices ([lat, lng], the order a map
 * and a person read them; GeoJSON keeps [lng, lat]), its zips and money as typed. Pure, so its rules are tested
 * without a browser.
 */

/** A vertex as typed or dragged: latitude and longitude in degrees. */
export type Vertex = { lat: number; lng: number };

export type EditedZone = {
  /** Only for React's lists: a zone keeps its key while its fields change. */
  key: string;
  name: string;
  /** The outline without its closing repeat; fewer than 3 vertices is no polygon. */
  vertices: Vertex[];
  /** Any holes the zone had, kept as they were (the editor draws outlines only). */
  holes: Position[][];
  zips: string;
  /** Money as typed, in main units ('7.99'). */
  fee: string;
  minimum: string;
};

/** A zone as GET /api/admin/restaurants/{id}/zones answers it. */
export type ZoneRow = {
  id: number;
  name: string;
  polygon: PolygonGeometry | null;
  zips: string[];
  deliveryValue: number;
  minBasketValue: number;
};

let keys = 0;
const nextKey = () => `zone-${++keys}`;

export const moneyText = (minor: number): string => (minor / 100).toFixed(2);

/** Main units as typed ('7,99', '7.9', '8') in minor units; NaN for anything else. */
export function parseMoney(text: string): number {
  const normal = text.trim().replace(',', '.');
  return /^\d+(\.\d{0,2})?$/.test(normal) ? Math.round(Number(normal) * 100) : Number.NaN;
}

export function editedZone(row: ZoneRow): EditedZone {
  const [outline = [], ...holes] = row.polygon?.coordinates ?? [];
  // The ring is closed (its first position repeated last); the editor shows each corner once.
  const open = outline.length > 1 ? outline.slice(0, -1) : outline;
  return {
    key: nextKey(),
    name: row.name,
    vertices: open.map(([lng, lat]) => ({ lat, lng })),
    holes,
    zips: row.zips.join('\n'),
    fee: moneyText(row.deliveryValue),
    minimum: moneyText(row.minBasketValue),
  };
}

/** A new zone: no outline yet, the restaurant's own fee and minimum. */
export const newZone = (fee: number, minimum: number): EditedZone => ({
  key: nextKey(),
  name: '',
  vertices: [],
  holes: [],
  zips: '',
  fee: moneyText(fee),
  minimum: moneyText(minimum),
});

/** Rounded to about 1 cm: a dragged marker's 15 decimals say nothing more. */
const round = (degrees: number) => Math.round(degrees * 1e7) / 1e7;

/** The outline as a closed GeoJSON Polygon, or null with fewer than three corners. */
export function polygonOf(zone: Pick<EditedZone, 'vertices' | 'holes'>): PolygonGeometry | null {
  if (zone.vertices.length < 3) return null;
  const ring: Position[] = zone.vertices.map(({ lat, lng }) => [round(lng), round(lat)]);
  ring.push([...ring[0]!]);
  return { type: 'Polygon', coordinates: [ring, ...zone.holes] };
}

/** The body of PUT /api/admin/restaurants/{id}/zones. */
export function zonesBody(zones: readonly EditedZone[]): DeliveryZonesBody {
  return {
    zones: zones.map((zone) => ({
      name: zone.name.trim(),
      polygon: polygonOf(zone),
      zips: zipList(zone.zips),
      deliveryValue: parseMoney(zone.fee),
      minBasketValue: parseMoney(zone.minimum),
    })),
  };
}

/**
 * What is wrong with the zones before sending, as the API would say it: `zones.<n>.<field>` paths to their rule.
 * An outline of one or two corners is its own problem (the API sees no polygon, and would say "polygon or zips").
 */
export function zoneProblems(zones: readonly EditedZone[]): Record<string, string> {
  const problems: Record<string, string> = {};
  zones.forEach((zone, index) => {
    if (zone.vertices.length > 0 && zone.vertices.length < 3) problems[`zones.${index}.polygon`] = 'tooFewVertices';
    if (zone.vertices.some((v) => !(Math.abs(v.lat) <= 90 && Math.abs(v.lng) <= 180)))
      problems[`zones.${index}.polygon`] = 'invalid';
  });
  const body = zonesBody(zones);
  const checked = deliveryZonesBody(body);
  if (checked instanceof type.errors) {
    for (const error of checked) {
      const [, index, field] = error.path;
      if (typeof index !== 'number') continue;
      const name = field === 'deliveryValue' || field === 'minBasketValue' || field === 'zips' ? field : 'polygon';
      problems[`zones.${index}.${name}`] ??= field === 'polygon' || field === undefined ? 'areaMissing' : 'invalid';
    }
  }
  return problems;
}

/** The zone with one vertex moved, added after `after` (at the end by default) or removed. */
export const moveVertex = (zone: EditedZone, index: number, to: Vertex): EditedZone => ({
  ...zone,
  vertices: zone.vertices.map((v, i) => (i === index ? { lat: round(to.lat), lng: round(to.lng) } : v)),
});

export function addVertex(zone: EditedZone, at: Vertex, after = zone.vertices.length - 1): EditedZone {
  const vertices = [...zone.vertices];
  vertices.splice(after + 1, 0, { lat: round(at.lat), lng: round(at.lng) });
  return { ...zone, vertices };
}

export const removeVertex = (zone: EditedZone, index: number): EditedZone => ({
  ...zone,
  vertices: zone.vertices.filter((_, i) => i !== index),
});

/** Where a vertex added from the list goes: halfway along the outline's last edge, or near the map's centre. */
export function nextVertex(zone: EditedZone, centre: Vertex): Vertex {
  const { vertices } = zone;
  const last = vertices[vertices.length - 1];
  const first = vertices[0];
  if (last && first && vertices.length >= 2)
    return { lat: (last.lat + first.lat) / 2, lng: (last.lng + first.lng) / 2 };
  const offset = 0.01 * (vertices.length + 1);
  return { lat: centre.lat + (vertices.length === 1 ? offset : 0), lng: centre.lng + offset };
}
