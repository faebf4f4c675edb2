import { describe, expect, it } from 'vitest';
import {
  attachProblems,
  brandGroupBody,
  brandGroupCreateBody,
  brandGroupItemsBody,
  brandGroupProblems,
  brandGroupValues,
  brandOptionValues,
  copyOptionPlan,
  foreignOptionProblems,
  type BrandGroupBody,
} from './brand-groups.ts';

const option = (name: string, price: number, id?: number) => ({
  ...(id === undefined ? {} : { id }),
  name,
  translations: {},
  price,
  unavailable: false,
});

const toppings = (patch: Partial<BrandGroupBody> = {}): BrandGroupBody => ({
  name: ' Extra toppings ',
  translations: { pl: { name: ' Dodatki ' }, en: { name: '' }, ua: { name: 'Добавки' } },
  required: false,
  min: 0,
  max: 3,
  options: [option('Olives', 400), option('Mozzarella', 600)],
  ...patch,
});

describe('a brand group body', () => {
  it('takes the item form group without ids, and a currency when new', () => {
    expect(brandGroupBody(toppings())).not.toBeInstanceOf(Error);
    expect(brandGroupCreateBody({ ...toppings(), currency: 'PLN' })).not.toBeInstanceOf(Error);
    expect(brandGroupCreateBody({ ...toppings(), currency: 'USD' }).toString()).toContain('currency');
  });

  it('refuses a negative option price, no options, a blank name and a max of 0', () => {
    expect(brandGroupBody(toppings({ options: [option('Olives', -1)] })).toString()).toContain('price');
    expect(brandGroupBody(toppings({ options: [] })).toString()).toContain('options');
    expect(brandGroupBody(toppings({ name: '' })).toString()).toContain('name');
    expect(brandGroupBody(toppings({ max: 0 })).toString()).toContain('max');
  });

  it('asks for one dish at least to attach to', () => {
    expect(brandGroupItemsBody({ itemIds: [] }).toString()).toContain('itemIds');
    expect(brandGroupItemsBody({ itemIds: [1, 2] })).toEqual({ itemIds: [1, 2] });
  });
});

describe('brandGroupProblems', () => {
  it('finds nothing in a group a customer can satisfy', () => {
    expect(brandGroupProblems(toppings())).toEqual({});
  });

  it('puts the item form rules on the definition’s own fields', () => {
    expect(brandGroupProblems(toppings({ min: 3, max: 2 }))).toEqual({ min: 'outOfRange' });
    // Three choices needed out of two options: nobody could order the dish.
    expect(brandGroupProblems(toppings({ min: 3 }))).toEqual({ min: 'outOfRange' });
    expect(brandGroupProblems(toppings({ options: [option('Olives', 400, 7), option('Feta', 500, 7)] }))).toEqual({
      'options.1.id': 'invalid',
    });
  });

  it('checks the options’ allergens as the item form does', () => {
    const withAllergens = toppings({
      options: [{ ...option('Mozzarella', 600), allergens: { contains: ['milk'], mayContain: ['milk'] } }],
    });
    expect(brandGroupProblems(withAllergens)).toEqual({ 'options.0.allergens.mayContain': 'invalid' });
  });
});

describe('foreignOptionProblems', () => {
  it('refuses an option id that is not one of the group’s own', () => {
    const body = toppings({ options: [option('Olives', 400, 1), option('Feta', 500, 99), option('New', 100)] });
    expect(foreignOptionProblems(body, [1, 2])).toEqual({ 'options.1.id': 'notFound' });
  });
});

describe('attachProblems', () => {
  const group = { conceptId: 1, currency: 'PLN' };
  const found = [
    { id: 10, conceptId: 1, currency: 'PLN' },
    { id: 11, conceptId: 2, currency: 'PLN' },
    { id: 12, conceptId: 1, currency: 'UAH' },
  ];

  it('lets the brand’s dishes in the group’s currency attach', () => {
    expect(attachProblems([10], found, group)).toEqual({});
  });

  it('names each dish that may not, at its place', () => {
    expect(attachProblems([10, 11, 12, 13], found, group)).toEqual({
      'itemIds.1': 'otherBrand',
      'itemIds.2': 'currencyMismatch',
      'itemIds.3': 'notFound',
    });
  });

  it('refuses a dish named twice', () => {
    expect(attachProblems([10, 10], found, group)).toEqual({ itemIds: 'invalid' });
  });
});

describe('the values a definition writes', () => {
  it('trims names and drops blank translations', () => {
    expect(brandGroupValues(toppings())).toEqual({
      name: 'Extra toppings',
      translations: { pl: { name: 'Dodatki' }, ua: { name: 'Добавки' } },
      required: false,
      min: 0,
      max: 3,
    });
    expect(brandOptionValues({ ...option(' Olives ', 400), translations: { en: { name: ' ' } } }, 2)).toEqual({
      name: 'Olives',
      translations: {},
      price: 400,
      unavailable: false,
      position: 2,
    });
  });
});

describe('copyOptionPlan', () => {
  it('keeps the options still defined, removes the others and adds the new ones to every copy', () => {
    const plan = copyOptionPlan(
      [1, 3],
      [100, 200],
      [
        { id: 1001, groupId: 100, brandOptionId: 1 },
        { id: 1002, groupId: 100, brandOptionId: 2 },
        { id: 2001, groupId: 200, brandOptionId: 1 },
        { id: 2002, groupId: 200, brandOptionId: 2 },
        { id: 2003, groupId: 200, brandOptionId: 3 },
      ],
    );
    expect(plan.remove).toEqual([1002, 2002]);
    expect(plan.add).toEqual([{ groupId: 100, brandOptionId: 3 }]);
  });

  it('removes an option of a copy that has no link, and fills an empty copy', () => {
    expect(copyOptionPlan([5], [300], [{ id: 3001, groupId: 300, brandOptionId: null }])).toEqual({
      remove: [3001],
      add: [{ groupId: 300, brandOptionId: 5 }],
    });
  });

  it('changes nothing when the copies hold exactly the definition', () => {
    expect(copyOptionPlan([5], [300], [{ id: 3001, groupId: 300, brandOptionId: 5 }])).toEqual({ remove: [], add: [] });
  });
});
