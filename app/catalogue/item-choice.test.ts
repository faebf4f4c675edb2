import { describe, expect, it } from 'vitest';
import type { ModifierGroup } from '#domain/modifiers.ts';
import { groupsToFix, toggleOption, unitPrice } from './item-choice.ts';

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
