import { type } from 'arktype';
import { ALLERGENS, allergensOfChoice, type Allergen, type AllergenInfo } from './allergens.ts';
import type { FieldRule } from './errors.ts';
import type { Locale } from './locales.ts';

/*
 * A kitchen's shared ingredients (issue 35, decision 064). A kitchen is a location: every brand cooked there draws
 * on one store, so an ingredient belongs to the location and a dish of any brand there may list it. Two rules meet
 * here, both used by the server and the admin's islands:
 *   - a dish (or option) that lists ingredients holds exactly their allergens, so the two cannot disagree;
 *   - a dish (or option) that lists an ingredient the kitchen is out of cannot be ordered anywhere.
 */

/** An ingredient's name in each interface language; Polish is always given, the others fall back to it. */
export type IngredientNames = { pl: string; en?: string; ua?: string };

/** An ingredient as the rules read it. */
export type Ingredient = {
  id: number;
  names: IngredientNames;
  /** What it contains and may contain as traces; null when not given. */
  allergens: AllergenInfo;
  outOfStock: boolean;
};

/** The name shown in a language: that language's, else the Polish one. */
export const ingredientName = (names: IngredientNames, locale: Locale): string => names[locale]?.trim() || names.pl;

/**
 * What a row that lists ingredients holds: the union of theirs ("may contain" only what none contains), unknown as
 * soon as one ingredient has none given. A row listing none keeps its own (`own`): the allergens entered for it by
 * hand (decision 050), so a dish whose ingredients nobody has entered is as before.
 */
export function allergensFromIngredients(own: AllergenInfo, listed: readonly Pick<Ingredient, 'allergens'>[]) {
  if (listed.length === 0) return own;
  return allergensOfChoice(
    { contains: [], mayContain: [] },
    listed.map((i) => i.allergens),
  );
}

/**
 * Whether a row that lists these ingredients is out because of them: one of them is out of stock at the kitchen.
 * Ids not among the kitchen's ingredients (another kitchen's, or deleted) do not count.
 */
export function outOfIngredients(listed: readonly number[], kitchen: readonly Pick<Ingredient, 'id' | 'outOfStock'>[]) {
  const out = new Set(kitchen.filter((i) => i.outOfStock).map((i) => i.id));
  return listed.some((id) => out.has(id));
}

/** The ingredients a body lists that are not the kitchen's: a dish may list only its own kitchen's. */
export function foreignIngredients(listed: readonly number[], kitchen: readonly Pick<Ingredient, 'id'>[]): number[] {
  const own = new Set(kitchen.map((i) => i.id));
  return listed.filter((id) => !own.has(id));
}

const name = type('string <= 120');

/** The admin's ingredient form (POST and PUT bodies). */
export const ingredientBody = type({
  names: { pl: type('string > 0').and(name), 'en?': name, 'ua?': name },
  /** What it contains and may contain as traces; null: not given. */
  allergens: type({
    contains: type
      .enumerated(...ALLERGENS)
      .array()
      .atMostLength(ALLERGENS.length),
    mayContain: type
      .enumerated(...ALLERGENS)
      .array()
      .atMostLength(ALLERGENS.length),
  }).or('null'),
  'position?': '0 <= number.integer <= 100000',
});
export type IngredientBody = typeof ingredientBody.infer;

/** The board's switch: out of stock (every dish that lists it is unavailable) or back in. */
export const ingredientStockBody = type({ outOfStock: 'boolean' });

/**
 * What the type cannot say about an ingredient form: a blank Polish name, a group named twice, or a trace that is
 * also contained. Answers the fields and their rules (none: fine).
 */
export function ingredientProblems(body: IngredientBody): Record<string, FieldRule> {
  const problems: Record<string, FieldRule> = {};
  if (body.names.pl.trim() === '') problems['names.pl'] = 'notEmpty';
  const given = body.allergens;
  if (given) {
    if (new Set(given.contains).size !== given.contains.length) problems['allergens.contains'] = 'invalid';
    if (
      new Set(given.mayContain).size !== given.mayContain.length ||
      given.mayContain.some((a: Allergen) => given.contains.includes(a))
    )
      problems['allergens.mayContain'] = 'invalid';
  }
  return problems;
}

/** A form's names as stored: trimmed, a blank translation left out (the Polish one is shown instead). */
export function storedNames(names: IngredientBody['names']): IngredientNames {
  const stored: IngredientNames = { pl: names.pl.trim() };
  const en = names.en?.trim();
  const ua = names.ua?.trim();
  if (en) stored.en = en;
  if (ua) stored.ua = ua;
  return stored;
}
