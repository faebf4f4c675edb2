import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { menuCategories, menuItems } from '#db/schema/index.ts';
import { compactTranslations } from '#domain/menu-forms.ts';
import {
  copyPlan,
  changedPrice,
  menuCopyProblems,
  priceChangeProblems,
  type CopyOverwrite,
  type MenuCopyBody,
  type PriceChangeBody,
} from '#domain/menu-tools.ts';
import {
  menuFileOf,
  menuFileProblems,
  withoutIds,
  type MenuFile,
  type MenuFileCategory,
  type MenuImportBody,
} from '#domain/menu-file.ts';
import { windowColumns } from '#domain/menu-windows.ts';
import { allergenColumnsOf } from '#domain/allergens.ts';
import { countryOf, currencyOf } from '#domain/money.ts';
import { validationError } from '#server/errors.ts';
import type { FieldRule } from '#domain/errors.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { audit, orNull } from './context.ts';
import { readMenu, restaurantOf, writeGroups } from './menu.ts';
import {
  kitchenIngredientsFor,
  kitchenOfRestaurant,
  restaurantIngredients,
  writeListedIngredients,
} from '../../ingredients/kitchen-ingredients.ts';

/*
 * The brand operator's menu tools (issue 38, decision 058): a price change for a selection of dishes, a copy of a
 * category or a whole menu to other restaurants of the brand, and a menu's export and import. Each is one
 * transaction with its audit rows; the menu tables' triggers move every restaurant written's menu version.
 */

/** Changes the prices of the restaurant's dishes selected, all or none; one audit row per dish with both prices. */
export function changePrices(ctx: ServiceCtx<'db'>, restaurantId: number, body: PriceChangeBody) {
  return withTransaction(ctx, async ({ db: tx }) => {
    await restaurantOf(tx, restaurantId);
    const selection = await tx
      .select({ id: menuItems.id, price: menuItems.price })
      .from(menuItems)
      .where(
        and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.active, true), inArray(menuItems.id, body.itemIds)),
      )
      .for('update');
    const problems = priceChangeProblems(selection, body);
    if (Object.keys(problems).length > 0) throw validationError(problems);
    const changed: { id: number; price: number }[] = [];
    for (const row of selection) {
      const price = changedPrice(row.price, body.change);
      await tx.update(menuItems).set({ price }).where(eq(menuItems.id, row.id));
      await audit(tx, ctx, 'menuItem.updated', 'menuItem', row.id, { price, was: row.price, change: body.change });
      changed.push({ id: row.id, price });
    }
    return changed;
  });
}

/** Deletes categories softly with their dishes, as the editor's delete does, saying why in the audit row. */
async function retireCategories(tx: Tx, ctx: ServiceCtx<'db'>, ids: number[], reason: Record<string, unknown>) {
  for (const id of ids) {
    await tx.update(menuCategories).set({ active: false }).where(eq(menuCategories.id, id));
    const items = await tx
      .update(menuItems)
      .set({ active: false })
      .where(and(eq(menuItems.categoryId, id), eq(menuItems.active, true)))
      .returning({ id: menuItems.id });
    await audit(tx, ctx, 'menuCategory.deleted', 'menuCategory', id, {
      active: false,
      items: items.map((i) => i.id),
      ...reason,
    });
  }
}

/** Writes a file's category into a restaurant as new rows of its own: category, dishes, groups, options. */
async function writeCategory(
  tx: Tx,
  ctx: ServiceCtx<'db'>,
  restaurantId: number,
  category: MenuFileCategory,
  origin: Record<string, unknown>,
  /** The kitchen's ingredient for each id of the file's ingredient table. */
  ingredients: ReadonlyMap<number, number>,
): Promise<number> {
  const [row] = await tx
    .insert(menuCategories)
    .values({
      restaurantId,
      name: category.name.trim(),
      translations: compactTranslations(category.translations),
      position: category.position,
      ...windowColumns(category.availability),
    })
    .returning({ id: menuCategories.id });
  if (!row) throw new Error('insert returned nothing');
  const itemIds: number[] = [];
  for (const fileItem of category.items) {
    const item = withoutIds(fileItem);
    const [itemRow] = await tx
      .insert(menuItems)
      .values({
        restaurantId,
        categoryId: row.id,
        name: item.name.trim(),
        description: item.description.trim(),
        translations: compactTranslations(item.translations),
        price: item.price,
        photo: orNull(item.photo),
        resetPrices: item.resetPrices,
        unavailable: item.unavailable,
        position: item.position,
        ...(item.allergens === undefined ? {} : allergenColumnsOf(item.allergens)),
        ...(item.vatRate === undefined ? {} : { vatRate: item.vatRate }),
        ...windowColumns(item.availability),
      })
      .returning({ id: menuItems.id });
    if (!itemRow) throw new Error('insert returned nothing');
    // A copy of a brand group stays one (decision 058) where the restaurant may take it, else it is the dish's own.
    await writeGroups(tx, itemRow.id, item.groups, 'asOwn');
    const own = (ids: number[] | undefined) => ids?.flatMap((id) => ingredients.get(id) ?? []);
    const options = item.groups.map((group) => group.options.map((option) => own(option.ingredientIds)));
    if (item.ingredientIds !== undefined || options.some((group) => group.some((ids) => ids !== undefined)))
      await writeListedIngredients(tx, itemRow.id, { item: own(item.ingredientIds), options });
    itemIds.push(itemRow.id);
  }
  await audit(tx, ctx, 'menuCategory.created', 'menuCategory', row.id, {
    restaurantId,
    name: category.name,
    items: itemIds,
    ...origin,
  });
  return row.id;
}

/** Puts a file's categories into a restaurant, overwriting what `overwrite` says; answers what it did. */
async function writeFileInto(
  tx: Tx,
  ctx: ServiceCtx<'db'>,
  restaurantId: number,
  file: Pick<MenuFile, 'categories' | 'ingredients'>,
  overwrite: CopyOverwrite,
  origin: Record<string, unknown>,
) {
  const { categories } = file;
  const existing = await tx
    .select({ id: menuCategories.id, name: menuCategories.name })
    .from(menuCategories)
    .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.active, true)));
  const plan = copyPlan(categories, existing, overwrite);
  await retireCategories(tx, ctx, plan.retire, { overwrittenBy: origin });
  const copied = categories.filter((_, index) => plan.copy.includes(index));
  const kitchen = await kitchenOfRestaurant(tx, restaurantId);
  const ingredients = await kitchenIngredientsFor(tx, ctx, kitchen.id, listedIn(file.ingredients ?? [], copied));
  const created: number[] = [];
  for (const category of copied)
    created.push(await writeCategory(tx, ctx, restaurantId, category, origin, ingredients));
  return {
    restaurantId,
    created,
    replaced: plan.retire,
    skipped: categories.filter((_, index) => plan.skip.includes(index)).map((c) => c.name),
  };
}

export type CopyResult = Awaited<ReturnType<typeof writeFileInto>>;

/** The file's ingredients that the categories written list: a skipped category adds none to the kitchen. */
function listedIn(ingredients: NonNullable<MenuFile['ingredients']>, categories: MenuFileCategory[]) {
  const used = new Set(
    categories.flatMap((c) =>
      c.items.flatMap((i) => [
        ...(i.ingredientIds ?? []),
        ...i.groups.flatMap((g) => g.options.flatMap((o) => o.ingredientIds ?? [])),
      ]),
    ),
  );
  return ingredients.filter((ingredient) => used.has(ingredient.id));
}

/**
 * Copies a category (or the whole menu) to other restaurants of the same brand selling in the same currency. The
 * source is only read; every target gets rows of its own, so a later edit of either side leaves the other as it is.
 */
export async function copyMenu(
  ctx: ServiceCtx<'db'>,
  sourceRestaurantId: number,
  body: MenuCopyBody,
): Promise<CopyResult[]> {
  const problems: Record<string, FieldRule> = menuCopyProblems(sourceRestaurantId, body);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return withTransaction(ctx, async (txCtx) => {
    const { db: tx } = txCtx;
    const source = await readMenu(txCtx, sourceRestaurantId);
    const sourceRow = await restaurantOf(tx, sourceRestaurantId);
    const categories =
      body.categoryId === undefined ? source.categories : source.categories.filter((c) => c.id === body.categoryId);
    if (categories.length === 0) throw validationError({ categoryId: 'notFound' });
    const file = menuFileOf(
      source.restaurant.currency,
      categories,
      await restaurantIngredients(tx, sourceRestaurantId),
    );
    const targets = [];
    for (const [index, id] of body.targetRestaurantIds.entries()) {
      const target = await restaurantOf(tx, id).catch(() => null);
      const fits =
        target !== null &&
        target.conceptId === sourceRow.conceptId &&
        currencyOf(countryOf(target.country)) === source.restaurant.currency;
      if (!fits) problems[`targetRestaurantIds.${index}`] = 'invalid';
      targets.push(id);
    }
    if (Object.keys(problems).length > 0) throw validationError(problems);
    const results: CopyResult[] = [];
    for (const id of targets) {
      const origin = { copiedFrom: sourceRestaurantId, ...(body.categoryId ? { category: body.categoryId } : {}) };
      results.push(await writeFileInto(tx, ctx, id, file, body.overwrite, origin));
    }
    return results;
  });
}

/** The restaurant's menu as a file (JSON; the route turns it into CSV when asked). */
export async function exportMenu(ctx: ServiceCtx<'db'>, restaurantId: number): Promise<MenuFile> {
  const [menu, ingredients] = await Promise.all([
    readMenu(ctx, restaurantId),
    restaurantIngredients(ctx.db, restaurantId),
  ]);
  return menuFileOf(menu.restaurant.currency, menu.categories, ingredients);
}

/** Imports a menu file into a restaurant selling in the file's currency. */
export function importMenu(ctx: ServiceCtx<'db'>, restaurantId: number, body: MenuImportBody): Promise<CopyResult> {
  return withTransaction(ctx, async ({ db: tx }) => {
    const restaurant = await restaurantOf(tx, restaurantId);
    if (currencyOf(countryOf(restaurant.country)) !== body.file.currency) {
      throw validationError({ 'file.currency': 'invalid' });
    }
    const problems = menuFileProblems(body.file);
    if (Object.keys(problems).length > 0) throw validationError(problems);
    return writeFileInto(tx, ctx, restaurantId, body.file, body.overwrite, { imported: true });
  });
}
