export const LOCALES = ['pl', 'en', 'ua'] as const;
export type Locale = (typeof LOCALES)[number];

/** `ua` in URLs and the lang cookie; ISO 639-1 `uk` in <html lang> (design.md). */
export const htmlLang = (locale: Locale): string => (locale === 'ua' ? 'uk' : locale);
export const localePrefix = (locale: Locale): string => (locale === 'pl' ? '' : `/${locale}`);
