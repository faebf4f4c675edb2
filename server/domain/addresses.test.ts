import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { basketAddress, deliveryQuery, savedAddressBody } from './addresses.ts';

const ok = (result: unknown) => !(result instanceof type.errors);

describe('the address shapes', () => {
  it("a basket's address: what the customer typed, a point optional, no country", () => {
    const typed = { street: 'Prosta', streetNo: '51', city: 'Warszawa', zip: '00-838' };
    expect(ok(basketAddress(typed))).toBe(true);
    expect(ok(basketAddress({ ...typed, aptNo: '4', lat: 52.23, lng: 20.98 }))).toBe(true);
    expect(ok(basketAddress({ ...typed, aptNo: null }))).toBe(false);
    expect(ok(basketAddress({ ...typed, lat: 91 }))).toBe(false);
    expect(ok(basketAddress({ ...typed, street: 'x'.repeat(201) }))).toBe(false);
  });

  it('a saved address: its country, coordinates that may be null', () => {
    const saved = { street: 'Prosta', streetNo: '51', city: 'Warszawa', zip: '00-838', country: 'pl' };
    expect(ok(savedAddressBody(saved))).toBe(true);
    expect(ok(savedAddressBody({ ...saved, aptNo: null, latitude: null, longitude: null }))).toBe(true);
    expect(ok(savedAddressBody({ ...saved, country: 'de' }))).toBe(false);
    expect(ok(savedAddressBody({ ...saved, longitude: 181 }))).toBe(false);
  });

  it('the delivery query: a point and/or a zip, read from query text', () => {
    expect(deliveryQuery({ lat: '52.23', lng: '20.98', country: 'pl' })).toEqual({
      lat: 52.23,
      lng: 20.98,
      country: 'pl',
    });
    expect(deliveryQuery({ zip: '02-715' })).toEqual({ zip: '02-715' });
    expect(ok(deliveryQuery({ lat: 'north' }))).toBe(false);
    expect(ok(deliveryQuery({ zip: '' }))).toBe(false);
  });
});
