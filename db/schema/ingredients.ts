import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial } from 'drizzle-orm/pg-core';
import type { IngredientNames } from '#domain/ingredients.ts';
import { allergenChecks, allergenColumns } from './allergens.ts';
import { locations, menuItems, modifierOptions } from './catalogue.ts';

/**
 * A kitchen's ingredients (issue 35, decision 064): per location, since every brand cooked there draws on the same
 * store. Names in pl, en and ua; the allergens each contains (decision 050's columns and checks: both null is "not
 * given"). `out_of_stock` is the board's switch: every dish and option that lists the ingredient, in every brand of
 * the kitchen, is then unavailable (menu_items.ingredients_out, modifier_options.ingredients_out).
 */
export const kitchenIngredients = pgTable(
  'kitchen_ingredients',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    names: jsonb('names').$type<IngredientNames>().notNull(),
    ...allergenColumns(),
    outOfStock: boolean('out_of_stock').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('kitchen_ingredients_location_idx').on(t.locationId, t.position),
    check('kitchen_ingredients_names_check', sql`jsonb_typeof(${t.names}) = 'object' and ${t.names} ? 'pl'`),
    ...allergenChecks('kitchen_ingredients', t),
  ],
);

/** The ingredients a dish lists (its allergens are then derived from them: server/domain/ingredients.ts). */
export const menuItemIngredients = pgTable(
  'menu_item_ingredients',
  {
    menuItemId: integer('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    ingredientId: integer('ingredient_id')
      .notNull()
      .references(() => kitchenIngredients.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.menuItemId, t.ingredientId] }),
    index('menu_item_ingredients_ingredient_idx').on(t.ingredientId),
  ],
);

/** The ingredients a modifier option lists (extra mozzarella lists mozzarella). */
export const modifierOptionIngredients = pgTable(
  'modifier_option_ingredients',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => modifierOptions.id, { onDelete: 'cascade' }),
    ingredientId: integer('ingredient_id')
      .notNull()
      .references(() => kitchenIngredients.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.ingredientId] }),
    index('modifier_option_ingredients_ingredient_idx').on(t.ingredientId),
  ],
);
