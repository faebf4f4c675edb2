import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  type Allergen,
  type AllergenInfo,
  allergenMatch,
  allergensOfChoice,
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
});
