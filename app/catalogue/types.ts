import type { MenuCategory } from '#app/api-types.ts';
import type { Locale } from '#domain/localized-routes.ts';
import type { Currency } from '#domain/money.ts';
import type { AllergenTexts } from '#i18n/allergen-sentences.ts';

export type { MenuCategory, MenuItem, MenuGroup } from '#app/api-types.ts';

/** What the restaurant page hands its menu island. */
export type RestaurantMenuProps = {
  currency: Currency;
  /** The page's language: prices are written as it writes them. */
  locale: Locale;
  /** false when the restaurant is temporarily unavailable: the menu is shown, nothing can be added. */
  orderable: boolean;
  categories: MenuCategory[];
  basketPath: string;
  texts: MenuTexts;
};

export type MenuTexts = Record<
  | 'add'
  | 'addToBasket'
  | 'added'
  | 'basketCount'
  | 'basketGo'
  | 'basketTotal'
  | 'chooseBetween'
  | 'chooseExactly'
  | 'chooseUpTo'
  | 'clearAndAdd'
  | 'close'
  | 'conflictTitle'
  | 'itemUnavailable'
  /** "available {hours}": a dish served only at certain hours (issue 38). */
  | 'availableBetween'
  | 'keepBasket'
  | 'optional'
  | 'quantity'
  | 'required',
  string
> & {
  /** The error keys the basket can answer an add with, and internalError for anything else. */
  errors: Record<string, string>;
  /** The allergen groups' names and sentences, and the dialog's heading over the chosen options' union. */
  allergens: AllergenTexts & { choice: string };
};
