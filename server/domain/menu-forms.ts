import { type } from 'arktype';
import type { FieldRule } from './errors.ts';
import { imageAddress } from './admin-forms.ts';
import { LOCALES, type Locale } from './locales.ts';
import { ALLERGENS } from './allergens.ts';
import { availabilityWindowBody } from './menu-windows.ts';

/**
 * The bodies of the admin's menu forms (issue 16): a restaurant's categories and items, an item's modifier groups
 * with their options, and an item's availability. As in admin-forms.ts, the API validates with these types and
 * the islands' resolvers check the same ones; money is in minor units.
 *
 * Names and descriptions are written once (`name`, `description`: the restaurant's own language, what orders and
 * baskets keep) and may be given per interface language in `translations`; a blank translation is none, and the
 * shop then shows the text as written.
 */

/** A menu's texts are kept in each interface language. */
export const MENU_LANGUAGES = LOCALES;
export type MenuLanguage = Locale;

const required = (max: number) => type('string > 0').and(`string <= ${max}`);
const money = type('0 <= number.integer <= 100000000');
const rowId = type('1 <= number.integer <= 2147483647');
/** Rows are shown by position, then by id. */
const position = type('0 <= number.integer <= 100000');

const menuText = type({ 'name?': 'string <= 200', 'desc?': 'string <= 2000' });
/** Translations as stored (db/schema MenuTranslations): only the texts given. */
export type MenuTexts = Partial<Record<MenuLanguage, { name?: string; desc?: string }>>;

const menuTranslationsBody = type({ 'pl?': menuText, 'en?': menuText, 'ua?': menuText });
export type MenuTranslationsBody = typeof menuTranslationsBody.infer;

export const menuCategoryBody = type({
  name: required(200),
  translations: menuTranslationsBody,
  position,
  /** Served only between two times of the restaurant's day (issue 38); null: always; left out: kept as it is. */
  'availability?': availabilityWindowBody,
});
export type MenuCategoryBody = typeof menuCategoryBody.infer;

/**
 * A row's allergens (issue 36): the groups it contains and the ones it may contain as traces, or null when they are
 * not given (the shop then says "ask the restaurant"). Left out of a body, an edit keeps what the row has; a new
 * row has none given.
 */
const allergensBody = type({
  contains: type
    .enumerated(...ALLERGENS)
    .array()
    .atMostLength(ALLERGENS.length),
  mayContain: type
    .enumerated(...ALLERGENS)
    .array()
    .atMostLength(ALLERGENS.length),
}).or('null');
export type AllergensBody = typeof allergensBody.infer;

const modifierOptionBody = type({
  /** An existing option of this group; none for a new one. */
  'id?': rowId,
  name: required(200),
  translations: menuTranslationsBody,
  price: money,
  unavailable: 'boolean',
  'allergens?': allergensBody,
  /**
   * The kitchen's ingredients it lists (issue 35); its allergens are then theirs. Left out (or undefined, as the form
   * holds a picker nobody touched): kept as they are.
   */
  'ingredientIds?': rowId.array().atMostLength(50).or('undefined'),
});

export const modifierGroupBody = type({
  /** An existing group of this item; none for a new one. */
  'id?': rowId,
  /**
   * A copy of this brand group (issue 38, decision 058): a new group naming one is written from the brand's
   * definition (its texts and options here are not read), and an existing copy keeps its definition's content.
   * null (as the editor reads a group of the dish's own) is none.
   */
  'brandGroupId?': rowId.or('null'),
  name: required(200),
  translations: menuTranslationsBody,
  required: 'boolean',
  min: '0 <= number.integer <= 50',
  max: '1 <= number.integer <= 50',
  options: modifierOptionBody.array().atLeastLength(1).atMostLength(100),
});
export type ModifierGroupBody = typeof modifierGroupBody.infer;

/** An item with its whole list of modifier groups: groups and options left out of the list are deleted. */
export const menuItemBody = type({
  categoryId: rowId,
  name: required(200),
  description: 'string <= 2000',
  translations: menuTranslationsBody,
  price: money,
  photo: imageAddress,
  /** The price is carried by the options (build your own): the item's own price counts as 0. */
  resetPrices: 'boolean',
  unavailable: 'boolean',
  position,
  groups: modifierGroupBody.array().atMostLength(30),
  'allergens?': allergensBody,
  /**
   * The kitchen's ingredients it lists (issue 35); its allergens are then theirs. Left out (or undefined, as the form
   * holds a picker nobody touched): kept as they are.
   */
  'ingredientIds?': rowId.array().atMostLength(50).or('undefined'),
  /** The VAT rate of the item and its options (issue 36); left out, the item keeps its own (8 % when new). */
  'vatRate?': '0 | 5 | 8 | 23',
  /** Served only between two times of the restaurant's day (issue 38); null: always; left out: kept as it is. */
  'availability?': availabilityWindowBody,
});
export type MenuItemBody = typeof menuItemBody.infer;

export const itemAvailabilityBody = type({ unavailable: 'boolean' });

/** The stored translations: trimmed, blanks dropped, a language with nothing left out (`{}` when none). */
export function compactTranslations(body: MenuTranslationsBody): MenuTexts {
  const stored: MenuTexts = {};
  for (const language of MENU_LANGUAGES) {
    const name = body[language]?.name?.trim();
    const desc = body[language]?.desc?.trim();
    if (!name && !desc) continue;
    stored[language] = { ...(name ? { name } : {}), ...(desc ? { desc } : {}) };
  }
  return stored;
}

/**
 * What the types cannot say about an item's modifier groups, as validation details: a group's `min` above its
 * `max`, or above the number of its options (no customer could satisfy it), and an option or group id given
 * twice.
 */
export function modifierGroupProblems(groups: ModifierGroupBody[]): Record<string, FieldRule> {
  const problems: Record<string, FieldRule> = {};
  const groupIds = new Set<number>();
  const optionIds = new Set<number>();
  groups.forEach((group, g) => {
    if (group.id !== undefined) {
      if (groupIds.has(group.id)) problems[`groups.${g}.id`] = 'invalid';
      groupIds.add(group.id);
    }
    if (group.min > group.max || group.min > group.options.length) problems[`groups.${g}.min`] = 'outOfRange';
    group.options.forEach((option, o) => {
      if (option.id === undefined) return;
      if (optionIds.has(option.id)) problems[`groups.${g}.options.${o}.id`] = 'invalid';
      optionIds.add(option.id);
    });
  });
  return problems;
}

/**
 * What the types cannot say about an item's allergens and its options': a group named twice in a list, or both
 * contained and a trace (it is one or the other), as validation details at the list that holds the repeat.
 */
export function allergenProblems(item: Pick<MenuItemBody, 'allergens' | 'groups'>): Record<string, FieldRule> {
  const problems: Record<string, FieldRule> = {};
  const check = (at: string, body: AllergensBody | undefined) => {
    if (!body) return;
    if (new Set(body.contains).size !== body.contains.length) problems[`${at}allergens.contains`] = 'invalid';
    if (new Set(body.mayContain).size !== body.mayContain.length) problems[`${at}allergens.mayContain`] = 'invalid';
    else if (body.mayContain.some((a) => body.contains.includes(a))) problems[`${at}allergens.mayContain`] = 'invalid';
  };
  check('', item.allergens);
  item.groups.forEach((group, g) =>
    group.options.forEach((option, o) => check(`groups.${g}.options.${o}.`, option.allergens)),
  );
  return problems;
}
