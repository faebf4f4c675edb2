import { describe, expect, it } from 'vitest';
import { RuleError } from './errors.ts';
import {
  type ModifierGroup,
  REQUIRED_OPTIONS_MESSAGE,
  checkModifierSelection,
  choiceBounds,
  unmetGroups,
} from './modifiers.ts';

const size: ModifierGroup = {
  id: 1,
  name: 'Size',
  required: true,
  min: 1,
  max: 1,
  options: [
    { id: 11, name: '30 cm', price: 0 },
    { id: 12, name: '40 cm', price: 900 },
  ],
};
const toppings: ModifierGroup = {
  id: 2,
  name: 'Extra toppings',
  required: false,
  min: 0,
  max: 3,
  options: [
    { id: 21, name: 'Cheese', price: 400 },
    { id: 22, name: 'Ham', price: 500 },
    { id: 23, name: 'Olives', price: 300 },
    { id: 24, name: 'Jalapeño', price: 300 },
    { id: 25, name: 'Truffle', price: 1500, unavailable: true },
  ],
};
const sauces: ModifierGroup = {
  id: 3,
  name: 'Two sauces',
  required: true,
  min: 2,
  max: 2,
  options: [
    { id: 31, name: 'Garlic', price: 0 },
    { id: 32, name: 'BBQ', price: 0 },
    { id: 33, name: 'Hot', price: 0 },
  ],
};
const sides: ModifierGroup = {
  id: 4,
  name: 'Sides (pick 2 or none)',
  required: false,
  min: 2,
  max: 0,
  options: [
    { id: 41, name: 'Fries', price: 600 },
    { id: 42, name: 'Salad', price: 700 },
    { id: 43, name: 'Rice', price: 500 },
  ],
};
const groups = [size, toppings, sauces, sides];

function reason(fn: () => unknown): { key: string; reason: unknown } {
  try {
    fn();
  } catch (e) {
    const err = e as RuleError;
    return { key: err.key, reason: err.details?.['reason'] };
  }
  throw new Error('expected a RuleError');
}

describe('checkModifierSelection', () => {
  it.each<[string, number[], number[]]>([
    ['only the required ones', [11, 31, 32], [11, 31, 32]],
    ['with optional toppings', [12, 21, 22, 23, 31, 33], [12, 21, 22, 23, 31, 33]],
    ['with the pick-two-or-none group', [11, 31, 32, 41, 42, 43], [11, 31, 32, 41, 42, 43]],
  ])('accepts %s and returns the options', (_name, ids, expected) => {
    expect(checkModifierSelection(groups, ids).map((o) => o.id)).toEqual(expected);
  });

  it('with no groups nothing is needed', () => {
    expect(checkModifierSelection([], [])).toEqual([]);
  });

  it.each<[string, number[], string]>([
    ['a required group left empty', [31, 32], 'tooFew'],
    ['under the min of a required group', [11, 31], 'tooFew'],
    ['over the max', [11, 12, 31, 32], 'tooMany'],
    ['over the max of an optional group', [11, 31, 32, 21, 22, 23, 24], 'tooMany'],
    ['a touched optional group under its min', [11, 31, 32, 41], 'tooFew'],
    ['an option of another item', [11, 31, 32, 99], 'unknownOption'],
    ['the same option twice', [11, 31, 31], 'duplicateOption'],
  ])('refuses %s with requiredOptions', (_name, ids, why) => {
    expect(reason(() => checkModifierSelection(groups, ids))).toEqual({ key: 'requiredOptions', reason: why });
  });

  it("says 'Please select required options'", () => {
    expect(() => checkModifierSelection(groups, [])).toThrow(REQUIRED_OPTIONS_MESSAGE);
    expect(() => checkModifierSelection(groups, [])).toThrow(RuleError);
  });

  it('an unavailable option is productUnavailable', () => {
    expect(reason(() => checkModifierSelection(groups, [11, 31, 32, 25]))).toEqual({
      key: 'productUnavailable',
      reason: undefined,
    });
  });

  it('a required group with min 0 still needs one choice', () => {
    const g = { ...size, min: 0, max: 2 };
    expect(choiceBounds(g)).toEqual({ min: 1, max: 2 });
    expect(() => checkModifierSelection([g], [])).toThrow(RuleError);
    expect(checkModifierSelection([g], [11])).toHaveLength(1);
  });

  it('max 0 means no upper limit', () => {
    expect(choiceBounds(sides)).toEqual({ min: 2, max: Infinity });
  });
});

describe('unmetGroups', () => {
  it('lists groups still needing attention, for the add-to-basket dialog', () => {
    expect(unmetGroups(groups, [])).toEqual([1, 3]);
    expect(unmetGroups(groups, [11, 31])).toEqual([3]);
    expect(unmetGroups(groups, [11, 12, 31, 32, 41])).toEqual([1, 4]);
    expect(unmetGroups(groups, [11, 31, 32])).toEqual([]);
  });
});
