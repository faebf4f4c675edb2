import { describe, expect, it } from 'vitest';
import { allergensFromIngredients } from '#domain/ingredients.ts';
import { seedAllergens } from './allergens.ts';
import { seedDishIngredients, seedIngredientList } from './ingredients.ts';
import { menus } from './menus.ts';

const sorted = (info: { contains: readonly string[]; mayContain: readonly string[] } | null | undefined) =>
  info && { contains: [...info.contains].sort(), mayContain: [...info.mayContain].sort() };
const infoOf = (keys: (keyof typeof seedIngredientList)[]) =>
  allergensFromIngredients(
    null,
    keys.map((key) => ({
      allergens: { contains: seedIngredientList[key].contains, mayContain: seedIngredientList[key].mayContain },
    })),
  );

describe('the demo kitchens’ ingredients', () => {
  it('give every dish and option that lists them exactly the allergens the demo menu says it holds', () => {
    for (const [concept, brand] of Object.entries(seedDishIngredients)) {
      for (const [dish, keys] of Object.entries(brand.items)) {
        const given = seedAllergens[concept]?.items[dish];
        expect(given, `${concept}: ${dish}`).toBeDefined();
        expect(sorted(infoOf(keys)), `${concept}: ${dish}`).toEqual(sorted(given));
      }
      for (const [group, options] of Object.entries(brand.options))
        for (const [option, keys] of Object.entries(options)) {
          const given = seedAllergens[concept]?.options[group]?.[option];
          expect(given, `${concept}: ${group} ${option}`).toBeDefined();
          expect(sorted(infoOf(keys)), `${concept}: ${group} ${option}`).toEqual(sorted(given));
        }
    }
  });

  it('name only dishes and options the demo menus have, and every ingredient in pl, en and ua', () => {
    for (const [concept, brand] of Object.entries(seedDishIngredients)) {
      const menu = menus[concept]!;
      const dishes = new Set(menu.categories.flatMap(([, items]) => items.map((i) => i.name.replace(/\*$/, ''))));
      for (const dish of Object.keys(brand.items)) expect(dishes, concept).toContain(dish);
      for (const [group, options] of Object.entries(brand.options))
        for (const option of Object.keys(options))
          expect(
            menu.groups[group]?.options.map(([name]) => name),
            `${concept} ${group}`,
          ).toContain(option);
    }
    for (const { names } of Object.values(seedIngredientList)) {
      expect(names.pl && names.en && names.ua).toBeTruthy();
    }
  });
});
