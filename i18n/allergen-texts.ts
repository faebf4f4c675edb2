import type { Allergen } from '#domain/allergens.ts';
import type { AllergenTexts } from '#i18n/allergen-sentences.ts';
import { m } from '#i18n/paraglide/messages.js';
import { messageLocale, type UiLocale } from './messages.ts';

type Message = (inputs: Record<string, never>, options: { locale: ReturnType<typeof messageLocale> }) => string;

// Named one by one, as ERROR_MESSAGES are: a computed name would make the bundler keep the whole catalogue.
const NAMES: Record<Allergen, Message> = {
  gluten: m.allergen_gluten,
  crustaceans: m.allergen_crustaceans,
  eggs: m.allergen_eggs,
  fish: m.allergen_fish,
  peanuts: m.allergen_peanuts,
  soybeans: m.allergen_soybeans,
  milk: m.allergen_milk,
  nuts: m.allergen_nuts,
  celery: m.allergen_celery,
  mustard: m.allergen_mustard,
  sesame: m.allergen_sesame,
  sulphites: m.allergen_sulphites,
  lupin: m.allergen_lupin,
  molluscs: m.allergen_molluscs,
};

/** The allergen sentences in a language (pages resolve them on the server and pass them to islands; e-mails). */
export function allergenTexts(locale: UiLocale): AllergenTexts {
  const l = { locale: messageLocale(locale) };
  return {
    names: Object.fromEntries(Object.entries(NAMES).map(([id, name]) => [id, name({}, l)])) as Record<Allergen, string>,
    contains: m.allergen_contains({ list: '{list}' }, l),
    mayContain: m.allergen_may_contain({ list: '{list}' }, l),
    none: m.allergen_none({}, l),
    unknown: m.allergen_unknown({}, l),
    optionsAdd: m.allergen_options_add({}, l),
  };
}
