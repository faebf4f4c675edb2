import { describe, expect, it } from 'vitest';
import {
  allergensFromIngredients,
  foreignIngredients,
  ingredientBody,
  ingredientName,
  ingredientProblems,
  outOfIngredients,
  storedNames,
  type IngredientBody,
} from './ingredients.ts';

const mozzarella = { id: 1, allergens: { contains: ['milk'], mayContain: [] }, outOfStock: false } as const;
const flour = { id: 2, allergens: { contains: ['gluten'], mayContain: ['sesame'] }, outOfStock: false } as const;
const bacon = { id: 3, allergens: { contains: [], mayContain: [] }, outOfStock: true } as const;
const unknown = { id: 4, allergens: null, outOfStock: false } as const;
const kitchen = [mozzarella, flour, bacon, unknown];

describe('a dish’s allergens from its ingredients', () => {
  it('are the union of its ingredients’, traces only where none contains them', () => {
    expect(allergensFromIngredients(null, [mozzarella, flour])).toEqual({
      contains: ['gluten', 'milk'],
      mayContain: ['sesame'],
    });
    const sesameBun = { allergens: { contains: ['sesame'], mayContain: [] } } as const;
    expect(allergensFromIngredients(null, [flour, sesameBun])).toEqual({
      contains: ['gluten', 'sesame'],
      mayContain: [],
    });
  });

  it('are unknown when one ingredient has none given, whatever the dish had by hand', () => {
    expect(allergensFromIngredients({ contains: ['fish'], mayContain: [] }, [mozzarella, unknown])).toBeNull();
  });

  it('are the dish’s own (entered by hand) while it lists no ingredient', () => {
    const own = { contains: ['fish'], mayContain: [] } as const;
    expect(allergensFromIngredients(own, [])).toBe(own);
    expect(allergensFromIngredients(null, [])).toBeNull();
  });

  it('override what was entered by hand once it lists ingredients, so the two cannot disagree', () => {
    expect(allergensFromIngredients({ contains: ['fish'], mayContain: [] }, [bacon])).toEqual({
      contains: [],
      mayContain: [],
    });
  });
});

describe('a dish out because of its ingredients', () => {
  it('is out when one ingredient it lists is out of stock at its kitchen', () => {
    expect(outOfIngredients([1, 3], kitchen)).toBe(true);
  });

  it('is not out when every ingredient it lists is in stock, or it lists none', () => {
    expect(outOfIngredients([1, 2], kitchen)).toBe(false);
    expect(outOfIngredients([], kitchen)).toBe(false);
  });

  it('comes back when the ingredient does', () => {
    const back = kitchen.map((i) => (i.id === 3 ? { ...i, outOfStock: false } : i));
    expect(outOfIngredients([1, 3], back)).toBe(false);
  });

  it('ignores ids that are not the kitchen’s', () => {
    expect(outOfIngredients([99], kitchen)).toBe(false);
    expect(foreignIngredients([1, 99, 2, 100], kitchen)).toEqual([99, 100]);
    expect(foreignIngredients([1, 2], kitchen)).toEqual([]);
  });
});

describe('the ingredient form', () => {
  const body = (over: Partial<IngredientBody> = {}): IngredientBody => ({
    names: { pl: 'Mozzarella', en: 'Mozzarella', ua: 'Моцарела' },
    allergens: { contains: ['milk'], mayContain: [] },
    ...over,
  });

  it('accepts a Polish name with translations and allergens, or none given', () => {
    expect(ingredientBody(body())).toEqual(body());
    expect(ingredientProblems(body())).toEqual({});
    expect(ingredientProblems(body({ allergens: null }))).toEqual({});
  });

  it('refuses a missing Polish name, an unknown group and a blank name', () => {
    expect(ingredientBody({ names: { en: 'x' }, allergens: null })).toBeInstanceOf(Object);
    expect(ingredientBody({ names: { en: 'x' }, allergens: null }).toString()).toMatch(/pl/);
    expect(ingredientBody(body({ allergens: { contains: ['cheese' as never], mayContain: [] } })).toString()).toMatch(
      /allergens/,
    );
    expect(ingredientProblems(body({ names: { pl: '  ' } }))).toEqual({ 'names.pl': 'notEmpty' });
  });

  it('refuses a group named twice, or a trace that is also contained', () => {
    expect(ingredientProblems(body({ allergens: { contains: ['milk', 'milk'], mayContain: [] } }))).toEqual({
      'allergens.contains': 'invalid',
    });
    expect(ingredientProblems(body({ allergens: { contains: ['milk'], mayContain: ['milk'] } }))).toEqual({
      'allergens.mayContain': 'invalid',
    });
    expect(ingredientProblems(body({ allergens: { contains: [], mayContain: ['eggs', 'eggs'] } }))).toEqual({
      'allergens.mayContain': 'invalid',
    });
  });

  it('stores names trimmed, blank translations left out, and shows the Polish one where a language has none', () => {
    const stored = storedNames({ pl: ' Boczek ', en: ' Bacon', ua: '  ' });
    expect(stored).toEqual({ pl: 'Boczek', en: 'Bacon' });
    expect(ingredientName(stored, 'en')).toBe('Bacon');
    expect(ingredientName(stored, 'ua')).toBe('Boczek');
    expect(ingredientName(storedNames({ pl: 'Jajka' }), 'pl')).toBe('Jajka');
    expect(ingredientName(storedNames({ pl: 'Boczek', ua: ' Бекон ' }), 'ua')).toBe('Бекон');
  });
});
