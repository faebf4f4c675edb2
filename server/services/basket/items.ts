import { and, asc, count, eq } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import {
  basketItems,
  baskets,
  locations,
  menuItems,
  modifierGroups,
  modifierOptions,
  restaurants,
} from '#db/schema/index.ts';
import { assertCanAddItem } from '#server/domain/checkout.ts';
import { RuleError } from '#server/domain/errors.ts';
import { checkModifierSelection, type ModifierGroup } from '#server/domain/modifiers.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { BasketRow } from './writable.ts';

export const MAX_QUANTITY = 99;

const tooMany = () => new AppError('validation', 400, { quantity: 'isPositiveNumber' });

async function lineCount(tx: Tx, basketId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(basketItems).where(eq(basketItems.basketId, basketId));
  return row?.n ?? 0;
}

/** An emptied basket belongs to no restaurant, so the next item may come from anywhere. */
async function releaseIfEmpty(tx: Tx, basketId: string): Promise<void> {
  if ((await lineCount(tx, basketId)) === 0) {
    await tx.update(baskets).set({ restaurantId: null }).where(eq(baskets.id, basketId));
  }
}

/**
 * Puts a menu item with its chosen options into the basket. Prices are not taken from anyone:
 * only the ids are stored, and the basket is priced from the database whenever it is read.
 * Errors: notFound (no such item), productUnavailable (item or option off, or the restaurant
 * temporarily unavailable), requiredOptions, restaurantLocation / mishmashedLocations.
 */
export async function addItem(
  tx: Tx,
  basket: BasketRow,
  input: { menuItemId: number; quantity: number; optionIds: number[] },
): Promise<void> {
  const [found] = await tx
    .select({ item: menuItems, restaurant: restaurants, location: locations })
    .from(menuItems)
    .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(eq(menuItems.id, input.menuItemId));
  if (!found || !found.item.active || !found.restaurant.active || found.location.deleted) throw notFound();
  const { item, restaurant, location } = found;
  if (item.unavailable || !restaurant.isEnabled) {
    throw new RuleError('productUnavailable', `item ${item.id} cannot be ordered now`, { menuItemId: item.id });
  }

  const hasLines = (await lineCount(tx, basket.id)) > 0;
  if (hasLines && basket.restaurantId !== null) {
    const [current] = await tx
      .select({ locationId: restaurants.locationId })
      .from(restaurants)
      .where(eq(restaurants.id, basket.restaurantId));
    assertCanAddItem(
      { restaurantId: basket.restaurantId, locationId: current?.locationId ?? -1 },
      { restaurantId: restaurant.id, locationId: restaurant.locationId },
    );
  }

  const groupRows = await tx
    .select()
    .from(modifierGroups)
    .where(eq(modifierGroups.menuItemId, item.id))
    .orderBy(asc(modifierGroups.position));
  const optionRows = groupRows.length
    ? await tx
        .select({ option: modifierOptions })
        .from(modifierOptions)
        .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
        .where(eq(modifierGroups.menuItemId, item.id))
    : [];
  const groups: ModifierGroup[] = groupRows.map((g) => ({
    id: g.id,
    name: g.name,
    required: g.required,
    min: g.min,
    max: g.max,
    options: optionRows
      .filter((o) => o.option.groupId === g.id)
      .map(({ option: o }) => ({ id: o.id, name: o.name, price: o.price, unavailable: o.unavailable })),
  }));
  const chosen = checkModifierSelection(groups, input.optionIds).map((o) => o.id);

  // The same item with the same options is one line with a larger quantity.
  const key = [...chosen].sort((a, b) => a - b).join(',');
  const lines = await tx
    .select()
    .from(basketItems)
    .where(and(eq(basketItems.basketId, basket.id), eq(basketItems.menuItemId, item.id)));
  const same = lines.find((l) => [...l.optionIds].sort((a, b) => a - b).join(',') === key);
  if (same) {
    const quantity = same.quantity + input.quantity;
    if (quantity > MAX_QUANTITY) throw tooMany();
    await tx.update(basketItems).set({ quantity }).where(eq(basketItems.id, same.id));
  } else {
    await tx
      .insert(basketItems)
      .values({ basketId: basket.id, menuItemId: item.id, quantity: input.quantity, optionIds: chosen });
  }
  // The basket's country follows its kitchen: a Kyiv restaurant's basket follows Ukraine's rules.
  await tx
    .update(baskets)
    .set({ restaurantId: restaurant.id, country: location.country })
    .where(eq(baskets.id, basket.id));
}

/** Sets a line's quantity; 0 removes it. notFound when the line is not in this basket. */
export async function setQuantity(tx: Tx, basket: BasketRow, lineId: number, quantity: number): Promise<void> {
  const where = and(eq(basketItems.id, lineId), eq(basketItems.basketId, basket.id));
  const [line] = await tx.select({ id: basketItems.id }).from(basketItems).where(where);
  if (!line) throw notFound();
  if (quantity > MAX_QUANTITY) throw tooMany();
  if (quantity === 0) {
    await tx.delete(basketItems).where(where);
    await releaseIfEmpty(tx, basket.id);
  } else {
    await tx.update(basketItems).set({ quantity }).where(where);
  }
}

/** Empties the basket: no lines, no restaurant, no discount code. How and where to deliver stays. */
export async function clearBasket(tx: Tx, basket: BasketRow): Promise<void> {
  await tx.delete(basketItems).where(eq(basketItems.basketId, basket.id));
  await tx.update(baskets).set({ restaurantId: null, discountCodeId: null }).where(eq(baskets.id, basket.id));
}
