import { describe, expect, it } from 'vitest';
import {
  addVertex,
  editedZone,
  moveVertex,
  newZone,
  nextVertex,
  parseMoney,
  polygonOf,
  removeVertex,
  zoneProblems,
  zonesBody,
  type ZoneRow,
} from './zone-editor.ts';

const row: ZoneRow = {
  id: 4,
  name: 'Mokotów',
  polygon: {
    type: 'Polygon',
    coordinates: [
      [
        [20.9, 52.1],
        [21.1, 52.1],
        [21.1, 52.3],
        [20.9, 52.1],
      ],
    ],
  },
  zips: ['02-715', '02-716'],
  deliveryValue: 799,
  minBasketValue: 3000,
};

describe('the zone editor’s model', () => {
  it('shows a stored zone’s corners once each, as lat/lng, and its money in main units', () => {
    const zone = editedZone(row);
    expect(zone.vertices).toEqual([
      { lat: 52.1, lng: 20.9 },
      { lat: 52.1, lng: 21.1 },
      { lat: 52.3, lng: 21.1 },
    ]);
    expect(zone).toMatchObject({ name: 'Mokotów', zips: '02-715\n02-716', fee: '7.99', minimum: '30.00' });
  });

  it('gives back the same zone it was loaded from (round trip)', () => {
    expect(zonesBody([editedZone(row)])).toEqual({
      zones: [{ name: 'Mokotów', polygon: row.polygon, zips: row.zips, deliveryValue: 799, minBasketValue: 3000 }],
    });
  });

  it('closes the ring, and has no polygon below three corners', () => {
    const zone = addVertex(addVertex(newZone(599, 2500), { lat: 52, lng: 21 }), { lat: 52, lng: 21.1 });
    expect(polygonOf(zone)).toBeNull();
    const three = addVertex(zone, { lat: 52.1, lng: 21.05 });
    expect(polygonOf(three)?.coordinates[0]).toEqual([
      [21, 52],
      [21.1, 52],
      [21.05, 52.1],
      [21, 52],
    ]);
  });

  it('moves, inserts and removes corners', () => {
    const zone = editedZone(row);
    expect(moveVertex(zone, 1, { lat: 52.15, lng: 21.2 }).vertices[1]).toEqual({ lat: 52.15, lng: 21.2 });
    expect(addVertex(zone, { lat: 1, lng: 2 }, 0).vertices[1]).toEqual({ lat: 1, lng: 2 });
    expect(removeVertex(zone, 0).vertices).toHaveLength(2);
    expect(nextVertex(zone, { lat: 0, lng: 0 })).toEqual({ lat: 52.2, lng: 21 });
  });

  it('reads money as typed, with a comma or a point', () => {
    expect(parseMoney('7,99')).toBe(799);
    expect(parseMoney(' 8 ')).toBe(800);
    expect(parseMoney('7.999')).toBeNaN();
    expect(parseMoney('')).toBeNaN();
  });

  it('names the problems the API would: an outline of too few corners, no area, bad money', () => {
    expect(zoneProblems([editedZone(row)])).toEqual({});
    const two = removeVertex(editedZone(row), 0);
    expect(zoneProblems([two])).toMatchObject({ 'zones.0.polygon': 'tooFewVertices' });
    expect(zoneProblems([newZone(0, 0)])).toEqual({ 'zones.0.polygon': 'areaMissing' });
    expect(zoneProblems([{ ...editedZone(row), fee: 'abc' }])).toEqual({ 'zones.0.deliveryValue': 'invalid' });
  });
});
