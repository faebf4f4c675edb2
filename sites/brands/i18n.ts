import type { Tenant } from '#tenants/schema.ts';
import { messageLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';
import type { Locale } from '../i18n.ts';

/** The ids of the brand sites' own interface words in messages/*.json. Brand texts live in tenant.json. */
export type BrandMessage = Extract<keyof typeof m, `brand_${string}`>;

/**
 * The brand sites' words in one language: `t('brand_orderNow')`. Pages render at build time, so reaching the
 * messages by id here costs the visitor nothing; islands get their words as props and ship no catalogue.
 */
export function brandMessages(locale: Locale): (id: BrandMessage) => string {
  const options = { locale: messageLocale(locale) };
  return (id) => m[id]({}, options);
}

/** A brand text in the page's language, or the Polish original marked as Polish for screen readers. */
export function brandText(
  tenant: Tenant,
  locale: Locale,
  field: 'shortDescription' | 'description' | 'chefsComment' | 'joinUs',
): { text: string; lang: string | undefined } | null {
  const own = locale === 'pl' ? undefined : tenant.texts?.[locale]?.[field];
  if (own) return { text: own, lang: undefined };
  if (field === 'joinUs' && !tenant.joinUs) return { text: brandMessages(locale)('brand_joinUsText'), lang: undefined };
  const polish = tenant[field];
  if (!polish) return null;
  return { text: polish, lang: locale === 'pl' ? undefined : 'pl' };
}

const SHOWN_IN = {
  pl: 'brand_legalShownInPolish',
  en: 'brand_legalShownInEnglish',
  ua: 'brand_legalShownInUkrainian',
} as const satisfies Record<Locale, BrandMessage>;

/** The note above a legal document shown in `written` because the brand has none in the page's `locale`. */
export const shownInNote = (locale: Locale, written: Locale): string =>
  written === locale ? '' : brandMessages(locale)(SHOWN_IN[written]);

const COUNTRY = {
  pl: 'brand_countryPl',
  ua: 'brand_countryUa',
  pt: 'brand_countryPt',
} as const satisfies Record<Tenant['country'], BrandMessage>;

/** The name of the brand's country in the page's language (beside its flag). */
export const countryName = (locale: Locale, country: Tenant['country']): string =>
  brandMessages(locale)(COUNTRY[country]);

// The brand pages' paths are a routing rule the server's contact answer uses too.
export { brandPath } from '#domain/localized-routes.ts';
