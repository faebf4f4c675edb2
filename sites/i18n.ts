// One definition of the languages, their URL prefixes and html codes, shared with the shop's route table.
export { htmlLang, localePrefix, LOCALES, type Locale } from '#domain/localized-routes.ts';
