import type { Country } from './money.ts';

/**
 * Phone numbers as customers read and dial them (issue 40): the international form grouped the way each country
 * writes it, and a `tel:` link with the country code, so a tap dials from a foreign SIM too. Plain string work:
 * three countries' plans fit in a few lines, where libphonenumber-js would bring every country's metadata
 * (tens of KB) for the same answer. Pure and tiny, so the pages (and, if ever needed, an island) can use it.
 */
const CALLING_CODE: Record<Country, string> = { pl: '48', ua: '380', pt: '351' };

// Polish mobile ranges of the national numbering plan (UKE): 45, 50, 51, 53, 57, 60, 66, 69, 72, 73, 78, 79, 88.
// Everything else is a landline: a two-digit area code and seven digits.
const PL_MOBILE = /^(45|5[0137]|6[069]|7[2389]|88)/;

/**
 * The national significant number (nine digits in all three countries): without the country code, with or without
 * '+' or '00', and without Ukraine's trunk 0. null when the digits make no number of that country.
 */
function significant(country: Country, phone: string): string | null {
  const digits = phone.trim().replace(/^\+/, '00').replace(/\D/g, '');
  const code = CALLING_CODE[country];
  const national = digits.startsWith(`00${code}`)
    ? digits.slice(2 + code.length)
    : digits.length === 9 + code.length && digits.startsWith(code)
      ? digits.slice(code.length)
      : // Ukraine writes its numbers with the trunk 0 (spec section 5: ten digits starting with 0).
        country === 'ua'
        ? /^0\d{9}$/.test(digits)
          ? digits.slice(1)
          : null
        : digits;
  return national && /^[1-9]\d{8}$/.test(national) ? national : null;
}

const group = (digits: string, sizes: number[]): string => {
  let at = 0;
  return sizes
    .map((size) => {
      const part = digits.slice(at, at + size);
      at += size;
      return part;
    })
    .join(' ');
};

/**
 * `+48 22 100 20 30` (a Polish landline), `+48 600 700 800` (a Polish mobile), `+380 44 123 45 67` (Ukraine),
 * `+351 213 456 789` (Portugal). A number that is not one of its country's is shown as it was written.
 */
export function formatPhone(country: Country, phone: string): string {
  const national = significant(country, phone);
  if (!national) return phone.trim();
  const grouped =
    country === 'ua'
      ? group(national, [2, 3, 2, 2])
      : country === 'pl' && !PL_MOBILE.test(national)
        ? group(national, [2, 3, 2, 2])
        : group(national, [3, 3, 3]);
  return `+${CALLING_CODE[country]} ${grouped}`;
}

/** `tel:+48221002030`: the country code and the digits only (RFC 3966's global number). */
export function phoneHref(country: Country, phone: string): string {
  const national = significant(country, phone);
  if (national) return `tel:+${CALLING_CODE[country]}${national}`;
  // Not one of the country's numbers: dial what was written, as written.
  return `tel:${phone.trim().replace(/[^\d+]/g, '')}`;
}
