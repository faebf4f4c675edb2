import { m } from '#i18n/paraglide/messages.js';
import { messageLocale } from '#i18n/messages.ts';
import { errorMessage } from '#i18n/messages.ts';
import type { Locale } from '#domain/localized-routes.ts';
import type { MenuTexts } from '#app/catalogue/types.ts';
import { allergenTexts } from '#i18n/allergen-texts.ts';

/** Paraglide's options for a page's language (`ua` pages read the `uk` messages). */
export const inLocale = (locale: Locale) => ({ locale: messageLocale(locale) as 'pl' | 'en' | 'uk' });

/** The menu island's sentences in the page's language; templates keep their '{placeholders}' (app/catalogue/texts.ts). */
export function menuTexts(locale: Locale): MenuTexts {
  const l = inLocale(locale);
  const errors = [
    'requiredOptions',
    'productUnavailable',
    'restaurantClosed',
    'restaurantLocation',
    'mishmashedLocations',
    'notFound',
  ];
  return {
    add: m.catalogue_add({}, l),
    addToBasket: m.catalogue_add_to_basket({ price: '{price}' }, l),
    added: m.catalogue_added({}, l),
    basketCount: m.catalogue_basket_count({ count: '{count}' }, l),
    basketGo: m.catalogue_basket_go({}, l),
    basketTotal: m.catalogue_basket_total({ total: '{total}' }, l),
    chooseBetween: m.catalogue_choose_between({ min: '{min}', max: '{max}' }, l),
    chooseExactly: m.catalogue_choose_exactly({ count: '{count}' }, l),
    chooseUpTo: m.catalogue_choose_up_to({ max: '{max}' }, l),
    clearAndAdd: m.catalogue_clear_and_add({}, l),
    close: m.catalogue_close({}, l),
    conflictTitle: m.catalogue_conflict_title({}, l),
    itemUnavailable: m.catalogue_item_unavailable({}, l),
    availableBetween: m.menus_availableBetween({ hours: '{hours}' }, l),
    keepBasket: m.catalogue_keep_basket({}, l),
    optional: m.catalogue_optional({}, l),
    quantity: m.catalogue_quantity({}, l),
    required: m.catalogue_required({}, l),
    allergens: { ...allergenTexts(locale), choice: m.allergen_choice({}, l) },
    errors: Object.fromEntries(
      [...errors, 'internalError', 'tooManyRequests'].map((key) => [key, errorMessage(key, locale)]),
    ),
  };
}
