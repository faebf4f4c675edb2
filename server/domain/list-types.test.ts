import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from './country.ts';
import { countryType, deliveryMethodType, localeType, paymentMethodType } from './list-types.ts';
import { isLocale, LOCALES } from './locales.ts';
import { COUNTRIES } from './money.ts';
import { DELIVERY_METHODS } from './pricing.ts';

describe('request schemas built from the domain lists', () => {
  it.each([
    ['a language', localeType, LOCALES],
    ['a country', countryType, COUNTRIES],
    ['a delivery method', deliveryMethodType, DELIVERY_METHODS],
    ['a payment method', paymentMethodType, PAYMENT_METHODS],
  ] as const)('%s: every value of the list and nothing else', (_, schema, list) => {
    for (const value of list) expect(schema(value)).toBe(value);
    expect(schema('xx')).toBeInstanceOf(type.errors);
    expect(schema(undefined)).toBeInstanceOf(type.errors);
  });

  it('isLocale knows the interface languages only (uk is the HTML name of ua, not a URL language)', () => {
    expect(LOCALES.filter(isLocale)).toEqual(['pl', 'en', 'ua']);
    expect(isLocale('uk')).toBe(false);
    expect(isLocale(null)).toBe(false);
  });
});
