import { COMPANY } from '#domain/company.ts';
import type { Country } from '#domain/money.ts';
import { formatPhone, phoneHref } from '#domain/phone-format.ts';
import type { Locale } from '#domain/localized-routes.ts';

// The English pages serve the Polish shop.
const countryOf = (locale: Locale): Country => (locale === 'ua' ? 'ua' : 'pl');

/**
 * The call centre's number shown in a language (spec section 9: configured per language): the build's
 * PUBLIC_CALL_CENTRE_PHONE_PL, _EN or _UA when set, the operator's defaults in server/domain/company.ts otherwise.
 * Read when the sites are built, like PUBLIC_BASE_URL: the footer and the contact page are static pages.
 */
export function callCentrePhone(locale: Locale): string {
  const configured = {
    pl: import.meta.env.PUBLIC_CALL_CENTRE_PHONE_PL as string | undefined,
    en: import.meta.env.PUBLIC_CALL_CENTRE_PHONE_EN as string | undefined,
    ua: import.meta.env.PUBLIC_CALL_CENTRE_PHONE_UA as string | undefined,
  }[locale]?.trim();
  // However the build's value is written, it is shown grouped in the international form (issue 40).
  return formatPhone(countryOf(locale), configured || COMPANY.phone[locale]);
}

/** The number as a tel: link dials it: with the country code. */
export const telHref = (phone: string, locale: Locale): string => phoneHref(countryOf(locale), phone);
