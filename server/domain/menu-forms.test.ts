import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import {
  allergenProblems,
  compactTranslations,
  itemAvailabilityBody,
  menuCategoryBody,
  menuItemBody,
  modifierGroupProblems,
  type ModifierGroupBody,
} from './menu-forms.ts';
import { imageAddress } from './admin-forms.ts';

const ok = (result: unknown) => !(result instanceof type.errors);

const option = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ser',
  translations: {},
  price: 300,
  unavailable: false,
  ...overrides,
});
const group = (overrides: Partial<ModifierGroupBody> = {}): ModifierGroupBody => ({
  name: 'Dodatki',
  translations: {},
  required: false,
  min: 0,
  max: 2,
  options: [option(), option({ name: 'Bekon' })],
  ...overrides,
});
const item = (overrides: Record<string, unknown> = {}) => ({
  categoryId: 1,
  name: 'Pizza',
  description: '',
  translations: { en: { name: 'Pizza', desc: '' } },
  price: 3200,
  photo: '',
  resetPrices: false,
  unavailable: false,
  position: 0,
  groups: [group()],
  ...overrides,
});

describe('menu form bodies', () => {
  it('accept a category and an item with groups, and refuse blanks, negative money and empty groups', () => {
    expect(ok(menuCategoryBody({ name: 'Pizze', translations: { en: { name: 'Pizzas' } }, position: 2 }))).toBe(true);
    expect(ok(menuCategoryBody({ name: '', translations: {}, position: 0 }))).toBe(false);
    expect(ok(menuCategoryBody({ name: 'x', translations: {}, position: -1 }))).toBe(false);
    expect(ok(menuItemBody(item()))).toBe(true);
    expect(ok(menuItemBody(item({ price: -1 })))).toBe(false);
    expect(ok(menuItemBody(item({ price: 12.5 })))).toBe(false);
    expect(ok(menuItemBody(item({ groups: [group({ options: [] })] })))).toBe(false);
    expect(ok(menuItemBody(item({ groups: [group({ max: 0 })] })))).toBe(false);
    expect(ok(menuItemBody(item({ translations: { de: { name: 'Pizza' } } })))).toBe(true);
    expect(ok(itemAvailabilityBody({ unavailable: true }))).toBe(true);
    expect(ok(itemAvailabilityBody({ unavailable: 'yes' }))).toBe(false);
  });

  it('take ingredients listed, or none said (an untouched picker holds undefined), and refuse anything else', () => {
    const options = (ingredientIds: number[] | undefined) => [
      group({ options: [{ ...group().options[0]!, ingredientIds }] }),
    ];
    expect(ok(menuItemBody(item({ ingredientIds: [1, 2] })))).toBe(true);
    expect(ok(menuItemBody({ ...item(), ingredientIds: undefined, groups: options(undefined) }))).toBe(true);
    expect(ok(menuItemBody(item({ ingredientIds: ['1'] })))).toBe(false);
    expect(ok(menuItemBody(item({ groups: options([0]) })))).toBe(false);
  });
});

describe('compactTranslations', () => {
  it('keeps only the texts given, trimmed', () => {
    expect(
      compactTranslations({
        pl: { name: ' Pizza ', desc: '' },
        en: { name: '', desc: '' },
        ua: { name: '', desc: 'Смачна' },
      }),
    ).toEqual({ pl: { name: 'Pizza' }, ua: { desc: 'Смачна' } });
    expect(compactTranslations({})).toEqual({});
  });
});

describe('modifierGroupProblems', () => {
  it('finds nothing wrong in consistent groups', () => {
    expect(modifierGroupProblems([group(), group({ required: true, min: 1, max: 1 })])).toEqual({});
  });

  it('names a min above the max or above the number of options', () => {
    expect(modifierGroupProblems([group(), group({ min: 2, max: 1 })])).toEqual({ 'groups.1.min': 'outOfRange' });
    expect(modifierGroupProblems([group({ min: 3, max: 3 })])).toEqual({ 'groups.0.min': 'outOfRange' });
  });

  it('names a group or option id given twice', () => {
    expect(
      modifierGroupProblems([
        group({ id: 4, options: [option({ id: 9 }), option({ id: 9 })] }),
        group({ id: 4, options: [option({ id: 10 }), option()] }),
      ]),
    ).toEqual({ 'groups.0.options.1.id': 'invalid', 'groups.1.id': 'invalid' });
  });
});

describe('an image address', () => {
  it('takes a blank, a path on this site or an https:// address, and nothing a browser would run or fetch elsewhere', () => {
    for (const good of ['', '/logos/smash-club.svg', '/media/dish-1.jpg', 'https://cdn.example.com/a.jpg?w=400'])
      expect(imageAddress(good), good).toBe(good);
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://cdn.example.com/a.jpg',
      '//evil.example/a.jpg',
      '/\\evil.example/a.jpg',
      'https://',
      'photo.jpg',
      ' /logos/a.svg',
      `/${'a'.repeat(300)}`,
    ])
      expect(imageAddress(bad), bad).toBeInstanceOf(type.errors);
  });

  it('is what a dish photo must be (a brand logo and cover too: admin-forms.test.ts)', () => {
    expect(ok(menuItemBody(item({ photo: 'javascript:alert(1)' })))).toBe(false);
    expect(ok(menuItemBody(item({ photo: '/media/pierogi.jpg' })))).toBe(true);
  });
});

describe('allergens in the item form', () => {
  const withAllergens = (allergens: unknown, optionAllergens?: unknown) => ({
    categoryId: 1,
    name: 'Pierogi ruskie',
    description: '',
    translations: {},
    price: 2600,
    photo: '',
    resetPrices: false,
    unavailable: false,
    position: 0,
    groups: [
      {
        name: 'Okrasa',
        translations: {},
        required: false,
        min: 0,
        max: 1,
        options: [
          {
            name: 'Śmietana',
            translations: {},
            price: 300,
            unavailable: false,
            ...(optionAllergens === undefined ? {} : { allergens: optionAllergens }),
          },
        ],
      },
    ],
    ...(allergens === undefined ? {} : { allergens }),
  });

  it('takes the fourteen groups, null (not given) or nothing (kept as it is); refuses anything else', () => {
    expect(ok(menuItemBody(withAllergens({ contains: ['gluten', 'eggs', 'milk'], mayContain: [] })))).toBe(true);
    expect(ok(menuItemBody(withAllergens(null, { contains: ['milk'], mayContain: [] })))).toBe(true);
    expect(ok(menuItemBody(withAllergens(undefined)))).toBe(true);
    expect(ok(menuItemBody(withAllergens({ contains: ['garlic'], mayContain: [] })))).toBe(false);
    expect(ok(menuItemBody(withAllergens({ contains: ['milk'] })))).toBe(false);
    expect(ok(menuItemBody(withAllergens(undefined, { contains: [], mayContain: ['pollen'] })))).toBe(false);
  });

  it('names a group given twice, or both contained and a trace, at the list that holds it', () => {
    const item = (allergens: unknown, option?: unknown) => menuItemBody.assert(withAllergens(allergens, option));
    expect(allergenProblems(item({ contains: ['milk'], mayContain: ['nuts'] }, null))).toEqual({});
    expect(allergenProblems(item({ contains: ['milk', 'milk'], mayContain: [] }))).toEqual({
      'allergens.contains': 'invalid',
    });
    expect(allergenProblems(item({ contains: ['milk'], mayContain: ['milk'] }))).toEqual({
      'allergens.mayContain': 'invalid',
    });
    expect(allergenProblems(item(undefined, { contains: [], mayContain: ['nuts', 'nuts'] }))).toEqual({
      'groups.0.options.0.allergens.mayContain': 'invalid',
    });
  });
});
