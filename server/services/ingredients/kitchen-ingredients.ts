import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
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
import { allergenColumnsOf, allergenInfoOf, type AllergenInfo } from '#domain/allergens.ts';
import {
  allergensFromIngredients,
  foreignIngredients,
  ingredientProblems,
  outOfIngredients,
  storedNames,
  type IngredientBody,
  type IngredientNames,
} from '#domain/ingredients.ts';
import type { MenuFileIngredient } from '#domain/menu-file.ts';
import { withTransaction } from '#db/transaction.ts';
import type { AppDeps, ServiceCtx } from '#server/context.ts';
import { notFound, validationError } from '#server/errors.ts';
import { announceOrderChange, subscribeToOrder } from '../orders/events.ts';
import { audit } from '../admin/forms/context.ts';

/*
 * A kitchen's ingredients (issue 35, decision 064). Whether a dish can be ordered is read in one column pair on every
 * channel (menu_items.unavailable / ingredients_out, the same on modifier_options): the restaurant page, the basket,
 * checkout and place-order, the call centre and the bot all read `unavailable or ingredients_out`. This module keeps
 * `ingredients_out` and the allergens of rows that list ingredients right, whenever an ingredient, its stock or a
 * row's list changes, by the rules of server/domain/ingredients.ts.
 */

type Reader = Db | Tx;

export type KitchenIngredient = {
  id: number;
  locationId: number;
  names: IngredientNames;
  allergens: AllergenInfo;
  outOfStock: boolean;
  position: number;
  /** How many active dishes and options list it, in every brand of the kitchen. */
  dishes: number;
  options: number;
};

/** The key the availability streams of a kitchen's restaurant pages wake on (the order channel's hub). */
export const stockChangeKey = (locationId: number) => `ingredients:${locationId}`;

/** Wakes `wake` when an ingredient of the kitchen is switched, in any server process. */
export const subscribeToStock = (db: Db, locationId: number, wake: () => void) =>
  subscribeToOrder(db, stockChangeKey(locationId), wake);

const ingredientColumns = {
  id: kitchenIngredients.id,
  locationId: kitchenIngredients.locationId,
  names: kitchenIngredients.names,
  allergens: kitchenIngredients.allergens,
  mayContain: kitchenIngredients.mayContain,
  outOfStock: kitchenIngredients.outOfStock,
  position: kitchenIngredients.position,
};

/** A kitchen's ingredients in the admin's order, with how many dishes and options list each. */
export async function listIngredients(db: Reader, locationId: number): Promise<KitchenIngredient[]> {
  const [rows, itemLinks, optionLinks] = await Promise.all([
    db
      .select(ingredientColumns)
      .from(kitchenIngredients)
      .where(eq(kitchenIngredients.locationId, locationId))
      .orderBy(asc(kitchenIngredients.position), asc(kitchenIngredients.id)),
    db
      .select({ ingredientId: menuItemIngredients.ingredientId })
      .from(menuItemIngredients)
      .innerJoin(kitchenIngredients, eq(kitchenIngredients.id, menuItemIngredients.ingredientId))
      .innerJoin(menuItems, eq(menuItems.id, menuItemIngredients.menuItemId))
      .where(and(eq(kitchenIngredients.locationId, locationId), eq(menuItems.active, true))),
    db
      .select({ ingredientId: modifierOptionIngredients.ingredientId })
      .from(modifierOptionIngredients)
      .innerJoin(kitchenIngredients, eq(kitchenIngredients.id, modifierOptionIngredients.ingredientId))
      .where(eq(kitchenIngredients.locationId, locationId)),
  ]);
  const count = (links: { ingredientId: number }[], id: number) => links.filter((l) => l.ingredientId === id).length;
  return rows.map(({ allergens, mayContain, ...row }) => ({
    ...row,
    allergens: allergenInfoOf({ allergens, mayContain }),
    dishes: count(itemLinks, row.id),
    options: count(optionLinks, row.id),
  }));
}

/** The kitchen (location) that cooks a restaurant. */
export async function kitchenOfRestaurant(db: Reader, restaurantId: number): Promise<{ id: number; name: string }> {
  const [row] = await db
    .select({ id: locations.id, name: locations.name })
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw notFound();
  return row;
}

/** The kitchen (location) an ingredient belongs to. */
export async function kitchenOfIngredient(db: Reader, ingredientId: number): Promise<number> {
  const [row] = await db
    .select({ locationId: kitchenIngredients.locationId })
    .from(kitchenIngredients)
    .where(eq(kitchenIngredients.id, ingredientId));
  if (!row) throw notFound();
  return row.locationId;
}

async function kitchenOf(db: Reader, locationId: number): Promise<{ id: number; name: string }> {
  const [row] = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.deleted, false)));
  if (!row) throw notFound();
  return row;
}

/** A kitchen with its ingredients, for the admin's list. */
export async function kitchenIngredientsView(db: Reader, locationId: number) {
  const kitchen = await kitchenOf(db, locationId);
  return { location: kitchen, ingredients: await listIngredients(db, locationId) };
}

/**
 * The ingredients of the restaurant's kitchen and the lists its dishes and options hold, for the menu editor's
 * pickers (answered beside the menu, so the menu's own answer is as before).
 */
export async function restaurantIngredients(db: Reader, restaurantId: number) {
  const kitchen = await kitchenOfRestaurant(db, restaurantId);
  const [ingredients, itemLinks, optionLinks] = await Promise.all([
    listIngredients(db, kitchen.id),
    db
      .select({ id: menuItemIngredients.menuItemId, ingredientId: menuItemIngredients.ingredientId })
      .from(menuItemIngredients)
      .innerJoin(menuItems, eq(menuItems.id, menuItemIngredients.menuItemId))
      .where(eq(menuItems.restaurantId, restaurantId)),
    db
      .select({ id: modifierOptionIngredients.optionId, ingredientId: modifierOptionIngredients.ingredientId })
      .from(modifierOptionIngredients)
      .innerJoin(modifierOptions, eq(modifierOptions.id, modifierOptionIngredients.optionId))
      .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
      .innerJoin(menuItems, eq(menuItems.id, modifierGroups.menuItemId))
      .where(eq(menuItems.restaurantId, restaurantId)),
  ]);
  const byRow = (links: { id: number; ingredientId: number }[]) => {
    const lists: Record<string, number[]> = {};
    for (const link of links) (lists[String(link.id)] ??= []).push(link.ingredientId);
    return lists;
  };
  return { location: kitchen, ingredients, items: byRow(itemLinks), options: byRow(optionLinks) };
}

function checkBody(body: IngredientBody): void {
  const problems = ingredientProblems(body);
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

const bodyValues = (body: IngredientBody) => ({
  names: storedNames(body.names),
  ...allergenColumnsOf(body.allergens),
  ...(body.position !== undefined ? { position: body.position } : {}),
});

async function readIngredient(db: Reader, id: number): Promise<KitchenIngredient> {
  const [row] = await db
    .select({ locationId: kitchenIngredients.locationId })
    .from(kitchenIngredients)
    .where(eq(kitchenIngredients.id, id));
  if (!row) throw notFound();
  const found = (await listIngredients(db, row.locationId)).find((i) => i.id === id);
  if (!found) throw notFound();
  return found;
}

/** Adds an ingredient to a kitchen's list (in stock). */
export function createIngredient(ctx: ServiceCtx<'db'>, locationId: number, body: IngredientBody) {
  checkBody(body);
  return withTransaction(ctx, async ({ db: tx }) => {
    await kitchenOf(tx, locationId);
    const [row] = await tx
      .insert(kitchenIngredients)
      .values({ locationId, ...bodyValues(body) })
      .returning({ id: kitchenIngredients.id });
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, ctx, 'ingredient.created', 'ingredient', row.id, { locationId, ...body });
    return readIngredient(tx, row.id);
  });
}

/** Changes an ingredient's names or allergens; every dish and option listing it takes its new allergens at once. */
export function updateIngredient(ctx: ServiceCtx<'db'>, id: number, body: IngredientBody) {
  checkBody(body);
  return withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(kitchenIngredients)
      .set(bodyValues(body))
      .where(eq(kitchenIngredients.id, id))
      .returning({ id: kitchenIngredients.id });
    if (!row) throw notFound();
    await refreshRows(tx, await rowsListing(tx, id));
    await audit(tx, ctx, 'ingredient.updated', 'ingredient', id, { ...body });
    return readIngredient(tx, id);
  });
}

/** Takes an ingredient off the kitchen's list: the dishes that listed it no longer do (nor are out because of it). */
export function deleteIngredient(ctx: ServiceCtx<'db'>, id: number): Promise<void> {
  return withTransaction(ctx, async ({ db: tx }) => {
    const rows = await rowsListing(tx, id);
    const [gone] = await tx
      .delete(kitchenIngredients)
      .where(eq(kitchenIngredients.id, id))
      .returning({ locationId: kitchenIngredients.locationId, names: kitchenIngredients.names });
    if (!gone) throw notFound();
    await refreshRows(tx, rows);
    await audit(tx, ctx, 'ingredient.deleted', 'ingredient', id, { locationId: gone.locationId, names: gone.names });
    await announceOrderChange(tx, stockChangeKey(gone.locationId));
  });
}

export type StockSwitch = {
  ingredient: KitchenIngredient;
  /** The dishes (any brand of the kitchen) and options now out because of it, or back. */
  dishes: number;
  options: number;
};

/**
 * The board's switch (issue 35): the ingredient is out of stock at its kitchen, or back. Every dish and option that
 * lists it, in every brand cooked at the kitchen, is unavailable on every channel from this commit on (and available
 * again unless another of its ingredients is still out); the kitchen's restaurant pages hear of it through the
 * stream. `locationId` is the kitchen the caller acts in: an ingredient of another kitchen is notFound. Audited
 * (ingredient.updated with outOfStock), as busy mode is.
 */
export function setIngredientStock(
  ctx: ServiceCtx<'db'>,
  input: { locationId: number; ingredientId: number; outOfStock: boolean; fromRestaurantId?: number },
): Promise<StockSwitch> {
  return withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx
      .update(kitchenIngredients)
      .set({ outOfStock: input.outOfStock })
      .where(and(eq(kitchenIngredients.id, input.ingredientId), eq(kitchenIngredients.locationId, input.locationId)))
      .returning({ id: kitchenIngredients.id });
    if (!row) throw notFound();
    const rows = await rowsListing(tx, row.id);
    await refreshRows(tx, rows);
    await audit(tx, ctx, 'ingredient.updated', 'ingredient', row.id, {
      outOfStock: input.outOfStock,
      locationId: input.locationId,
      ...(input.fromRestaurantId !== undefined ? { fromRestaurantId: input.fromRestaurantId } : {}),
    });
    await announceOrderChange(tx, stockChangeKey(input.locationId));
    return {
      ingredient: await readIngredient(tx, row.id),
      dishes: rows.itemIds.length,
      options: rows.optionIds.length,
    };
  });
}

type ListingRows = { itemIds: number[]; optionIds: number[] };

async function rowsListing(tx: Tx, ingredientId: number): Promise<ListingRows> {
  const [items, options] = await Promise.all([
    tx
      .select({ id: menuItemIngredients.menuItemId })
      .from(menuItemIngredients)
      .where(eq(menuItemIngredients.ingredientId, ingredientId)),
    tx
      .select({ id: modifierOptionIngredients.optionId })
      .from(modifierOptionIngredients)
      .where(eq(modifierOptionIngredients.ingredientId, ingredientId)),
  ]);
  return { itemIds: items.map((i) => i.id), optionIds: options.map((o) => o.id) };
}

type LinkRow = {
  rowId: number;
  ingredientId: number;
  allergens: string[] | null;
  mayContain: string[] | null;
  outOfStock: boolean;
};

/** What a row should hold given its links: out or not, and its allergens when it lists any. */
function derived(links: LinkRow[], own: AllergenInfo) {
  const listed = links.map((l) => ({ id: l.ingredientId, outOfStock: l.outOfStock, allergens: allergenInfoOf(l) }));
  return {
    ingredientsOut: outOfIngredients(
      listed.map((l) => l.id),
      listed,
    ),
    allergens: allergensFromIngredients(own, listed),
  };
}

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null ? a === b : a.join() === b.join();

type StoredRow = { id: number; ingredientsOut: boolean; allergens: string[] | null; mayContain: string[] | null };

/** Derives each row from the ingredients it lists and writes the rows whose values change. */
async function refreshEach(
  rows: StoredRow[],
  links: LinkRow[],
  write: (id: number, values: { ingredientsOut: boolean } & ReturnType<typeof allergenColumnsOf>) => Promise<unknown>,
): Promise<void> {
  for (const row of rows) {
    const next = derived(
      links.filter((l) => l.rowId === row.id),
      allergenInfoOf(row),
    );
    const columns = allergenColumnsOf(next.allergens);
    if (
      next.ingredientsOut !== row.ingredientsOut ||
      !sameList(columns.allergens, row.allergens) ||
      !sameList(columns.mayContain, row.mayContain)
    )
      await write(row.id, { ingredientsOut: next.ingredientsOut, ...columns });
  }
}

const linkColumns = {
  ingredientId: kitchenIngredients.id,
  allergens: kitchenIngredients.allergens,
  mayContain: kitchenIngredients.mayContain,
  outOfStock: kitchenIngredients.outOfStock,
};

/**
 * Makes each row's `ingredients_out` and (when it lists ingredients) allergens what its ingredients say. Only rows
 * that change are written, so a menu's version (migration 0002's triggers) moves only when its shop view changes.
 */
export async function refreshRows(tx: Tx, { itemIds, optionIds }: ListingRows): Promise<void> {
  if (itemIds.length > 0) {
    const [rows, links] = await Promise.all([
      tx
        .select({
          id: menuItems.id,
          ingredientsOut: menuItems.ingredientsOut,
          allergens: menuItems.allergens,
          mayContain: menuItems.mayContain,
        })
        .from(menuItems)
        .where(inArray(menuItems.id, itemIds)),
      tx
        .select({ rowId: menuItemIngredients.menuItemId, ...linkColumns })
        .from(menuItemIngredients)
        .innerJoin(kitchenIngredients, eq(kitchenIngredients.id, menuItemIngredients.ingredientId))
        .where(inArray(menuItemIngredients.menuItemId, itemIds)),
    ]);
    await refreshEach(rows, links, (id, values) => tx.update(menuItems).set(values).where(eq(menuItems.id, id)));
  }
  if (optionIds.length > 0) {
    const [rows, links] = await Promise.all([
      tx
        .select({
          id: modifierOptions.id,
          ingredientsOut: modifierOptions.ingredientsOut,
          allergens: modifierOptions.allergens,
          mayContain: modifierOptions.mayContain,
        })
        .from(modifierOptions)
        .where(inArray(modifierOptions.id, optionIds)),
      tx
        .select({ rowId: modifierOptionIngredients.optionId, ...linkColumns })
        .from(modifierOptionIngredients)
        .innerJoin(kitchenIngredients, eq(kitchenIngredients.id, modifierOptionIngredients.ingredientId))
        .where(inArray(modifierOptionIngredients.optionId, optionIds)),
    ]);
    await refreshEach(rows, links, (id, values) =>
      tx.update(modifierOptions).set(values).where(eq(modifierOptions.id, id)),
    );
  }
}

/** The ingredient's name as a copy or an import matches it: the same Polish name, whatever the case or spaces. */
const matchName = (names: IngredientNames) => names.pl.trim().replace(/\s+/g, ' ').toLocaleLowerCase('pl');

/**
 * The kitchen's own ingredient for each one a menu file lists (a copy's or an import's, decision 064): matched by
 * Polish name; one the kitchen lacks is added to its list (in stock) with the file's names and allergens. Answers
 * the kitchen's id for each of the file's ids.
 */
export async function kitchenIngredientsFor(
  tx: Tx,
  ctx: ServiceCtx<'db'>,
  locationId: number,
  wanted: readonly MenuFileIngredient[],
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (wanted.length === 0) return found;
  const own = await tx
    .select({ id: kitchenIngredients.id, names: kitchenIngredients.names, position: kitchenIngredients.position })
    .from(kitchenIngredients)
    .where(eq(kitchenIngredients.locationId, locationId));
  const byName = new Map(own.map((row) => [matchName(row.names), row.id]));
  let position = Math.max(0, ...own.map((row) => row.position + 1));
  for (const ingredient of wanted) {
    const name = matchName(ingredient.names);
    let id = byName.get(name);
    if (id === undefined) {
      const body = { names: ingredient.names, allergens: ingredient.allergens, position: position++ };
      const [row] = await tx
        .insert(kitchenIngredients)
        .values({ locationId, ...bodyValues(body) })
        .returning({ id: kitchenIngredients.id });
      if (!row) throw new Error('insert returned nothing');
      id = row.id;
      byName.set(name, id);
      await audit(tx, ctx, 'ingredient.created', 'ingredient', id, { locationId, ...body, fromMenuFile: true });
    }
    found.set(ingredient.id, id);
  }
  return found;
}

/** A dish's and its options' ingredient lists as the menu form sends them; undefined: kept as they are. */
export type ListedIngredients = {
  item: number[] | undefined;
  /** Per group, per option, in the body's order (the order writeGroups wrote them in). */
  options: (number[] | undefined)[][];
};

/**
 * Writes the ingredient lists of a dish and its options from the menu form (after its groups are written), then
 * derives their allergens and availability, listed or kept. Every id must be an ingredient of the dish's own kitchen.
 */
export async function writeListedIngredients(tx: Tx, itemId: number, listed: ListedIngredients): Promise<void> {
  const [item] = await tx
    .select({ restaurantId: menuItems.restaurantId })
    .from(menuItems)
    .where(eq(menuItems.id, itemId));
  if (!item) throw notFound();
  const kitchen = await kitchenOfRestaurant(tx, item.restaurantId);
  const own = await tx
    .select({ id: kitchenIngredients.id })
    .from(kitchenIngredients)
    .where(eq(kitchenIngredients.locationId, kitchen.id));
  const problems: Record<string, 'notFound'> = {};
  if (listed.item && foreignIngredients(listed.item, own).length > 0) problems['ingredientIds'] = 'notFound';
  listed.options.forEach((group, g) =>
    group.forEach((ids, o) => {
      if (ids && foreignIngredients(ids, own).length > 0)
        problems[`groups.${g}.options.${o}.ingredientIds`] = 'notFound';
    }),
  );
  if (Object.keys(problems).length > 0) throw validationError(problems);

  const optionIds: number[] = [];
  if (listed.item !== undefined) {
    await tx.delete(menuItemIngredients).where(eq(menuItemIngredients.menuItemId, itemId));
    const ids = [...new Set(listed.item)];
    if (ids.length > 0)
      await tx.insert(menuItemIngredients).values(ids.map((ingredientId) => ({ menuItemId: itemId, ingredientId })));
  }
  // The options as writeGroups left them: groups and options by position, which is the body's order.
  const written = await tx
    .select({ id: modifierOptions.id, group: modifierGroups.position, position: modifierOptions.position })
    .from(modifierOptions)
    .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
    .where(eq(modifierGroups.menuItemId, itemId));
  for (const option of written) {
    // Every option is derived again, listed or not: a body that sent allergens by hand for a row that lists
    // ingredients must not leave the two disagreeing.
    optionIds.push(option.id);
    const ids = listed.options[option.group]?.[option.position];
    if (ids === undefined) continue;
    await tx.delete(modifierOptionIngredients).where(eq(modifierOptionIngredients.optionId, option.id));
    const unique = [...new Set(ids)];
    if (unique.length > 0)
      await tx
        .insert(modifierOptionIngredients)
        .values(unique.map((ingredientId) => ({ optionId: option.id, ingredientId })));
  }
  await refreshRows(tx, { itemIds: [itemId], optionIds });
}

/** Which of a restaurant's dishes and options cannot be ordered now (switched off, or an ingredient is out). */
export type MenuAvailability = { items: number[]; options: number[] };

export async function restaurantKitchen(
  { db }: Pick<AppDeps, 'db'>,
  { restaurantId }: { restaurantId: number },
): Promise<number | null> {
  const [row] = await db
    .select({ locationId: restaurants.locationId })
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.active, true)));
  return row?.locationId ?? null;
}

/** The same columns every channel reads (`unavailable or ingredients_out`), for the restaurant's active dishes. */
export async function loadAvailability(
  { db }: Pick<AppDeps, 'db'>,
  { restaurantId }: { restaurantId: number },
): Promise<MenuAvailability> {
  const [items, options] = await Promise.all([
    db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.restaurantId, restaurantId),
          eq(menuItems.active, true),
          or(eq(menuItems.unavailable, true), eq(menuItems.ingredientsOut, true)),
        ),
      )
      .orderBy(menuItems.id),
    db
      .select({ id: modifierOptions.id })
      .from(modifierOptions)
      .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
      .innerJoin(menuItems, eq(menuItems.id, modifierGroups.menuItemId))
      .where(
        and(
          eq(menuItems.restaurantId, restaurantId),
          eq(menuItems.active, true),
          or(eq(modifierOptions.unavailable, true), eq(modifierOptions.ingredientsOut, true)),
        ),
      )
      .orderBy(modifierOptions.id),
  ]);
  return { items: items.map((i) => i.id), options: options.map((o) => o.id) };
}
