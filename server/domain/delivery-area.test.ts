import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DeliveryArea,
  type DeliveryZone,
  type PolygonGeometry,
  isInsideDeliveryArea,
  isPointInPolygon,
  zoneFor,
} from './delivery-area.ts';

// Roughly central Warsaw, [lng, lat], with a hole around the Old Town.
const warsaw: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [20.9, 52.2],
      [21.1, 52.2],
      [21.1, 52.3],
      [20.9, 52.3],
      [20.9, 52.2],
    ],
    [
      [21.0, 52.24],
      [21.02, 52.24],
      [21.02, 52.26],
      [21.0, 52.26],
      [21.0, 52.24],
    ],
  ],
};
// A concave "L" shape, to catch convex-only shortcuts.
const ell: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
      [0, 0],
    ],
  ],
};

describe('isPointInPolygon', () => {
  it.each([
    [21.05, 52.22, true],
    [20.95, 52.29, true],
    [21.01, 52.25, false], // in the hole
    [21.2, 52.25, false],
    [20.9, 52.25, true], // on the outline
    [21.0, 52.25, true], // on the hole's edge
    [21.1, 52.3, true], // a corner
  ])('warsaw (%d, %d) → %s', (lng, lat, inside) => expect(isPointInPolygon(warsaw, lng, lat)).toBe(inside));

  it.each([
    [0.5, 0.5, true],
    [1.5, 0.5, true],
    [0.5, 1.5, true],
    [1.5, 1.5, false],
    [-0.1, 1, false],
  ])('concave (%d, %d) → %s', (lng, lat, inside) => expect(isPointInPolygon(ell, lng, lat)).toBe(inside));

  it('a degenerate polygon contains nothing', () => {
    expect(isPointInPolygon({ type: 'Polygon', coordinates: [] }, 0, 0)).toBe(false);
    expect(
      isPointInPolygon(
        {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        },
        0,
        0,
      ),
    ).toBe(false);
  });
});

describe('isInsideDeliveryArea: point in polygon, or zip in the list', () => {
  const both: DeliveryArea = { polygon: warsaw, zips: ['05-500', '05-090'] };
  it.each<[string, Parameters<typeof isInsideDeliveryArea>[1], boolean]>([
    ['point inside', { lat: 52.22, lng: 21.05 }, true],
    ['point outside, zip listed', { lat: 52.1, lng: 21.05, zip: '05-500' }, true],
    ['point outside, zip not listed', { lat: 52.1, lng: 21.05, zip: '00-001' }, false],
    ['point inside, zip not listed', { lat: 52.22, lng: 21.05, zip: '00-001' }, true],
    ['zip only, listed, written differently', { zip: ' 05 090 ' }, true],
    ['zip without hyphen', { zip: '05500' }, true],
    ['nothing known', {}, false],
    ['blank zip', { zip: '  ' }, false],
    ['null coordinates', { lat: null, lng: null, zip: null }, false],
    ['NaN coordinates', { lat: NaN, lng: 21.05 }, false],
    ['only lat', { lat: 52.22 }, false],
  ])('%s → %s', (_name, point, inside) => expect(isInsideDeliveryArea(both, point)).toBe(inside));

  it('polygon only, zips only, neither', () => {
    expect(isInsideDeliveryArea({ polygon: warsaw }, { lat: 52.22, lng: 21.05, zip: '05-500' })).toBe(true);
    expect(isInsideDeliveryArea({ polygon: warsaw, zips: null }, { zip: '05-500' })).toBe(false);
    expect(isInsideDeliveryArea({ zips: ['01001'] }, { lat: 50.45, lng: 30.52, zip: '01001' })).toBe(true);
    expect(isInsideDeliveryArea({ polygon: null, zips: [] }, { zip: '01001' })).toBe(false);
    expect(isInsideDeliveryArea({}, { lat: 52.22, lng: 21.05 })).toBe(false);
    expect(isInsideDeliveryArea(null, { lat: 52.22, lng: 21.05 })).toBe(false);
    expect(isInsideDeliveryArea(undefined, { zip: '05-500' })).toBe(false);
  });
});

describe('zoneFor: the zone that delivers to an address', () => {
  // Three rings around one point (lng 21, lat 52): 0.01°, 0.02° and 0.04° wide, dearer the farther out.
  const square = (half: number): PolygonGeometry => ({
    type: 'Polygon',
    coordinates: [
      [
        [21 - half, 52 - half],
        [21 + half, 52 - half],
        [21 + half, 52 + half],
        [21 - half, 52 + half],
        [21 - half, 52 - half],
      ],
    ],
  });
  const zone = (id: number, half: number, deliveryFee: number, minBasketValue = 3000): DeliveryZone => ({
    id,
    area: { polygon: square(half) },
    deliveryFee,
    minBasketValue,
  });
  const zones = [zone(3, 0.04, 1499), zone(1, 0.01, 499), zone(2, 0.02, 999)];

  it('picks the cheapest zone holding the point, wherever it is listed', () => {
    expect(zoneFor(zones, { lng: 21.005, lat: 52 })?.id).toBe(1);
    expect(zoneFor(zones, { lng: 21.015, lat: 52 })?.id).toBe(2);
    expect(zoneFor(zones, { lng: 21.03, lat: 52 })?.id).toBe(3);
    expect(zoneFor(zones, { lng: 21.05, lat: 52 })).toBeNull();
    expect(zoneFor([], { lng: 21, lat: 52 })).toBeNull();
  });

  it('between zones of one fee, the lower minimum, then the first listed; a zip zone counts too', () => {
    const same = [zone(7, 0.02, 999, 4000), zone(8, 0.02, 999, 2500), zone(9, 0.02, 999, 2500)];
    expect(zoneFor(same, { lng: 21, lat: 52 })?.id).toBe(8);
    const byZip: DeliveryZone = { id: 5, area: { zips: ['02-715'] }, deliveryFee: 0, minBasketValue: 0 };
    expect(zoneFor([...zones, byZip], { lng: 21, lat: 52, zip: '02715' })?.id).toBe(5);
  });

  it('the chosen zone holds the point and none holding it is cheaper (property)', () => {
    const arbitraryZone = fc.record({
      id: fc.integer({ min: 1, max: 1000 }),
      half: fc.double({ min: 0.001, max: 0.05, noNaN: true }),
      deliveryFee: fc.integer({ min: 0, max: 3000 }),
      minBasketValue: fc.integer({ min: 0, max: 6000 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryZone, { maxLength: 6 }),
        fc.double({ min: -0.06, max: 0.06, noNaN: true }),
        (drawn, offset) => {
          const list = drawn.map((z) => zone(z.id, z.half, z.deliveryFee, z.minBasketValue));
          const point = { lng: 21 + offset, lat: 52 };
          const holding = list.filter((z) => isInsideDeliveryArea(z.area, point));
          const chosen = zoneFor(list, point);
          if (holding.length === 0) {
            expect(chosen).toBeNull();
          } else {
            expect(holding).toContain(chosen);
            for (const other of holding) expect(other.deliveryFee).toBeGreaterThanOrEqual(chosen!.deliveryFee);
          }
        },
      ),
    );
  });
});
