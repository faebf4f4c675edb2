import { and, asc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  locations,
  menuCategories,
  menuItems,
  modifierGroups,
  modifierOptions,
  restaurants,
} from '#db/schema/index.ts';
import type { MenuTranslations } from '#db/schema/catalogue.ts';
import {
  allergenProblems,
  compactTranslations,
  modifierGroupProblems,
  type AllergensBody,
  type MenuCategoryBody,
  type MenuItemBody,
  type ModifierGroupBody,
} from '#domain/menu-forms.ts';
import { type Currency, countryOf, currencyOf } from '#domain/money.ts';
import { notFound, validationError } from '#server/errors.ts';
import { allergenColumnsOf, allergenInfoOf, type AllergenInfo } from '#domain/allergens.ts';
import { type AvailabilityWindow, windowColumns, windowOf, windowProblems } from '#domain/menu-windows.ts';
import { audit, orNull } from './context.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { brandGroupsOf, writeCopyForItem, type BrandGroup } from './brand-groups.ts';
import { writeListedIngredients } from '../../ingredients/kitchen-ingredients.ts';

/**
 * A restaurant's menu as the admin edits it (issue 16): its active categories and items, every field and every
 * translation. Every write below changes rows of menu_categories, menu_items, modifier_groups or
 * modifier_options, whose triggers (migration 0002) move restaurants.updated_at, the version the shop's menu
 * cache follows: the shop and the brand sites show the change on their next request.
 */

export type AdminMenuOption = {
  id: number;
  name: string;
  translations: MenuTranslations;
  price: number;
  unavailable: boolean;
  /** null: not given (the shop says "ask the restaurant"). */
  allergens: AllergenInfo;
};
export type AdminMenuGroup = {
  id: number;
  name: string;
  translations: MenuTranslations;
  required: boolean;
  min: number;
  max: number;
  options: AdminMenuOption[];
  /** A copy of this brand group (decision 058): its content follows the definition, the item form keeps it. */
  brandGroupId: number | null;
};
export type AdminMenuItem = {
  id: number;
  categoryId: number;
  name: string;
  description: string;
  translations: MenuTranslations;
  price: number;
  photo: string | null;
  resetPrices: boolean;
  unavailable: boolean;
  position: number;
  allergens: AllergenInfo;
  groups: AdminMenuGroup[];
  vatRate: number;
  /** Served only in this window of the restaurant's day (issue 38); null: whenever the restaurant is open. */
  availability: AvailabilityWindow | null;
};
export type AdminMenuCategory = {
  id: number;
  name: string;
  translations: MenuTranslations;
  position: number;
  /** As an item's: its dishes are served only in this window (and their own, if they have one). */
  availability: AvailabilityWindow | null;
  items: AdminMenuItem[];
};
export type AdminMenu = {
  restaurant: { id: number; name: string; currency: Currency };
  categories: AdminMenuCategory[];
  /** The brand's other restaurants (issue 38): where a category or the whole menu may be copied to. */
  brandRestaurants: { id: number; name: string; currency: Currency }[];
  /** The brand's shared modifier groups in the restaurant's currency (decision 058): what a dish may attach. */
  brand: { id: number; groups: BrandGroup[] };
};

type Reader = Tx | Db;

export async function restaurantOf(db: Reader, restaurantId: number) {
  const [row] = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      country: locations.country,
      conceptId: restaurants.conceptId,
    })
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw notFound();
  return row;
}

export async function groupsOf(db: Reader, itemIds: number[]): Promise<Map<number, AdminMenuGroup[]>> {
  const byItem = new Map<number, AdminMenuGroup[]>();
  if (itemIds.length === 0) return byItem;
  const groups = await db
    .select()
    .from(modifierGroups)
    .where(inArray(modifierGroups.menuItemId, itemIds))
    .orderBy(asc(modifierGroups.position), asc(modifierGroups.id));
  const options =
    groups.length === 0
      ? []
      : await db
          .select()
          .from(modifierOptions)
          .where(
            inArray(
              modifierOptions.groupId,
              groups.map((g) => g.id),
            ),
          )
          .orderBy(asc(modifierOptions.position), asc(modifierOptions.id));
  const optionsByGroup = new Map<number, AdminMenuOption[]>();
  for (const o of options) {
    const list = optionsByGroup.get(o.groupId) ?? [];
    list.push({
      id: o.id,
      name: o.name,
      translations: o.translations,
      price: o.price,
      unavailable: o.unavailable,
      allergens: allergenInfoOf(o),
    });
    optionsByGroup.set(o.groupId, list);
  }
  for (const g of groups) {
    const list = byItem.get(g.menuItemId) ?? [];
    list.push({
      id: g.id,
      name: g.name,
      translations: g.translations,
      required: g.required,
      min: g.min,
      max: g.max,
      options: optionsByGroup.get(g.id) ?? [],
      brandGroupId: g.brandGroupId,
    });
    byItem.set(g.menuItemId, list);
  }
  return byItem;
}

const itemView = (i: typeof menuItems.$inferSelect, groups: AdminMenuGroup[]): AdminMenuItem => ({
  id: i.id,
  categoryId: i.categoryId,
  name: i.name,
  description: i.description,
  translations: i.translations,
  price: i.price,
  photo: i.photo,
  resetPrices: i.resetPrices,
  unavailable: i.unavailable,
  position: i.position,
  allergens: allergenInfoOf(i),
  groups,
  vatRate: i.vatRate,
  availability: windowOf(i),
});

/** The restaurant's menu for the editor: active categories by position, each with its active items. */
export async function readMenu(ctx: ServiceCtx<'db'>, restaurantId: number): Promise<AdminMenu> {
  const restaurant = await restaurantOf(ctx.db, restaurantId);
  const [categoryRows, itemRows] = await Promise.all([
    ctx.db
      .select()
      .from(menuCategories)
      .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.active, true)))
      .orderBy(asc(menuCategories.position), asc(menuCategories.id)),
    ctx.db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.active, true)))
      .orderBy(asc(menuItems.position), asc(menuItems.id)),
  ]);
  const currency = currencyOf(countryOf(restaurant.country));
  const [groups, brandRows, brandGroups] = await Promise.all([
    groupsOf(
      ctx.db,
      itemRows.map((i) => i.id),
    ),
    ctx.db
      .select({ id: restaurants.id, name: restaurants.name, country: locations.country })
      .from(restaurants)
      .innerJoin(locations, eq(locations.id, restaurants.locationId))
      .where(
        and(
          eq(restaurants.conceptId, restaurant.conceptId),
          eq(restaurants.active, true),
          ne(restaurants.id, restaurantId),
        ),
      )
      .orderBy(asc(restaurants.name)),
    brandGroupsOf(ctx.db, restaurant.conceptId, currency),
  ]);
  return {
    restaurant: { id: restaurant.id, name: restaurant.name, currency: currencyOf(countryOf(restaurant.country)) },
    categories: categoryRows.map((c) => ({
      id: c.id,
      name: c.name,
      translations: c.translations,
      position: c.position,
      availability: windowOf(c),
      items: itemRows.filter((i) => i.categoryId === c.id).map((i) => itemView(i, groups.get(i.id) ?? [])),
    })),
    brandRestaurants: brandRows.map((r) => ({ id: r.id, name: r.name, currency: currencyOf(countryOf(r.country)) })),
    brand: { id: restaurant.conceptId, groups: brandGroups },
  };
}

const categoryValues = (input: MenuCategoryBody) => ({
  name: input.name.trim(),
  translations: compactTranslations(input.translations),
  position: input.position,
  ...windowColumns(input.availability),
});

function checkCategoryBody(input: MenuCategoryBody): void {
  const problems = windowProblems('', input.availability);
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

export function createCategory(ctx: ServiceCtx<'db'>, restaurantId: number, input: MenuCategoryBody) {
  checkCategoryBody(input);
  return withTransaction(ctx, async ({ db: tx }) => {
    await restaurantOf(tx, restaurantId);
    const [row] = await tx
      .insert(menuCategories)
      .values({ restaurantId, ...categoryValues(input) })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, ctx, 'menuCategory.created', 'menuCategory', row.id, { restaurantId, ...input });
    return row;
  });
}

export function updateCategory(ctx: ServiceCtx<'db'>, id: number, input: MenuCategoryBody) {
  checkCategoryBody(input);
  return withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(menuCategories)
      .set(categoryValues(input))
      .where(and(eq(menuCategories.id, id), eq(menuCategories.active, true)))
      .returning();
    if (!row) throw notFound();
    await audit(tx, ctx, 'menuCategory.updated', 'menuCategory', id, { ...input });
    return row;
  });
}

/**
 * Deletes a category with its items (soft, active = false, as the shop's menu reads them): baskets and orders
 * keep referring to the items they hold, and a basket holding one finds it no longer available.
 */
export const deleteCategory = (ctx: ServiceCtx<'db'>, id: number): Promise<void> =>
  withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(menuCategories)
      .set({ active: false })
      .where(and(eq(menuCategories.id, id), eq(menuCategories.active, true)))
      .returning({ id: menuCategories.id });
    if (!row) throw notFound();
    const items = await tx
      .update(menuItems)
      .set({ active: false })
      .where(and(eq(menuItems.categoryId, id), eq(menuItems.active, true)))
      .returning({ id: menuItems.id });
    await audit(tx, ctx, 'menuCategory.deleted', 'menuCategory', id, {
      active: false,
      items: items.map((i) => i.id),
    });
  });

/** The category must be an active one of the item's restaurant. */
async function checkCategory(tx: Tx, restaurantId: number, categoryId: number): Promise<void> {
  const [category] = await tx
    .select({ id: menuCategories.id })
    .from(menuCategories)
    .where(
      and(
        eq(menuCategories.id, categoryId),
        eq(menuCategories.restaurantId, restaurantId),
        eq(menuCategories.active, true),
      ),
    );
  if (!category) throw validationError({ categoryId: 'notFound' });
}

const itemValues = (input: MenuItemBody) => ({
  categoryId: input.categoryId,
  name: input.name.trim(),
  description: input.description.trim(),
  translations: compactTranslations(input.translations),
  price: input.price,
  photo: orNull(input.photo),
  resetPrices: input.resetPrices,
  unavailable: input.unavailable,
  position: input.position,
  ...allergenValues(input.allergens),
  ...(input.vatRate !== undefined ? { vatRate: input.vatRate } : {}),
  ...windowColumns(input.availability),
});

/** The allergen columns a body sets: none when it leaves them out (an edit keeps the row's). */
const allergenValues = (body: AllergensBody | undefined) => (body === undefined ? {} : allergenColumnsOf(body));

function checkGroups(input: MenuItemBody): void {
  const problems = {
    ...modifierGroupProblems(input.groups),
    ...allergenProblems(input),
    ...windowProblems('', input.availability),
  };
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

/**
 * Makes the item's modifier groups and their options what the body lists, in its order: rows with an id are
 * updated (the id must be the item's own), rows without one are added, rows left out are deleted (an order line
 * keeps its option's name and price; its reference becomes null).
 */
export async function writeGroups(
  tx: Tx,
  itemId: number,
  groups: ModifierGroupBody[],
  /**
   * A new group naming a brand group that the dish may not take (another brand or currency, or gone): refused in
   * the item form; written as the dish's own group from the body when a copy or an import carries it.
   */
  foreignBrandGroup: 'refuse' | 'asOwn' = 'refuse',
): Promise<void> {
  const existingGroups = await tx
    .select({ id: modifierGroups.id, brandGroupId: modifierGroups.brandGroupId })
    .from(modifierGroups)
    .where(eq(modifierGroups.menuItemId, itemId));
  const ownGroups = new Set(existingGroups.map((g) => g.id));
  // Copies of brand groups (decision 058): the form keeps or drops them and may move them, never edits them.
  const linkOf = new Map(existingGroups.flatMap((g) => (g.brandGroupId === null ? [] : [[g.id, g.brandGroupId]])));
  const existingOptions =
    ownGroups.size === 0
      ? []
      : await tx
          .select({ id: modifierOptions.id, groupId: modifierOptions.groupId })
          .from(modifierOptions)
          .where(inArray(modifierOptions.groupId, [...ownGroups]));
  const optionGroup = new Map(existingOptions.map((o) => [o.id, o.groupId]));

  const problems: Record<string, 'notFound' | 'invalid'> = {};
  groups.forEach((group, g) => {
    if (group.id !== undefined && !ownGroups.has(group.id)) problems[`groups.${g}.id`] = 'notFound';
    if (group.id !== undefined && linkOf.has(group.id)) return;
    group.options.forEach((option, o) => {
      if (option.id !== undefined && (group.id === undefined || optionGroup.get(option.id) !== group.id)) {
        problems[`groups.${g}.options.${o}.id`] = 'notFound';
      }
    });
  });
  // A dish holds one copy of a brand group.
  const linked = new Set<number>();
  groups.forEach((group, g) => {
    const link = group.id === undefined ? (group.brandGroupId ?? undefined) : linkOf.get(group.id);
    if (link === undefined) return;
    if (linked.has(link)) problems[`groups.${g}.brandGroupId`] = 'invalid';
    linked.add(link);
  });
  if (Object.keys(problems).length > 0) throw validationError(problems);

  const keptGroups = groups.flatMap((group) => (group.id === undefined ? [] : [group.id]));
  await tx
    .delete(modifierGroups)
    .where(
      keptGroups.length > 0
        ? and(eq(modifierGroups.menuItemId, itemId), notInArray(modifierGroups.id, keptGroups))
        : eq(modifierGroups.menuItemId, itemId),
    );

  for (const [position, group] of groups.entries()) {
    const values = {
      name: group.name.trim(),
      translations: compactTranslations(group.translations),
      required: group.required,
      min: group.min,
      max: group.max,
      position,
    };
    if (group.id !== undefined && linkOf.has(group.id)) {
      await tx.update(modifierGroups).set({ position }).where(eq(modifierGroups.id, group.id));
      continue;
    }
    if (group.id === undefined && group.brandGroupId != null) {
      const copy = await writeCopyForItem(tx, itemId, group.brandGroupId, position);
      if (copy !== null) continue;
      if (foreignBrandGroup === 'refuse') throw validationError({ [`groups.${position}.brandGroupId`]: 'notFound' });
    }
    let groupId = group.id;
    if (groupId === undefined) {
      const [row] = await tx
        .insert(modifierGroups)
        .values({ menuItemId: itemId, ...values })
        .returning({ id: modifierGroups.id });
      if (!row) throw new Error('insert returned nothing');
      groupId = row.id;
    } else {
      await tx.update(modifierGroups).set(values).where(eq(modifierGroups.id, groupId));
    }
    const keptOptions = group.options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
    await tx
      .delete(modifierOptions)
      .where(
        keptOptions.length > 0
          ? and(eq(modifierOptions.groupId, groupId), notInArray(modifierOptions.id, keptOptions))
          : eq(modifierOptions.groupId, groupId),
      );
    for (const [optionPosition, option] of group.options.entries()) {
      const optionValues = {
        name: option.name.trim(),
        translations: compactTranslations(option.translations),
        price: option.price,
        unavailable: option.unavailable,
        position: optionPosition,
        ...allergenValues(option.allergens),
      };
      if (option.id === undefined) await tx.insert(modifierOptions).values({ groupId, ...optionValues });
      else await tx.update(modifierOptions).set(optionValues).where(eq(modifierOptions.id, option.id));
    }
  }
}

async function readItem(tx: Reader, id: number): Promise<AdminMenuItem> {
  const [row] = await tx
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.id, id), eq(menuItems.active, true)));
  if (!row) throw notFound();
  const groups = await groupsOf(tx, [id]);
  return itemView(row, groups.get(id) ?? []);
}

export function createItem(ctx: ServiceCtx<'db'>, restaurantId: number, input: MenuItemBody): Promise<AdminMenuItem> {
  checkGroups(input);
  return withTransaction(ctx, async ({ db: tx }) => {
    await restaurantOf(tx, restaurantId);
    await checkCategory(tx, restaurantId, input.categoryId);
    const [row] = await tx
      .insert(menuItems)
      .values({ restaurantId, ...itemValues(input) })
      .returning({ id: menuItems.id });
    if (!row) throw new Error('insert returned nothing');
    await writeGroups(tx, row.id, input.groups);
    await writeListedIngredients(tx, row.id, listedIngredients(input));
    await audit(tx, ctx, 'menuItem.created', 'menuItem', row.id, { restaurantId, ...input });
    return readItem(tx, row.id);
  });
}

export function updateItem(ctx: ServiceCtx<'db'>, id: number, input: MenuItemBody): Promise<AdminMenuItem> {
  checkGroups(input);
  return withTransaction(ctx, async ({ db: tx }) => {
    const [current] = await tx
      .select({ restaurantId: menuItems.restaurantId })
      .from(menuItems)
      .where(and(eq(menuItems.id, id), eq(menuItems.active, true)));
    if (!current) throw notFound();
    await checkCategory(tx, current.restaurantId, input.categoryId);
    await tx.update(menuItems).set(itemValues(input)).where(eq(menuItems.id, id));
    await writeGroups(tx, id, input.groups);
    await writeListedIngredients(tx, id, listedIngredients(input));
    await audit(tx, ctx, 'menuItem.updated', 'menuItem', id, { ...input });
    return readItem(tx, id);
  });
}

/** The ingredient lists a menu form sends (issue 35), item and options in the body's order. */
const listedIngredients = (input: MenuItemBody) => ({
  item: input.ingredientIds,
  options: input.groups.map((group) => group.options.map((option) => option.ingredientIds)),
});

/** Marks an item unavailable (sold out: listed, not orderable) or available again. */
export const setItemAvailability = (ctx: ServiceCtx<'db'>, id: number, unavailable: boolean): Promise<AdminMenuItem> =>
  withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(menuItems)
      .set({ unavailable })
      .where(and(eq(menuItems.id, id), eq(menuItems.active, true)))
      .returning({ id: menuItems.id });
    if (!row) throw notFound();
    await audit(tx, ctx, 'menuItem.updated', 'menuItem', id, { unavailable });
    return readItem(tx, id);
  });

/** Deletes an item (soft, active = false): it leaves the menu; baskets and orders holding it keep their lines. */
export const deleteItem = (ctx: ServiceCtx<'db'>, id: number): Promise<void> =>
  withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(menuItems)
      .set({ active: false })
      .where(and(eq(menuItems.id, id), eq(menuItems.active, true)))
      .returning({ id: menuItems.id });
    if (!row) throw notFound();
    await audit(tx, ctx, 'menuItem.deleted', 'menuItem', id, { active: false });
  });
