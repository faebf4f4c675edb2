import { type } from 'arktype';
import { csvAmount, csvLine, CSV_BOM } from './csv.ts';
import { COPY_OVERWRITES } from './menu-tools.ts';
import {
  allergenProblems,
  menuCategoryBody,
  menuItemBody,
  modifierGroupProblems,
  type MenuTexts,
} from './menu-forms.ts';
import { windowLabel, windowProblems, type AvailabilityWindow } from './menu-windows.ts';
import type { FieldRule } from './errors.ts';
import type { AllergenInfo } from './allergens.ts';
import { ingredientBody, ingredientProblems, type IngredientNames } from './ingredients.ts';

/**
 * A menu as a file (issue 38): what the admin exports and imports, and what a copy to another restaurant carries.
 * JSON holds everything the editor holds (texts in every language, groups, options, allergens, windows) without
 * ids, so that importing it makes rows of the restaurant's own; CSV is one line per dish for a spreadsheet (prices
 * in the currency's major unit with a dot), to read and check, not to import: a dish's groups do not fit a line.
 * Ingredients belong to a kitchen (decision 064), so a file carries the ones its dishes and options list in a table
 * of its own: their `ingredientIds` are that table's ids, matched by Polish name in the kitchen written into.
 */

export const MENU_FILE_FORMAT = 'marketplace-menu';

const fileItem = menuItemBody.omit('categoryId');
const fileCategory = menuCategoryBody.and({ items: fileItem.array().atMostLength(500) });
const fileIngredient = ingredientBody.and({ id: '1 <= number.integer <= 2147483647' });
export type MenuFileIngredient = typeof fileIngredient.infer;

export const menuFileBody = type({
  format: `'${MENU_FILE_FORMAT}'`,
  version: '1',
  /** The prices' currency: a file is imported only into a restaurant selling in it. */
  currency: "'PLN' | 'UAH' | 'EUR'",
  categories: fileCategory.array().atMostLength(200),
  /** The ingredients the dishes and options list, by the ids they list them with (left out: none listed). */
  'ingredients?': fileIngredient.array().atMostLength(1000),
});
export type MenuFile = typeof menuFileBody.infer;
export type MenuFileCategory = MenuFile['categories'][number];
export type MenuFileItem = MenuFileCategory['items'][number];

export const menuImportBody = type({
  file: menuFileBody,
  overwrite: type.enumerated(...COPY_OVERWRITES),
});
export type MenuImportBody = typeof menuImportBody.infer;

export const menuExportQuery = type({ 'format?': "'json' | 'csv'" });

/** The menu as the admin reads it (server/services/admin/forms/menu.ts's AdminMenu), the fields a file keeps. */
type SourceOption = {
  id?: number;
  name: string;
  translations: MenuTexts;
  price: number;
  unavailable: boolean;
  allergens: AllergenInfo;
};
type SourceItem = {
  id?: number;
  name: string;
  description: string;
  translations: MenuTexts;
  price: number;
  photo: string | null;
  resetPrices: boolean;
  unavailable: boolean;
  position: number;
  allergens: AllergenInfo;
  vatRate: number;
  availability: AvailabilityWindow | null;
  groups: {
    name: string;
    translations: MenuTexts;
    required: boolean;
    min: number;
    max: number;
    options: SourceOption[];
    /** A copy of a brand group (decision 058): the file carries the link, the content too. */
    brandGroupId?: number | null;
  }[];
};
type SourceCategory = {
  name: string;
  translations: MenuTexts;
  position: number;
  availability: AvailabilityWindow | null;
  items: SourceItem[];
};

/** The source restaurant's kitchen ingredients and the lists its dishes and options hold, by their ids. */
export type SourceIngredients = {
  ingredients: { id: number; names: IngredientNames; allergens: AllergenInfo }[];
  items: Record<string, number[]>;
  options: Record<string, number[]>;
};

const allergensOf = (info: AllergenInfo) =>
  info === null ? null : { contains: [...info.contains], mayContain: [...info.mayContain] };

const listed = (lists: Record<string, number[]> | undefined, id: number | undefined) => {
  const ids = id === undefined ? undefined : lists?.[String(id)];
  return ids && ids.length > 0 ? { ingredientIds: [...ids] } : {};
};

/** One category as a file holds it: every row without its id, so that writing it makes new rows. */
export function fileCategoryOf(category: SourceCategory, lists?: SourceIngredients): MenuFileCategory {
  return {
    name: category.name,
    translations: category.translations,
    position: category.position,
    availability: category.availability,
    items: category.items.map((item) => ({
      name: item.name,
      description: item.description,
      translations: item.translations,
      price: item.price,
      photo: item.photo ?? '',
      resetPrices: item.resetPrices,
      unavailable: item.unavailable,
      position: item.position,
      allergens: allergensOf(item.allergens),
      vatRate: item.vatRate as 0 | 5 | 8 | 23,
      availability: item.availability,
      ...listed(lists?.items, item.id),
      groups: item.groups.map((group) => ({
        name: group.name,
        translations: group.translations,
        required: group.required,
        min: group.min,
        max: group.max,
        ...(group.brandGroupId ? { brandGroupId: group.brandGroupId } : {}),
        options: group.options.map((option) => ({
          name: option.name,
          translations: option.translations,
          price: option.price,
          unavailable: option.unavailable,
          allergens: allergensOf(option.allergens),
          ...listed(lists?.options, option.id),
        })),
      })),
    })),
  };
}

export function menuFileOf(
  currency: MenuFile['currency'],
  categories: SourceCategory[],
  lists?: SourceIngredients,
): MenuFile {
  const fileCategories = categories.map((category) => fileCategoryOf(category, lists));
  const used = new Set(
    fileCategories.flatMap((c) =>
      c.items.flatMap((i) => [
        ...(i.ingredientIds ?? []),
        ...i.groups.flatMap((g) => g.options.flatMap((o) => o.ingredientIds ?? [])),
      ]),
    ),
  );
  const ingredients = (lists?.ingredients ?? [])
    .filter((ingredient) => used.has(ingredient.id))
    .map(({ id, names, allergens }) => ({ id, names: { ...names }, allergens: allergensOf(allergens) }));
  return {
    format: MENU_FILE_FORMAT,
    version: 1,
    currency,
    categories: fileCategories,
    ...(ingredients.length > 0 ? { ingredients } : {}),
  };
}

export const MENU_CSV_COLUMNS = [
  'category',
  'dish',
  'description',
  'price',
  'currency',
  'vat_rate',
  'available',
  'hours',
  'modifier_groups',
] as const;

/** The menu as CSV: a header, then one line per dish in the menu's order. */
export function menuCsv(file: MenuFile): string {
  let text = CSV_BOM + csvLine(MENU_CSV_COLUMNS);
  for (const category of file.categories) {
    for (const item of category.items) {
      const window = item.availability ?? category.availability ?? null;
      text += csvLine([
        category.name,
        item.name,
        item.description,
        csvAmount(item.price),
        file.currency,
        item.vatRate ?? 8,
        item.unavailable ? 'no' : 'yes',
        window ? windowLabel(window) : '',
        item.groups.map((g) => g.name).join('; '),
      ]);
    }
  }
  return text;
}

/** A menu file's items with every id removed: an import never reaches into another restaurant's rows. */
export const withoutIds = (item: MenuFileItem): MenuFileItem => ({
  ...item,
  groups: item.groups.map(({ id: _group, ...group }) => ({
    ...group,
    options: group.options.map(({ id: _option, ...option }) => option),
  })),
});

/** What the types cannot say about a file, as the editor's forms check it, at each row's place in the file. */
export function menuFileProblems(file: MenuFile): Record<string, FieldRule> {
  const problems: Record<string, FieldRule> = {};
  const ingredientIds = new Set<number>();
  (file.ingredients ?? []).forEach((ingredient, k) => {
    if (ingredientIds.has(ingredient.id)) problems[`file.ingredients.${k}.id`] = 'invalid';
    ingredientIds.add(ingredient.id);
    for (const [field, rule] of Object.entries(ingredientProblems(ingredient)))
      problems[`file.ingredients.${k}.${field}`] = rule;
  });
  const unknown = (ids: number[] | undefined) => (ids ?? []).some((id) => !ingredientIds.has(id));
  file.categories.forEach((category, c) => {
    const at = `file.categories.${c}.`;
    Object.assign(problems, windowProblems(at, category.availability));
    category.items.forEach((fileItem, i) => {
      const item = withoutIds(fileItem);
      const itemAt = `${at}items.${i}.`;
      const found = {
        ...modifierGroupProblems(item.groups),
        ...allergenProblems(item),
        ...windowProblems('', item.availability),
      };
      for (const [field, rule] of Object.entries(found)) problems[`${itemAt}${field}`] = rule;
      if (unknown(item.ingredientIds)) problems[`${itemAt}ingredientIds`] = 'notFound';
      item.groups.forEach((group, g) =>
        group.options.forEach((option, o) => {
          if (unknown(option.ingredientIds)) problems[`${itemAt}groups.${g}.options.${o}.ingredientIds`] = 'notFound';
        }),
      );
    });
  });
  return problems;
}
