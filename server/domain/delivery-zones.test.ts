import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type } from 'arktype';
import type { PolygonGeometry } from './delivery-area.ts';
import {
  cheapestTerms,
  deliveryTermsAt,
  deliveryZonesBody,
  zipsOf,
  type StoredDeliveryZone,
} from './delivery-zones.ts';

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
const zone = (id: number, half: number, deliveryValue: number, minBasketValue = 3000): StoredDeliveryZone => ({
  id,
  polygon: square(half),
  zips: [],
  deliveryValue,
  minBasketValue,
});
const ok = (value: unknown) => !(value instanceof type.errors);

describe('delivery terms at an address (decision 061)', () => {
  const zones = [zone(1, 0.04, 1499, 6000), zone(2, 0.01, 499, 3000)];

  it('are the fee and minimum of the cheapest zone holding the point, null outside every zone', () => {
    expect(deliveryTermsAt(zones, { lat: 52, lng: 21.005 })).toEqual({
      zoneId: 2,
      deliveryValue: 499,
      minBasketValue: 3000,
    });
    expect(deliveryTermsAt(zones, { lat: 52, lng: 21.03 })).toEqual({
      zoneId: 1,
      deliveryValue: 1499,
      minBasketValue: 6000,
    });
    expect(deliveryTermsAt(zones, { lat: 52, lng: 21.1 })).toBeNull();
    expect(deliveryTermsAt([], { lat: 52, lng: 21 })).toBeNull();
  });

  it('find a zone by postcode where the address has no point', () => {
    const byZip = { ...zone(3, 0, 0, 0), polygon: null, zips: ['00-950'] };
    expect(deliveryTermsAt([...zones, byZip], { zip: '00950' })?.zoneId).toBe(3);
    expect(deliveryTermsAt(zones, { zip: '00-950' })).toBeNull();
  });

  it('before the address is known are the cheapest fee and the lowest minimum ("delivery from")', () => {
    expect(cheapestTerms(zones)).toEqual({ deliveryValue: 499, minBasketValue: 3000 });
    expect(cheapestTerms([])).toBeNull();
  });

  it('never ask more than a zone holding the point asks (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ half: fc.double({ min: 0.001, max: 0.05, noNaN: true }), fee: fc.nat(3000) }), {
          maxLength: 5,
        }),
        fc.double({ min: -0.06, max: 0.06, noNaN: true }),
        (drawn, offset) => {
          const list = drawn.map((d, i) => zone(i + 1, d.half, d.fee));
          const terms = deliveryTermsAt(list, { lat: 52, lng: 21 + offset });
          const holding = list.filter((z) => Math.abs(offset) <= z.polygon!.coordinates[0]![1]![0] - 21);
          if (terms === null) expect(holding).toEqual([]);
          else for (const z of holding) expect(terms.deliveryValue).toBeLessThanOrEqual(z.deliveryValue);
        },
      ),
    );
  });
});

describe('the zones’ body', () => {
  const body = { name: 'Centrum', polygon: square(0.01), zips: [], deliveryValue: 799, minBasketValue: 3000 };

  it('takes zones with a polygon or zips, and refuses one with neither', () => {
    expect(ok(deliveryZonesBody({ zones: [] }))).toBe(true);
    expect(ok(deliveryZonesBody({ zones: [body, { ...body, polygon: null, zips: ['00-950'] }] }))).toBe(true);
    const empty = deliveryZonesBody({ zones: [body, { ...body, polygon: null, zips: [' '] }] });
    expect(ok(empty)).toBe(false);
    expect((empty as type.errors).map((e) => e.path.join('.'))).toEqual(['zones.1.polygon']);
  });

  it('refuses money that is not whole minor units, and an open ring', () => {
    expect(ok(deliveryZonesBody({ zones: [{ ...body, deliveryValue: 7.99 }] }))).toBe(false);
    expect(ok(deliveryZonesBody({ zones: [{ ...body, minBasketValue: -1 }] }))).toBe(false);
    const open = { type: 'Polygon', coordinates: [square(0.01).coordinates[0]!.slice(0, 4)] };
    expect(ok(deliveryZonesBody({ zones: [{ ...body, polygon: open }] }))).toBe(false);
  });

  it('keeps zips trimmed, without blanks, each once', () => {
    expect(zipsOf([' 00-950', '00-950 ', '', '02-715'])).toEqual(['00-950', '02-715']);
  });
});
