import { RuleError } from './rule-error.ts';

export type Country = 'pl' | 'ua' | 'pt';
export type Currency = 'PLN' | 'UAH' | 'EUR';

export const COUNTRIES: readonly Country[] = ['pl', 'ua', 'pt'];

export function isCountry(value: unknown): value is Country {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}

/**
 * A country read back from the database, whose check constraints allow only COUNTRIES. Anything else is a broken
 * row, not a customer's mistake: it fails loudly rather than pricing and timing the order as Polish.
 */
export function countryOf(value: string): Country {
  if (!isCountry(value)) throw new Error(`unknown country '${value}' read from the database`);
  return value;
}

const CURRENCY_BY_COUNTRY: Record<Country, Currency> = { pl: 'PLN', ua: 'UAH', pt: 'EUR' };

/** An order's currency is its restaurant location's country's currency (spec section 3). */
export function currencyOf(country: Country): Currency {
  return CURRENCY_BY_COUNTRY[country];
}

// The spec's formats: pln '%d zł', uah '₴%d', eur '€%d'.
const SYMBOLS: Record<Currency, { prefix: string; suffix: string }> = {
  PLN: { prefix: '', suffix: ' zł' },
  UAH: { prefix: '₴', suffix: '' },
  EUR: { prefix: '€', suffix: '' },
};

export type MoneyParts = {
  /** '-' for negative amounts, otherwise ''. It goes before the currency symbol: '-€1.00'. */
  sign: '' | '-';
  /** Currency symbol written before the number ('₴', '€') or ''. */
  prefix: string;
  /** Whole units, no grouping: '1234'. */
  whole: string;
  /** Always two digits: '05'. */
  fraction: string;
  /** Currency text written after the number (' zł') or ''. */
  suffix: string;
};

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) {
    throw new RuleError('validation', `money must be an integer number of minor units, got ${minor}`);
  }
}

/**
 * The pieces of a formatted amount, for UIs that render the decimals as superscript
 * (`{prefix}{whole}<sup>{fraction}</sup>{suffix}`).
 */
export function moneyParts(minor: number, currency: Currency): MoneyParts {
  assertMinor(minor);
  const abs = Math.abs(minor);
  return {
    sign: minor < 0 ? '-' : '',
    ...SYMBOLS[currency],
    whole: String(Math.floor(abs / 100)),
    fraction: String(abs % 100).padStart(2, '0'),
  };
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function toSuperscript(digits: string): string {
  return digits.replace(/\d/g, (d) => SUPERSCRIPT_DIGITS.charAt(Number(d)));
}

/**
 * '12.50 zł', '₴12.50', '€12.50'. Always two decimals, '.' as the separator, no thousands grouping.
 * With `superscript: true` the decimals become Unicode superscript digits and the separator is
 * dropped ('12⁵⁰ zł') — handy for plain-text places (e-mails, titles); HTML should use moneyParts
 * and a real <sup> instead, which reads better with screen readers.
 */
export function formatMoney(minor: number, currency: Currency, opts?: { superscript?: boolean }): string {
  const p = moneyParts(minor, currency);
  const number = opts?.superscript ? `${p.whole}${toSuperscript(p.fraction)}` : `${p.whole}.${p.fraction}`;
  return `${p.sign}${p.prefix}${number}${p.suffix}`;
}

/**
 * Parses a decimal amount typed by a person ('12', '12.5', '12,50', '-3.05') into minor units,
 * exactly (no floating point). More than two decimals is an error rather than a silent rounding.
 */
export function parseMoney(input: string): number {
  const match = /^\s*(-)?(\d+)(?:[.,](\d{1,2}))?\s*$/.exec(input);
  if (!match) throw new RuleError('validation', `not a money amount: '${input}'`);
  const [, minus, whole, fraction = ''] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  assertMinor(minor);
  return minus && minor !== 0 ? -minor : minor;
}
