// Food information to consumers (EU Regulation 1169/2011, art. 9, 14 and 44, Annex II; in Ukraine law 2639-VIII):
// food sold at a distance names its allergens before the purchase is concluded. These are the rules; where the data
// is shown is the screens' business (issue 36).

import { choiceBounds } from './modifiers.ts';

/** Annex II's fourteen groups, in its order; the ids are the catalogue's (messages allergen_<id>). */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/**
 * What a dish or an option holds. `null` is "not given": such a dish says "ask the restaurant", never "none", since
 * an empty list is a statement that it contains none of the fourteen.
 */
export type AllergenInfo = { contains: readonly Allergen[]; mayContain: readonly Allergen[] } | null;

const inOrder = (set: ReadonlySet<Allergen>): Allergen[] => ALLERGENS.filter((a) => set.has(a));

/** Whether a value is one of the fourteen groups (what an admin form or a menu import sends). */
export const isAllergen = (value: unknown): value is Allergen =>
  typeof value === 'string' && (ALLERGENS as readonly string[]).includes(value);

/**
 * What the customer's choice holds: the dish with the options chosen. Unknown as soon as any part of it is unknown,
 * since one option without data could hold anything. "May contain" lists only traces the choice does not contain.
 */
export function allergensOfChoice(dish: AllergenInfo, options: readonly AllergenInfo[]): AllergenInfo {
  const parts = [dish, ...options];
  if (parts.some((part) => part === null)) return null;
  const contains = new Set<Allergen>();
  const traces = new Set<Allergen>();
  for (const part of parts as Exclude<AllergenInfo, null>[]) {
    for (const a of part.contains) contains.add(a);
    for (const a of part.mayContain) traces.add(a);
  }
  for (const a of contains) traces.delete(a);
  return { contains: inOrder(contains), mayContain: inOrder(traces) };
}

/**
 * How a dish stands against the allergens a customer avoids: it 'contains' one, 'mayContain' one as a trace, its data
 * is 'unknown', or it is 'free' of them. The menu's filter hides 'contains' and marks the rest.
 */
export function allergenMatch(
  info: AllergenInfo,
  avoided: readonly Allergen[],
): 'contains' | 'mayContain' | 'unknown' | 'free' {
  if (info === null) return 'unknown';
  if (info.contains.some((a) => avoided.includes(a))) return 'contains';
  if (info.mayContain.some((a) => avoided.includes(a))) return 'mayContain';
  return 'free';
}

/** A stored row's two columns (null when not given) as the AllergenInfo the screens read. */
export const allergenInfoOf = (row: {
  allergens: readonly string[] | null;
  mayContain: readonly string[] | null;
}): AllergenInfo =>
  row.allergens === null || row.mayContain === null
    ? null
    : { contains: row.allergens.filter(isAllergen), mayContain: row.mayContain.filter(isAllergen) };

/** The columns an AllergenInfo is stored in (db/schema/allergens.ts), in the fourteen's order, without repeats. */
export const allergenColumnsOf = (
  info: AllergenInfo,
): { allergens: Allergen[] | null; mayContain: Allergen[] | null } =>
  info === null
    ? { allergens: null, mayContain: null }
    : {
        allergens: ALLERGENS.filter((a) => info.contains.includes(a)),
        mayContain: ALLERGENS.filter((a) => info.mayContain.includes(a) && !info.contains.includes(a)),
      };

/** A menu's modifier group as allergensOfDish reads it. */
type OptionGroup = {
  required: boolean;
  min: number;
  max: number;
  options: readonly { allergens: AllergenInfo; unavailable?: boolean }[];
};

/**
 * What a dish on the menu holds whatever the customer chooses: its own allergens with those that every option of a
 * group they must choose from holds (a pizza whose every base has gluten has gluten; a pasta with a gluten-free
 * choice does not). `optionsAdd` says some option would add a group the dish does not show, or has no data: the
 * dish's card says so, and the item dialog shows the choice's union (allergensOfChoice). The menu's filter hides a
 * dish by `info`, so a dish that can be ordered without an avoided group stays listed.
 */
export function allergensOfDish(
  dish: AllergenInfo,
  groups: readonly OptionGroup[],
): { info: AllergenInfo; optionsAdd: boolean } {
  if (dish === null) return { info: null, optionsAdd: false };
  const contains = new Set<Allergen>(dish.contains);
  const traces = new Set<Allergen>(dish.mayContain);
  for (const group of groups) {
    const choosable = group.options.filter((o) => !o.unavailable);
    if (choiceBounds(group).min === 0 || choosable.length === 0) continue;
    if (choosable.some((o) => o.allergens === null)) continue;
    const known = choosable.map((o) => o.allergens as Exclude<AllergenInfo, null>);
    for (const a of ALLERGENS) {
      if (known.every((o) => o.contains.includes(a))) contains.add(a);
      else if (known.every((o) => o.contains.includes(a) || o.mayContain.includes(a))) traces.add(a);
    }
  }
  for (const a of contains) traces.delete(a);
  const optionsAdd = groups.some((g) =>
    g.options.some(
      (o) =>
        o.allergens === null ||
        o.allergens.contains.some((a) => !contains.has(a)) ||
        o.allergens.mayContain.some((a) => !contains.has(a) && !traces.has(a)),
    ),
  );
  return { info: { contains: inOrder(contains), mayContain: inOrder(traces) }, optionsAdd };
}
