import { describe, expect, it } from 'vitest';
import { menuCsv, menuFileBody, menuFileOf, menuFileProblems, withoutIds } from './menu-file.ts';
import { openingTime } from './opening-time.ts';

const category = {
  name: 'Śniadania',
  translations: { en: { name: 'Breakfast' } },
  position: 1,
  availability: { from: '07:00', to: '11:00' },
  items: [
    {
      name: 'Jajecznica',
      description: 'Z trzech jaj',
      translations: {},
      price: 2600,
      photo: null,
      resetPrices: false,
      unavailable: false,
      position: 1,
      allergens: { contains: ['eggs' as const], mayContain: [] },
      vatRate: 8,
      availability: null,
      groups: [
        {
          name: 'Pieczywo',
          translations: {},
          required: true,
          min: 1,
          max: 1,
          options: [{ name: 'Chleb', translations: {}, price: 0, unavailable: false, allergens: null }],
        },
      ],
    },
  ],
};

describe('a menu file', () => {
  it('holds the menu without ids, in the type the import reads back', () => {
    const file = menuFileOf('PLN', [category]);
    expect(file.categories[0]?.items[0]).toMatchObject({ name: 'Jajecznica', price: 2600, photo: '' });
    expect(JSON.stringify(file)).not.toContain('"id"');
    expect(menuFileBody(JSON.parse(JSON.stringify(file)))).toEqual(file);
    expect(menuFileProblems(file)).toEqual({});
  });

  it('is one CSV line a dish, with the price in major units and the window it is sold in', () => {
    const lines = menuCsv(menuFileOf('PLN', [category]))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('Śniadania,Jajecznica,Z trzech jaj,26.00,PLN,8,yes,7–11,Pieczywo');
  });

  it("drops an imported group's and option's ids, and names an empty window at its place", () => {
    const file = menuFileOf('PLN', [category]);
    const item = file.categories[0]!.items[0]!;
    const withIds = {
      ...item,
      groups: item.groups.map((g) => ({ ...g, id: 5, options: g.options.map((o) => ({ ...o, id: 9 })) })),
    };
    expect(JSON.stringify(withoutIds(withIds))).not.toContain('"id"');
    const empty = { ...file, categories: [{ ...file.categories[0]!, availability: { from: '07:00', to: '07:00' } }] };
    expect(menuFileProblems(empty)).toEqual({ 'file.categories.0.availability.to': 'outOfRange' });
  });

  it('carries the link of a copy of a brand group, which withoutIds keeps (decision 058)', () => {
    const item = category.items[0]!;
    const linked = { ...category, items: [{ ...item, groups: item.groups.map((g) => ({ ...g, brandGroupId: 4 })) }] };
    const file = menuFileOf('PLN', [linked]);
    expect(file.categories[0]!.items[0]!.groups[0]!.brandGroupId).toBe(4);
    expect(withoutIds(file.categories[0]!.items[0]!).groups[0]!.brandGroupId).toBe(4);
    expect(menuFileBody(file)).toEqual(file);
    expect(menuFileOf('PLN', [category]).categories[0]!.items[0]!.groups[0]).not.toHaveProperty('brandGroupId');
  });

  it('carries the ingredients its dishes and options list, in a table of its own, and names an id it lacks', () => {
    const item = { ...category.items[0]!, id: 11 };
    const withOption = {
      ...item,
      groups: item.groups.map((g) => ({ ...g, options: g.options.map((o) => ({ ...o, id: 21 })) })),
    };
    const lists = {
      ingredients: [
        { id: 3, names: { pl: 'Jajka', en: 'Eggs' }, allergens: { contains: ['eggs' as const], mayContain: [] } },
        { id: 4, names: { pl: 'Mąka' }, allergens: { contains: ['gluten' as const], mayContain: [] } },
        { id: 5, names: { pl: 'Nieużywana' }, allergens: null },
      ],
      items: { '11': [3] },
      options: { '21': [4] },
    };
    const file = menuFileOf('PLN', [{ ...category, items: [withOption] }], lists);
    const written = file.categories[0]!.items[0]!;
    expect(written.ingredientIds).toEqual([3]);
    expect(written.groups[0]!.options[0]!.ingredientIds).toEqual([4]);
    // Only the listed ones travel; the file reads back as it was written and is whole.
    expect(file.ingredients?.map((i) => i.names.pl)).toEqual(['Jajka', 'Mąka']);
    expect(menuFileBody(JSON.parse(JSON.stringify(file)))).toEqual(file);
    expect(menuFileProblems(file)).toEqual({});
    // Without lists, a file holds no ingredients at all.
    expect(menuFileOf('PLN', [category])).not.toHaveProperty('ingredients');

    const foreign = {
      ...file,
      categories: [
        {
          ...file.categories[0]!,
          items: [
            {
              ...written,
              ingredientIds: [9],
              groups: written.groups.map((g) => ({
                ...g,
                options: g.options.map((o) => ({ ...o, ingredientIds: [8] })),
              })),
            },
          ],
        },
      ],
      ingredients: [...file.ingredients!, { ...file.ingredients![0]!, names: { pl: ' ' } }],
    };
    expect(menuFileProblems(foreign)).toEqual({
      'file.categories.0.items.0.ingredientIds': 'notFound',
      'file.categories.0.items.0.groups.0.options.0.ingredientIds': 'notFound',
      'file.ingredients.2.id': 'invalid',
      'file.ingredients.2.names.pl': 'notEmpty',
    });
  });

  it("says when a closed restaurant opens in the reader's language and the restaurant's clock", () => {
    expect(openingTime('2026-11-28T07:00:00Z', 'en', 'Europe/Warsaw')).toMatch(/Sat.*08:00/);
  });
});
