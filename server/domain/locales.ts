/**
 * The interface languages, the one place they are spelled: the shop's URLs and lang cookie, the e-mails, the menu's
 * translations, the database's checks and every request schema (list-types.ts) read this list. A module of its own
 * and without imports, so that whatever needs the list pulls in nothing else.
 */
export const LOCALES = ['pl', 'en', 'ua'] as const;
export type Locale = (typeof LOCALES)[number];

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
