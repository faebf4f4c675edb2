import { describe, expect, it } from 'vitest';
import type { ModifierGroup } from '#domain/modifiers.ts';
import { allergensOfChoice } from '#domain/allergens.ts';
import { chosenAllergens, groupsToFix, toggleOption, unitPrice } from './item-choice.ts';

const pasta: ModifierGroup = {
  id: 1,
  name: 'Rodzaj makaronu',
  required: true,
  min: 1,
  max: 1,
  options: [
    { id: 10, name: 'Spaghetti', price: 0 },
    { id: 11, name: 'Pappardelle', price: 200 },
  ],
};
const extras: ModifierGroup = {
  id: 2,
  name: 'Dodatki',
  required: false,
  min: 0,
  max: 2,
  options: [
    { id: 20, name: 'Parmezan', price: 300 },
    { id: 21, name: 'Boczek', price: 500 },
    { id: 22, name: 'Burrata', price: 900 },
  ],
};
const groups = [pasta, extras];

describe('choosing an item’s options', () => {
  it('refuses until the required group has a choice', () => {
    expect(groupsToFix(groups, [])).toEqual([1]);
    expect(groupsToFix(groups, [20])).toEqual([1]);
    expect(groupsToFix(groups, [10])).toEqual([]);
  });

  it('a one-choice group behaves as radio buttons', () => {
    expect(toggleOption(groups, [10], 11)).toEqual([11]);
    expect(toggleOption(groups, [11], 11)).toEqual([]);
  });

  it('a group at its maximum takes no further option', () => {
    expect(toggleOption(groups, [10, 20, 21], 22)).toEqual([10, 20, 21]);
    expect(toggleOption(groups, [10, 20], 21)).toEqual([10, 20, 21]);
  });

  it('prices the item with its options; a resetPrices item costs only its options', () => {
    expect(unitPrice({ price: 3200, resetPrices: false, groups }, [11, 20])).toBe(3700);
    expect(unitPrice({ price: 3200, resetPrices: true, groups }, [11, 20])).toBe(500);
  });
});

describe('the dialog’s allergens', () => {
  it('are the dish’s with the chosen options’, and change as options are chosen', () => {
    const dish = {
      allergens: { contains: ['eggs' as const], mayContain: [] },
      groups: [
        {
          options: [
            { id: 10, allergens: { contains: ['gluten' as const], mayContain: [] } },
            { id: 11, allergens: null },
          ],
        },
      ],
    };
    expect(chosenAllergens(dish, [])).toEqual([]);
    expect(allergensOfChoice(dish.allergens, chosenAllergens(dish, [10]))).toEqual({
      contains: ['gluten', 'eggs'],
      mayContain: [],
    });
    expect(allergensOfChoice(dish.allergens, chosenAllergens(dish, [11]))).toBeNull();
  });
});
