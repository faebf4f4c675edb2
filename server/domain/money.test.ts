import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, RuleError, SPEC_ERROR_KEYS, isErrorKey, isRuleError } from './errors.ts';
import { type Currency, currencyOf, formatMoney, isCountry, moneyParts, parseMoney, countryOf } from './money.ts';

describe('errors', () => {
  it('carries key, message and details', () => {
    const e = new RuleError('blikCode', 'bad code', { code: '1' });
    expect(e).toBeInstanceOf(Error);
    expect([e.key, e.message, e.details, e.name]).toEqual(['blikCode', 'bad code', { code: '1' }, 'RuleError']);
    expect(isRuleError(e)).toBe(true);
    expect(isRuleError(new Error('x'))).toBe(false);
  });
  it('defaults the message to the key', () => {
    const e = new RuleError('validation');
    expect(e.message).toBe('validation');
    expect(e.details).toBeUndefined();
  });
  it('knows the spec keys and the extra ones', () => {
    // The catalogue (error-catalogue.ts) now holds every key the API answers, not only the domain's 21.
    expect(ERROR_KEYS).toEqual(expect.arrayContaining([...SPEC_ERROR_KEYS, 'requiredOptions', 'consentRequired']));
    expect(isErrorKey('mishmashedLocations')).toBe(true);
    expect(isErrorKey('invalidStatusTransition')).toBe(true);
    expect(isErrorKey('nope')).toBe(false);
    expect(isErrorKey(3)).toBe(false);
  });
});

describe('currencyOf', () => {
  it.each([
    ['pl', 'PLN'],
    ['ua', 'UAH'],
    ['pt', 'EUR'],
  ] as const)('%s → %s', (country, currency) => expect(currencyOf(country)).toBe(currency));
  it('isCountry', () => {
    expect(['pl', 'ua', 'pt', 'de', 'PL', 1, undefined].map(isCountry)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('formatMoney', () => {
  it.each<[number, Currency, string]>([
    [1250, 'PLN', '12.50 zł'],
    [1250, 'UAH', '₴12.50'],
    [1250, 'EUR', '€12.50'],
    [0, 'PLN', '0.00 zł'],
    [5, 'EUR', '€0.05'],
    [100, 'UAH', '₴1.00'],
    [123456789, 'PLN', '1234567.89 zł'],
    [-305, 'EUR', '-€3.05'],
    [-305, 'PLN', '-3.05 zł'],
  ])('%d %s → %s', (minor, currency, expected) => expect(formatMoney(minor, currency)).toBe(expected));

  it('superscript decimals drop the separator', () => {
    expect(formatMoney(1250, 'PLN', { superscript: true })).toBe('12⁵⁰ zł');
    expect(formatMoney(1999, 'UAH', { superscript: true })).toBe('₴19⁹⁹');
    expect(formatMoney(3678, 'EUR', { superscript: true })).toBe('€36⁷⁸');
    expect(formatMoney(1250, 'PLN', { superscript: false })).toBe('12.50 zł');
  });

  it('moneyParts gives the pieces for a <sup>', () => {
    expect(moneyParts(1205, 'PLN')).toEqual({ sign: '', prefix: '', whole: '12', fraction: '05', suffix: ' zł' });
    expect(moneyParts(-1, 'UAH')).toEqual({ sign: '-', prefix: '₴', whole: '0', fraction: '01', suffix: '' });
  });

  it.each([1.5, NaN, Infinity, 2 ** 53])('refuses %d', (bad) => {
    expect(() => formatMoney(bad, 'PLN')).toThrow(RuleError);
  });
});

describe('parseMoney', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    [' 0.05 ', 5],
    ['-3.05', -305],
    ['-0', 0],
    ['0', 0],
  ])('%s → %d', (input, minor) => expect(parseMoney(input)).toBe(minor));
  it.each(['', 'abc', '1.234', '1e3', '12.', '--1', '99999999999999999'])('refuses %s', (input) => {
    expect(() => parseMoney(input)).toThrow(RuleError);
  });
  it('round-trips with formatMoney', () => {
    for (const minor of [0, 1, 99, 100, 1250, 987654]) {
      expect(parseMoney(formatMoney(minor, 'EUR').slice(1))).toBe(minor);
    }
  });
});

describe('countryOf', () => {
  it('reads a country the database holds, and fails loudly on anything else rather than guessing Poland', () => {
    expect(countryOf('ua')).toBe('ua');
    expect(() => countryOf('de')).toThrow("unknown country 'de'");
  });
});
