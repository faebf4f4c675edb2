import type { Locale } from './localized-routes.ts';
import { RuleError } from './rule-error.ts';

export const COUNTRIES = ['pl', 'ua', 'pt'] as const;
export type Country = (typeof COUNTRIES)[number];
export type Currency = 'PLN' | 'UAH' | 'EUR';

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

/**
 * The Intl locale each interface language writes money in (spec section 9: two decimals; the currency's sign from
 * section 3). pl → pl-PL ('39,00 zł') and ua → uk-UA ('685,00 ₴') as Polish and Ukrainian readers write them.
 * en → en-150, English as written in Europe: an English reader expects the decimal point and comma grouping they
 * read everywhere else ('1,234.50'), while the złoty and hryvnia signs stay after the number where the shop's
 * receipts, menus on the wall and the other two languages put them ('39.00 zł', '685.00 ₴'; the euro keeps its
 * English place: '€39.00'). en-GB or en-US would write 'PLN 39.00' or 'zł 39.00', which no one in Poland writes;
 * en-PL would write '1.234,50', which an English reader misreads as a little more than one.
 */
const MONEY_LOCALE: Record<Locale, string> = { pl: 'pl-PL', en: 'en-150', ua: 'uk-UA' };

// One formatter per language and currency, made on first use: constructing Intl.NumberFormat is the costly part.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: Locale, currency: Currency): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(MONEY_LOCALE[locale], {
      style: 'currency',
      currency,
      // The sign, not the code, in every language ('zł' on the Ukrainian page, '₴' on the Polish one): the spec's
      // formats are '%d zł', '₴%d', '€%d', never 'PLN'.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) {
    throw new RuleError('validation', `money must be an integer number of minor units, got ${minor}`);
  }
}

/** Minor units as an exact decimal string ('-3.05'), which Intl.NumberFormat formats without floating point. */
function decimalOf(minor: number): Intl.StringNumericLiteral {
  assertMinor(minor);
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as `${number}`;
}

/**
 * An amount as the page's language writes it, always with two decimals (spec section 9): on /pl '1234,50 zł',
 * on /ua '685,00 ₴', on /en '39.00 zł'. The one money format of the shop, the staff screens and the e-mails.
 */
export function formatMoney(minor: number, currency: Currency, locale: Locale): string {
  return formatterFor(locale, currency).format(decimalOf(minor));
}

/**
 * An amount with its decimals raised (spec section 9, "the decimals optionally as superscript"): render
 * `{before}<sup>{fraction}</sup>{after}` hidden from screen readers (aria-hidden), next to `text` for them only
 * (visually hidden). Read aloud the raised form is '15 00 zł', two numbers; `text` is one amount, '15,00 zł'.
 * The decimal separator is left out of the raised form: the raised digits are the separator.
 */
export type SuperscriptMoney = { text: string; before: string; fraction: string; after: string };

export function superscriptMoney(minor: number, currency: Currency, locale: Locale): SuperscriptMoney {
  const parts = formatterFor(locale, currency).formatToParts(decimalOf(minor));
  const at = parts.findIndex((part) => part.type === 'fraction');
  const join = (list: Intl.NumberFormatPart[]) => list.map((part) => part.value).join('');
  return {
    text: join(parts),
    before: join(parts.slice(0, at).filter((part) => part.type !== 'decimal')),
    fraction: parts[at]?.value ?? '',
    after: join(parts.slice(at + 1)),
  };
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
