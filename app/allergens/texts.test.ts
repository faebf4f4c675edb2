import { describe, expect, it } from 'vitest';
import { allergenSentences, type AllergenTexts } from '#i18n/allergen-sentences.ts';
import { allergenData } from './filter-data.ts';

const texts = {
  names: { gluten: 'Gluten', eggs: 'Eggs', milk: 'Milk', nuts: 'Tree nuts', sesame: 'Sesame' },
  contains: 'Allergens: {list}',
  mayContain: 'May contain: {list}',
  none: 'None of the 14 main allergens',
  unknown: 'Allergens: ask the restaurant',
  optionsAdd: 'Some options add allergens.',
} as unknown as AllergenTexts;

describe('allergen sentences', () => {
  it('name the groups in Annex II’s order, then the traces; none and "ask the restaurant" are said, never blank', () => {
    expect(allergenSentences({ contains: ['milk', 'gluten'], mayContain: ['nuts'] }, texts)).toEqual([
      'Allergens: Gluten, Milk',
      'May contain: Tree nuts',
    ]);
    expect(allergenSentences({ contains: [], mayContain: ['sesame'] }, texts)).toEqual([
      'None of the 14 main allergens',
      'May contain: Sesame',
    ]);
    expect(allergenSentences(null, texts)).toEqual(['Allergens: ask the restaurant']);
  });

  it('a dish card carries what the filter reads: its groups, its traces, or that none are given', () => {
    expect(allergenData({ contains: ['gluten', 'eggs'], mayContain: ['nuts'] })).toEqual({
      'data-allergens': 'given',
      'data-contains': 'gluten eggs',
      'data-traces': 'nuts',
    });
    expect(allergenData(null)).toEqual({ 'data-allergens': 'unknown' });
  });
});
