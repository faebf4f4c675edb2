// One definition of the languages and their html codes, shared with the shop's route table.
export { htmlLang, LOCALES, type Locale } from '#domain/localized-routes.ts';
