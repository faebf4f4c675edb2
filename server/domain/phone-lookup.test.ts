import { describe, expect, it } from 'vitest';
import { nationalPhone, phoneLookupKey } from './phone-lookup.ts';

describe('phoneLookupKey', () => {
  it.each([
    ['600 100 200', '600100200'],
    ['+48 600-100-200', '600100200'],
    ['(48) 600100200', '600100200'],
    ['067 123 45 67', '671234567'],
    ['+380 67 123 45 67', '671234567'],
  ])('%j → %s', (phone, key) => expect(phoneLookupKey(phone)).toBe(key));

  it('refuses a number too short to name anyone', () => {
    expect(phoneLookupKey('600 100')).toBeNull();
    expect(phoneLookupKey('')).toBeNull();
  });
});

describe('nationalPhone', () => {
  it.each([
    ['+48 600 100 200', '600100200'],
    ['0048600100200', '600100200'],
    ['+380 67 123 45 67', '0671234567'],
    ['067 123 45 67', '0671234567'],
    ['600-100-200', '600100200'],
  ])('%j → %s', (phone, national) => expect(nationalPhone(phone)).toBe(national));
});
