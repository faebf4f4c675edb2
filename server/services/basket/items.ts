import { and, asc, count, eq, sql } from 'drizzle-orm';
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
import { notFound, validationError } from '#server/errors.ts';
import { fromJson } from './priced.ts';
import type { BasketRow } from './writable.ts';

export const MAX_QUANTITY = 99;

const tooMany = () => validationError({ quantity: 'isPositiveNumber' });

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
  // Everything the checks need, in three queries sent together: the item with its restaurant and location, its
  // modifier groups with their options, and the basket's state (line count, current kitchen, lines of this item).
  const [[found], groupRows, [state]] = await Promise.all([
    tx
      .select({ item: menuItems, restaurant: restaurants, location: locations })
      .from(menuItems)
      .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
      .innerJoin(locations, eq(locations.id, restaurants.locationId))
      .where(eq(menuItems.id, input.menuItemId)),
    tx
      .select({ group: modifierGroups, option: modifierOptions })
      .from(modifierGroups)
      .leftJoin(modifierOptions, eq(modifierOptions.groupId, modifierGroups.id))
      .where(eq(modifierGroups.menuItemId, input.menuItemId))
      .orderBy(asc(modifierGroups.position), asc(modifierGroups.id)),
    tx
      .select({
        lineCount: sql<number>`(select count(*)::int from ${basketItems} where ${basketItems.basketId} = ${basket.id})`,
        currentLocationId: sql<
          number | null
        >`(select ${restaurants.locationId} from ${restaurants} where ${restaurants.id} = ${basket.restaurantId})`,
        lines: sql<unknown>`(select json_agg(json_build_object('id', ${basketItems.id}, 'quantity', ${basketItems.quantity}, 'optionIds', ${basketItems.optionIds}))
          from ${basketItems} where ${basketItems.basketId} = ${basket.id} and ${basketItems.menuItemId} = ${input.menuItemId})`,
      })
      .from(sql`(select 1) as one`),
  ]);
  if (!found || !found.item.active || !found.restaurant.active || found.location.deleted) throw notFound();
  const { item, restaurant, location } = found;
  if (item.unavailable || !restaurant.isEnabled) {
    throw new RuleError('productUnavailable', `item ${item.id} cannot be ordered now`, { menuItemId: item.id });
  }

  if (Number(state?.lineCount ?? 0) > 0 && basket.restaurantId !== null) {
    assertCanAddItem(
      { restaurantId: basket.restaurantId, locationId: state?.currentLocationId ?? -1 },
      { restaurantId: restaurant.id, locationId: restaurant.locationId },
    );
  }

  const groups: ModifierGroup[] = [];
  for (const { group: g, option: o } of groupRows) {
    let group = groups.at(-1);
    if (group?.id !== g.id) {
      group = { id: g.id, name: g.name, required: g.required, min: g.min, max: g.max, options: [] };
      groups.push(group);
    }
    if (o) group.options.push({ id: o.id, name: o.name, price: o.price, unavailable: o.unavailable });
  }
  const chosen = checkModifierSelection(groups, input.optionIds).map((o) => o.id);

  // The same item with the same options is one line with a larger quantity.
  const key = [...chosen].sort((a, b) => a - b).join(',');
  const lines = fromJson<{ id: number; quantity: number; optionIds: number[] }[]>(state?.lines, []);
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
