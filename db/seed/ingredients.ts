// The demo kitchens' ingredients (issue 35, decision 064): what the demo dishes are made of, per kitchen, so that one
// switch on a board takes a dish off every brand cooked there (bacon at Warszawa Mokotów is in Pasta Fresca's
// carbonara and in Smash Club's bacon burger). Keyed as db/seed/allergens.ts is: a dish by its Polish name, an
// option by its group's key and its Polish name. Each ingredient's allergens are chosen so that what a dish's
// ingredients hold is exactly what db/seed/allergens.ts says it holds (db/seed/ingredients.test.ts checks it): a
// dish's allergens are derived from its ingredients once it lists any.

import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import {
  kitchenIngredients,
  locations,
  menuItemIngredients,
  menuItems,
  modifierGroups,
  modifierOptionIngredients,
  modifierOptions,
  restaurants,
} from '#db/schema/index.ts';
import type { IngredientNames } from '#domain/ingredients.ts';
import { isAllergen, type Allergen } from '#domain/allergens.ts';
import type { MenuTranslations } from '#db/schema/catalogue.ts';
import { menus } from './menus.ts';

export type SeedIngredient = { names: IngredientNames; contains: Allergen[]; mayContain: Allergen[] };

const groups = (words: string) =>
  words
    .split(' ')
    .filter(Boolean)
    .map((word) => {
      if (!isAllergen(word)) throw new Error(`'${word}' is not one of the fourteen allergens`);
      return word;
    });
const ingredient = (pl: string, en: string, ua: string, contains = '', mayContain = ''): SeedIngredient => ({
  names: { pl, en, ua },
  contains: groups(contains),
  mayContain: groups(mayContain),
});

export const seedIngredientList = {
  flour: ingredient('Mąka pszenna', 'Wheat flour', 'Пшеничне борошно', 'gluten'),
  mozzarella: ingredient('Mozzarella', 'Mozzarella', 'Моцарела', 'milk'),
  parmesan: ingredient('Parmezan', 'Parmesan', 'Пармезан', 'milk'),
  mascarpone: ingredient('Mascarpone', 'Mascarpone', 'Маскарпоне', 'milk'),
  quark: ingredient('Twaróg', 'Quark', 'Кисломолочний сир', 'milk'),
  creamCheese: ingredient('Serek śmietankowy', 'Cream cheese', 'Вершковий сир', 'milk'),
  cheddar: ingredient('Cheddar', 'Cheddar', 'Чедер', 'milk'),
  eggs: ingredient('Jajka', 'Eggs', 'Яйця', 'eggs'),
  bacon: ingredient('Boczek', 'Bacon', 'Бекон', ''),
  beef: ingredient('Wołowina', 'Beef', 'Яловичина', ''),
  chicken: ingredient('Kurczak', 'Chicken', 'Курка', ''),
  salmon: ingredient('Łosoś', 'Salmon', 'Лосось', 'fish'),
  tomatoes: ingredient('Pomidory', 'Tomatoes', 'Помідори', ''),
  celery: ingredient('Seler', 'Celery', 'Селера', 'celery'),
  redWine: ingredient('Czerwone wino', 'Red wine', 'Червоне вино', 'sulphites'),
  potatoes: ingredient('Ziemniaki', 'Potatoes', 'Картопля', ''),
  jalapeno: ingredient('Jalapeño', 'Jalapeño', 'Халапеньйо', ''),
  // The fryer the fries share with the breaded chicken and the onion rings: traces of what those hold.
  fryerOil: ingredient('Olej z frytkownicy', 'Fryer oil', 'Олія з фритюрниці', '', 'gluten eggs milk'),
  burgerBun: ingredient(
    'Bułka maślana z sezamem',
    'Sesame brioche bun',
    'Булочка бріош з кунжутом',
    'gluten sesame',
    'milk',
  ),
  smashSauce: ingredient('Sos smash', 'Smash sauce', 'Соус смеш', 'eggs mustard'),
  baoBun: ingredient('Bułeczka bao', 'Bao bun', 'Булочка бао', 'gluten milk'),
  hoisin: ingredient('Sos hoisin', 'Hoisin sauce', 'Соус хойсин', 'soybeans sesame'),
  soySauce: ingredient('Sos sojowy', 'Soy sauce', 'Соєвий соус', 'gluten soybeans'),
  sesame: ingredient('Sezam', 'Sesame', 'Кунжут', 'sesame'),
  rice: ingredient('Ryż', 'Rice', 'Рис', ''),
  // Rolled on the boards the prawns and the sesame rolls are made on.
  sushiRice: ingredient('Ryż do sushi', 'Sushi rice', 'Рис для суші', '', 'crustaceans sesame'),
} satisfies Record<string, SeedIngredient>;

export type IngredientKey = keyof typeof seedIngredientList;

type BrandIngredients = {
  items: Record<string, IngredientKey[]>;
  options: Record<string, Record<string, IngredientKey[]>>;
};

/** Per brand: which dishes and options list which ingredients (the rest list none and keep their own allergens). */
export const seedDishIngredients: Record<string, BrandIngredients> = {
  'pasta-fresca': {
    items: {
      'Bruschetta al pomodoro': ['flour', 'tomatoes'],
      'Tagliatelle Bolognese': ['beef', 'bacon', 'tomatoes', 'celery', 'redWine', 'parmesan'],
      'Cacio e Pepe': ['parmesan'],
      'Lasagne della nonna': ['flour', 'eggs', 'parmesan', 'beef', 'tomatoes', 'celery'],
      Margherita: ['flour', 'mozzarella', 'tomatoes'],
      'Diavola 🌶️': ['flour', 'mozzarella', 'tomatoes'],
      'Prosciutto e funghi': ['flour', 'mozzarella', 'tomatoes'],
      Capricciosa: ['flour', 'mozzarella', 'tomatoes'],
      Caprese: ['mozzarella', 'tomatoes'],
      'Rukola z parmezanem': ['parmesan'],
      Tiramisu: ['flour', 'eggs', 'mascarpone'],
    },
    options: {
      extras: { Parmezan: ['parmesan'], Boczek: ['bacon'] },
    },
  },
  'smash-club': {
    items: {
      'Classic Smash': ['burgerBun', 'beef', 'smashSauce'],
      'Bacon Smash': ['burgerBun', 'beef', 'bacon', 'smashSauce'],
      'Triple Smash 🍔': ['burgerBun', 'beef', 'smashSauce'],
      'Jalapeño Smash': ['burgerBun', 'beef', 'jalapeno', 'smashSauce'],
      Frytki: ['potatoes', 'fryerOil'],
      'Frytki z serem i bekonem': ['potatoes', 'fryerOil', 'cheddar', 'bacon'],
    },
    options: {
      doneness: { Cheddar: ['cheddar'] },
      toppings: { Bekon: ['bacon'], Jalapeño: ['jalapeno'], 'Jajko sadzone': ['eggs'] },
    },
  },
  'sushi-kaizen': {
    items: {
      'Nigiri łosoś': ['salmon', 'sushiRice'],
      'Maki łosoś': ['salmon', 'sushiRice'],
      'Philadelphia roll': ['salmon', 'creamCheese', 'sesame', 'sushiRice'],
    },
    options: {},
  },
  'pierogi-babci': {
    items: {
      'Pierogi ruskie': ['flour', 'eggs', 'potatoes', 'quark'],
      'Pierogi z serem na słodko': ['flour', 'eggs', 'quark'],
      Leniwe: ['flour', 'eggs', 'quark'],
      'Placki ziemniaczane': ['flour', 'eggs', 'potatoes', 'fryerOil'],
    },
    options: { topping: { Skwarki: ['bacon'] } },
  },
  'bao-house': {
    items: {
      'Bao z boczkiem': ['baoBun', 'bacon', 'hoisin'],
      'Bao z kurczakiem': ['baoBun', 'chicken', 'eggs', 'hoisin'],
      'Poke z łososiem': ['salmon', 'rice', 'soySauce', 'sesame'],
    },
    options: {},
  },
};

const polishName = (name: string, translations: MenuTranslations, written: 'pl' | 'ua') =>
  written === 'pl' ? name : (translations.pl?.name ?? name);

/**
 * Lists the demo dishes' ingredients: for every kitchen, the ingredients its brands' dishes use (one row each, shared
 * by every brand there), and the dishes' and options' lists. Runs after the menus are in.
 */
export async function insertKitchenIngredients(tx: Tx): Promise<void> {
  const rows = await tx
    .select({
      id: restaurants.id,
      locationId: restaurants.locationId,
      slug: restaurants.slug,
      country: locations.country,
    })
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId));
  const byKitchen = new Map<number, typeof rows>();
  for (const row of rows) byKitchen.set(row.locationId, [...(byKitchen.get(row.locationId) ?? []), row]);
  for (const [locationId, kitchenRestaurants] of [...byKitchen.entries()].sort((a, b) => a[0] - b[0])) {
    const ids = new Map<IngredientKey, number>();
    const idOf = async (key: IngredientKey) => {
      const known = ids.get(key);
      if (known !== undefined) return known;
      const { names, contains, mayContain } = seedIngredientList[key];
      const [row] = await tx
        .insert(kitchenIngredients)
        .values({ locationId, names, allergens: contains, mayContain, position: ids.size })
        .returning({ id: kitchenIngredients.id });
      ids.set(key, row!.id);
      return row!.id;
    };
    for (const restaurant of kitchenRestaurants.sort((a, b) => a.id - b.id)) {
      const concept = Object.keys(seedDishIngredients).find((c) => restaurant.slug.startsWith(`${c}-`));
      const brand = concept ? seedDishIngredients[concept] : undefined;
      if (!concept || !brand) continue;
      // Ukrainian restaurants' menus are written in Ukrainian, with the Polish names as translations (db/seed/index.ts).
      const written = restaurant.country === 'ua' ? 'ua' : 'pl';
      const items = await tx
        .select({ id: menuItems.id, name: menuItems.name, translations: menuItems.translations })
        .from(menuItems)
        .where(eq(menuItems.restaurantId, restaurant.id));
      for (const item of items) {
        for (const key of brand.items[polishName(item.name, item.translations, written)] ?? [])
          await tx.insert(menuItemIngredients).values({ menuItemId: item.id, ingredientId: await idOf(key) });
      }
      const groupKeys = new Map(Object.entries(menus[concept]!.groups).map(([key, group]) => [group.name, key]));
      const options =
        items.length === 0
          ? []
          : await tx
              .select({
                id: modifierOptions.id,
                name: modifierOptions.name,
                translations: modifierOptions.translations,
                groupName: modifierGroups.name,
                groupTranslations: modifierGroups.translations,
              })
              .from(modifierOptions)
              .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
              .where(
                inArray(
                  modifierGroups.menuItemId,
                  items.map((i) => i.id),
                ),
              );
      for (const option of options) {
        const key = groupKeys.get(polishName(option.groupName, option.groupTranslations, written));
        const listed = key ? brand.options[key]?.[polishName(option.name, option.translations, written)] : undefined;
        for (const ingredientKey of listed ?? [])
          await tx
            .insert(modifierOptionIngredients)
            .values({ optionId: option.id, ingredientId: await idOf(ingredientKey) });
      }
    }
  }
}
