import { m } from '#i18n/paraglide/messages.js';
import type { UiLocale } from '#i18n/messages.ts';
import { inLocale } from '#app/account/form-helpers.ts';

/** The countries a concept, location or discount code may be in, named in the interface's language. */
export const countryOptions = (locale: UiLocale) => {
  const t = inLocale(locale);
  return [
    { value: 'pl', label: m.admin_forms_country_pl({}, t) },
    { value: 'ua', label: m.admin_forms_country_ua({}, t) },
    { value: 'pt', label: m.admin_forms_country_pt({}, t) },
  ];
};
