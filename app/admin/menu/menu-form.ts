import type { AllergenInfo } from '#domain/allergens.ts';
import type { AvailabilityWindow } from '#domain/menu-windows.ts';
import {
  MENU_LANGUAGES,
  type MenuItemBody,
  type MenuTexts as MenuTranslations,
  type MenuTranslationsBody,
} from '#domain/menu-forms.ts';

/** The menu as GET /api/admin/menu/restaurants/:id answers it (server/services/admin/forms/menu.ts). */
export type EditorOption = {
  id: number;
  name: string;
  translations: MenuTranslations;
  price: number;
  unavailable: boolean;
  allergens: AllergenInfo;
};
export type EditorGroup = {
  id: number;
  name: string;
  translations: MenuTranslations;
  required: boolean;
  min: number;
  max: number;
  options: EditorOption[];
  /** A linked copy of a brand group (decision 058): shown as linked, kept or detached, never edited per dish. */
  brandGroupId?: number | null;
};
export type EditorItem = {
  id: number;
  categoryId: number;
  name: string;
  description: string;
  translations: MenuTranslations;
  price: number;
  photo: string | null;
  resetPrices: boolean;
  unavailable: boolean;
  position: number;
  allergens: AllergenInfo;
  groups: EditorGroup[];
  vatRate: number;
  availability: AvailabilityWindow | null;
};
export type EditorCategory = {
  id: number;
  name: string;
  translations: MenuTranslations;
  position: number;
  availability: AvailabilityWindow | null;
  items: EditorItem[];
};
export type EditorMenu = {
  restaurant: { id: number; name: string; currency: string };
  categories: EditorCategory[];
  /** The brand's other restaurants: where a copy may go. */
  brandRestaurants: { id: number; name: string; currency: string }[];
  /** The brand's shared modifier groups in the restaurant's currency: what a dish may attach. */
  brand?: { id: number; groups: EditorGroup[] };
};

/** Every language's boxes, blank where the row has no translation, so each field is controlled from the start. */
export function translationFields(stored: MenuTranslations, withDesc: boolean): MenuTranslationsBody {
  return Object.fromEntries(
    MENU_LANGUAGES.map((language) => [
      language,
      {
        name: stored[language]?.name ?? '',
        ...(withDesc ? { desc: stored[language]?.desc ?? '' } : {}),
      },
    ]),
  );
}

export const emptyOption = () => ({
  name: '',
  translations: translationFields({}, false),
  price: 0,
  unavailable: false,
  allergens: null,
});

export const emptyGroup = (): MenuItemBody['groups'][number] => ({
  name: '',
  translations: translationFields({}, false),
  required: false,
  min: 0,
  max: 1,
  options: [emptyOption()],
});

/** The item form's values: the item's fields as the API takes them, translations in every language. */
export function itemValues(item: EditorItem | null, categoryId: number, position: number): MenuItemBody {
  if (!item) {
    return {
      categoryId,
      name: '',
      description: '',
      translations: translationFields({}, true),
      price: 0,
      photo: '',
      resetPrices: false,
      unavailable: false,
      position,
      groups: [],
      allergens: null,
      vatRate: 8,
      availability: null,
    };
  }
  return {
    categoryId: item.categoryId,
    name: item.name,
    description: item.description,
    translations: translationFields(item.translations, true),
    price: item.price,
    photo: item.photo ?? '',
    resetPrices: item.resetPrices,
    unavailable: item.unavailable,
    position: item.position,
    vatRate: item.vatRate as 0 | 5 | 8 | 23,
    groups: item.groups.map((group) => ({
      id: group.id,
      ...(group.brandGroupId ? { brandGroupId: group.brandGroupId } : {}),
      name: group.name,
      translations: translationFields(group.translations, false),
      required: group.required,
      min: group.min,
      max: group.max,
      options: group.options.map((option) => ({
        id: option.id,
        name: option.name,
        translations: translationFields(option.translations, false),
        price: option.price,
        unavailable: option.unavailable,
        allergens: allergensField(option.allergens),
      })),
    })),
    allergens: allergensField(item.allergens),
    availability: item.availability,
  };
}

/** A row's allergens as the form edits them (lists of its own). */
const allergensField = (info: AllergenInfo) =>
  info === null ? null : { contains: [...info.contains], mayContain: [...info.mayContain] };

/** The next position after the rows given (new rows go last). */
export const nextPosition = (rows: { position: number }[]) =>
  rows.reduce((top, row) => Math.max(top, row.position + 1), 0);

/**
 * A brand group as the item form appends it (decision 058): the definition's content with its id as
 * `brandGroupId`, so the form shows it and the API writes the dish's linked copy from the definition itself.
 */
export const linkedGroupValues = (group: EditorGroup): MenuItemBody['groups'][number] => ({
  brandGroupId: group.id,
  name: group.name,
  translations: translationFields(group.translations, false),
  required: group.required,
  min: group.min,
  max: group.max,
  options: group.options.map((option) => ({
    name: option.name,
    translations: translationFields(option.translations, false),
    price: option.price,
    unavailable: option.unavailable,
    allergens: allergensField(option.allergens),
  })),
});
