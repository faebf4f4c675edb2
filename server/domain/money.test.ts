import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, RuleError, SPEC_ERROR_KEYS, isErrorKey, isRuleError } from './errors.ts';
import { LOCALES, type Locale } from './localized-routes.ts';
import {
  type Currency,
  currencyOf,
  formatMoney,
  isCountry,
  parseMoney,
  countryOf,
  superscriptMoney,
  type SuperscriptMoney,
} from './money.ts';

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

// Intl writes a no-break space between the number and the sign, and between groups of thousands (U+00A0 in
// pl-PL and uk-UA), so a price never breaks over two lines.
const _ = '\u00a0';

describe('formatMoney', () => {
  it.each<[Locale, Currency, number, string]>([
    ['pl', 'PLN', 3900, `39,00${_}zł`],
    ['pl', 'UAH', 68500, `685,00${_}₴`],
    ['pl', 'EUR', 1250, `12,50${_}€`],
    ['ua', 'PLN', 3900, `39,00${_}zł`],
    ['ua', 'UAH', 68500, `685,00${_}₴`],
    ['ua', 'EUR', 1250, `12,50${_}€`],
    ['en', 'PLN', 3900, `39.00${_}zł`],
    ['en', 'UAH', 68500, `685.00${_}₴`],
    ['en', 'EUR', 1250, '€12.50'],
  ])('%s %s %d → %s', (locale, currency, minor, expected) => {
    expect(formatMoney(minor, currency, locale)).toBe(expected);
  });

  it.each<[Locale, Currency, number, string]>([
    ['pl', 'PLN', 0, `0,00${_}zł`],
    ['pl', 'PLN', 5, `0,05${_}zł`],
    ['pl', 'PLN', 123456, `1234,56${_}zł`],
    ['pl', 'PLN', 123456789, `1${_}234${_}567,89${_}zł`],
    ['ua', 'UAH', 123456, `1${_}234,56${_}₴`],
    ['en', 'PLN', 123456789, `1,234,567.89${_}zł`],
    ['pl', 'PLN', -305, `-3,05${_}zł`],
    ['ua', 'UAH', -305, `-3,05${_}₴`],
    ['en', 'EUR', -305, '-€3.05'],
  ])('%s %s %d → %s: zero, grouping as the language groups, minus', (locale, currency, minor, expected) => {
    expect(formatMoney(minor, currency, locale)).toBe(expected);
  });

  it('is exact where floating point is not (no rounding of large amounts)', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'EUR', 'en')).toBe('€90,071,992,547,409.91');
  });

  it.each([1.5, NaN, Infinity, 2 ** 53])('refuses %d', (bad) => {
    expect(() => formatMoney(bad, 'PLN', 'pl')).toThrow(RuleError);
  });
});

describe('superscriptMoney', () => {
  it.each<[Locale, Currency, number, SuperscriptMoney]>([
    ['pl', 'PLN', 1505, { text: `15,05${_}zł`, before: '15', fraction: '05', after: `${_}zł` }],
    ['pl', 'UAH', 68500, { text: `685,00${_}₴`, before: '685', fraction: '00', after: `${_}₴` }],
    ['pl', 'EUR', 1250, { text: `12,50${_}€`, before: '12', fraction: '50', after: `${_}€` }],
    ['ua', 'PLN', 1500, { text: `15,00${_}zł`, before: '15', fraction: '00', after: `${_}zł` }],
    ['ua', 'UAH', 16050, { text: `160,50${_}₴`, before: '160', fraction: '50', after: `${_}₴` }],
    ['ua', 'EUR', 1250, { text: `12,50${_}€`, before: '12', fraction: '50', after: `${_}€` }],
    ['en', 'PLN', 1500, { text: `15.00${_}zł`, before: '15', fraction: '00', after: `${_}zł` }],
    ['en', 'UAH', 16050, { text: `160.50${_}₴`, before: '160', fraction: '50', after: `${_}₴` }],
    ['en', 'EUR', 1250, { text: '€12.50', before: '€12', fraction: '50', after: '' }],
    ['en', 'EUR', -123456, { text: '-€1,234.56', before: '-€1,234', fraction: '56', after: '' }],
    ['pl', 'PLN', -123456, { text: `-1234,56${_}zł`, before: '-1234', fraction: '56', after: `${_}zł` }],
  ])('%s %s %d: the decimals raised, the whole amount as text', (locale, currency, minor, expected) => {
    expect(superscriptMoney(minor, currency, locale)).toEqual(expected);
  });

  it('reads as the same amount formatMoney writes, for every language and currency', () => {
    for (const locale of LOCALES)
      for (const currency of ['PLN', 'UAH', 'EUR'] as const)
        expect(superscriptMoney(98765, currency, locale).text).toBe(formatMoney(98765, currency, locale));
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
      expect(parseMoney(formatMoney(minor, 'EUR', 'en').slice(1).replaceAll(',', ''))).toBe(minor);
      expect(parseMoney(formatMoney(minor, 'PLN', 'pl').replace(/\D+$/, '').replaceAll(_, ''))).toBe(minor);
    }
  });
});

describe('countryOf', () => {
  it('reads a country the database holds, and fails loudly on anything else rather than guessing Poland', () => {
    expect(countryOf('ua')).toBe('ua');
    expect(() => countryOf('de')).toThrow("unknown country 'de'");
  });
});
