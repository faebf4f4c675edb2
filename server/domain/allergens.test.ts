import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  type Allergen,
  type AllergenInfo,
  allergenMatch,
  allergenColumnsOf,
  allergenInfoOf,
  allergensOfChoice,
  allergensOfDish,
  isAllergen,
} from './allergens.ts';

const info = (contains: Allergen[], mayContain: Allergen[] = []): AllergenInfo => ({ contains, mayContain });

describe('allergens', () => {
  it('are Annex II’s fourteen groups', () => {
    expect(ALLERGENS).toHaveLength(14);
    expect(isAllergen('sesame')).toBe(true);
    expect(isAllergen('garlic')).toBe(false);
    expect(isAllergen(3)).toBe(false);
  });

  it('a choice holds the dish’s and its options’ allergens, in Annex II’s order, traces only where not contained', () => {
    const carbonara = info(['gluten', 'eggs'], ['nuts']);
    const parmesan = info(['milk']);
    const pesto = info(['nuts', 'milk']);
    expect(allergensOfChoice(carbonara, [parmesan])).toEqual(info(['gluten', 'eggs', 'milk'], ['nuts']));
    expect(allergensOfChoice(carbonara, [parmesan, pesto])).toEqual(info(['gluten', 'eggs', 'milk', 'nuts']));
    expect(allergensOfChoice(info([]), [])).toEqual(info([]));
  });

  it('is unknown when the dish or any chosen option has no data: never shown as "none"', () => {
    expect(allergensOfChoice(null, [])).toBeNull();
    expect(allergensOfChoice(info(['gluten']), [null])).toBeNull();
  });

  it('a dish contains, may contain, is unknown or free against what a customer avoids', () => {
    expect(allergenMatch(info(['gluten'], ['sesame']), ['gluten'])).toBe('contains');
    expect(allergenMatch(info(['gluten'], ['sesame']), ['sesame'])).toBe('mayContain');
    expect(allergenMatch(info(['gluten'], ['sesame']), ['fish'])).toBe('free');
    expect(allergenMatch(null, ['fish'])).toBe('unknown');
  });

  it('the union contains every part’s allergens, whatever the order of the options (property)', () => {
    const allergen = fc.constantFrom(...ALLERGENS);
    const part = fc.record({ contains: fc.array(allergen), mayContain: fc.array(allergen) });
    fc.assert(
      fc.property(part, fc.array(part, { maxLength: 5 }), (dish, options) => {
        const union = allergensOfChoice(dish, options)!;
        for (const p of [dish, ...options]) for (const a of p.contains) expect(union.contains).toContain(a);
        expect(allergensOfChoice(dish, [...options].reverse())).toEqual(union);
        expect(union.mayContain.filter((a) => union.contains.includes(a))).toEqual([]);
        expect(new Set(union.contains).size).toBe(union.contains.length);
      }),
    );
  });

  it('a dish on the menu holds what every option of a must-choose group holds, and says when options add more', () => {
    const group = (options: AllergenInfo[], required = true) => ({
      required,
      min: required ? 1 : 0,
      max: 1,
      options: options.map((allergens) => ({ allergens, unavailable: false })),
    });
    // Every base has gluten: the pizza has gluten. One pasta is gluten-free: the pasta has not.
    expect(allergensOfDish(info(['milk']), [group([info(['gluten']), info(['gluten', 'eggs'])])])).toEqual({
      info: info(['gluten', 'milk']),
      optionsAdd: true,
    });
    expect(allergensOfDish(info(['eggs']), [group([info(['gluten']), info([], ['gluten'])])])).toEqual({
      info: info(['eggs'], ['gluten']),
      optionsAdd: true,
    });
    // An optional group adds nothing for sure; options that hold nothing new add nothing.
    expect(allergensOfDish(info(['milk']), [group([info(['fish'])], false)])).toEqual({
      info: info(['milk']),
      optionsAdd: true,
    });
    expect(allergensOfDish(info(['milk']), [group([info([]), info(['milk'])])])).toEqual({
      info: info(['milk']),
      optionsAdd: false,
    });
    // An option without data: nothing is said for sure from its group, and the card says options may add.
    expect(allergensOfDish(info([]), [group([null, info(['gluten'])])])).toEqual({ info: info([]), optionsAdd: true });
    // An unavailable option cannot be chosen, so it does not spare the dish a group.
    const sizes = group([info(['gluten']), info([])]);
    sizes.options[1]!.unavailable = true;
    expect(allergensOfDish(info([]), [sizes]).info).toEqual(info(['gluten']));
    expect(allergensOfDish(null, [group([info(['gluten'])])])).toEqual({ info: null, optionsAdd: false });
  });

  it('what a dish holds whatever is chosen is within every choice’s union (property)', () => {
    const allergen = fc.constantFrom(...ALLERGENS);
    const part = fc.record({ contains: fc.array(allergen), mayContain: fc.array(allergen) });
    const group = fc.record({
      required: fc.boolean(),
      min: fc.constant(0),
      max: fc.constant(1),
      options: fc.array(fc.record({ allergens: part }), { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(part, fc.array(group, { maxLength: 3 }), fc.nat(), (dish, groups, pick) => {
        const sure = allergensOfDish(dish, groups).info!;
        // A choice: one option of each required group.
        const chosen = groups.filter((g) => g.required).map((g) => g.options[pick % g.options.length]!.allergens);
        const union = allergensOfChoice(dish, chosen)!;
        for (const a of sure.contains) expect(union.contains).toContain(a);
      }),
    );
  });

  it('is stored as two columns, both null when not given, in the fourteen’s order without repeats', () => {
    expect(allergenColumnsOf(null)).toEqual({ allergens: null, mayContain: null });
    expect(allergenColumnsOf(info(['milk', 'gluten', 'milk'], ['milk', 'nuts']))).toEqual({
      allergens: ['gluten', 'milk'],
      mayContain: ['nuts'],
    });
    expect(allergenInfoOf({ allergens: null, mayContain: null })).toBeNull();
    expect(allergenInfoOf({ allergens: ['sesame'], mayContain: [] })).toEqual(info(['sesame']));
  });
});
