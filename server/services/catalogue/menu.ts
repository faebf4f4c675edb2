import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  concepts,
  locations,
  menuCategories,
  menuItems,
  modifierGroups,
  modifierOptions,
  restaurants,
} from '#db/schema/index.ts';
import type { RestaurantState, WorkingHours } from '#server/domain/hours.ts';
import { type Currency, currencyOf } from '#server/domain/money.ts';
import { asCountry, hoursByRestaurant, locationView, stateOf, type LocationView } from './restaurants.ts';

export type MenuOption = { id: number; name: string; price: number; unavailable: boolean };
export type MenuGroup = {
  id: number;
  name: string;
  required: boolean;
  min: number;
  max: number;
  options: MenuOption[];
};
export type MenuItem = {
  id: number;
  name: string;
  desc: string;
  price: number;
  photo: string | null;
  resetPrices: boolean;
  unavailable: boolean;
  groups: MenuGroup[];
};
export type MenuCategory = { id: number; name: string; items: MenuItem[] };

export type RestaurantDetail = {
  id: number;
  slug: string;
  name: string;
  about: string;
  phone: string | null;
  concept: { slug: string; name: string };
  location: LocationView;
  currency: Currency;
  hours: WorkingHours;
  state: RestaurantState;
  deliveryValue: number;
  minBasketValue: number;
  smallOrderThreshold: number;
  extraFee: number;
  preparationMinutes: number;
  categories: MenuCategory[];
};

/**
 * A restaurant with its menu: active categories and active items only (spec section 3), in their
 * positions; an item the kitchen ran out of stays listed, marked unavailable. `idOrSlug` is the
 * numeric id or the slug, since brand sites link by slug and older links by id.
 */
export async function getRestaurant(db: Db, idOrSlug: string, now: Date): Promise<RestaurantDetail | null> {
  const byId = /^\d{1,9}$/.test(idOrSlug);
  const [row] = await db
    .select({ restaurant: restaurants, location: locations, concept: concepts })
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(
      and(
        byId ? eq(restaurants.id, Number(idOrSlug)) : eq(restaurants.slug, idOrSlug),
        eq(restaurants.active, true),
        eq(locations.deleted, false),
        eq(concepts.active, true),
      ),
    );
  if (!row) return null;
  const { restaurant: r, location: l, concept: c } = row;
  const hours = (await hoursByRestaurant(db, [r.id])).get(r.id) ?? [];

  const categoryRows = await db
    .select()
    .from(menuCategories)
    .where(and(eq(menuCategories.restaurantId, r.id), eq(menuCategories.active, true)))
    .orderBy(asc(menuCategories.position), asc(menuCategories.id));
  const itemRows = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, r.id), eq(menuItems.active, true)))
    .orderBy(asc(menuItems.position), asc(menuItems.id));
  const itemIds = itemRows.map((i) => i.id);
  const groupRows =
    itemIds.length === 0
      ? []
      : await db
          .select()
          .from(modifierGroups)
          .where(inArray(modifierGroups.menuItemId, itemIds))
          .orderBy(asc(modifierGroups.position), asc(modifierGroups.id));
  const groupIds = groupRows.map((g) => g.id);
  const optionRows =
    groupIds.length === 0
      ? []
      : await db
          .select()
          .from(modifierOptions)
          .where(inArray(modifierOptions.groupId, groupIds))
          .orderBy(asc(modifierOptions.position), asc(modifierOptions.id));

  const optionsByGroup = new Map<number, MenuOption[]>();
  for (const o of optionRows) {
    const list = optionsByGroup.get(o.groupId) ?? [];
    list.push({ id: o.id, name: o.name, price: o.price, unavailable: o.unavailable });
    optionsByGroup.set(o.groupId, list);
  }
  const groupsByItem = new Map<number, MenuGroup[]>();
  for (const g of groupRows) {
    const list = groupsByItem.get(g.menuItemId) ?? [];
    list.push({
      id: g.id,
      name: g.name,
      required: g.required,
      min: g.min,
      max: g.max,
      options: optionsByGroup.get(g.id) ?? [],
    });
    groupsByItem.set(g.menuItemId, list);
  }
  const itemsByCategory = new Map<number, MenuItem[]>();
  for (const i of itemRows) {
    const list = itemsByCategory.get(i.categoryId) ?? [];
    list.push({
      id: i.id,
      name: i.name,
      desc: i.description,
      price: i.price,
      photo: i.photo,
      resetPrices: i.resetPrices,
      unavailable: i.unavailable,
      groups: groupsByItem.get(i.id) ?? [],
    });
    itemsByCategory.set(i.categoryId, list);
  }

  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    about: r.about,
    phone: r.phone,
    concept: { slug: c.slug, name: c.name },
    location: locationView(l),
    currency: currencyOf(asCountry(l.country)),
    hours,
    state: stateOf(r, l, hours, now),
    deliveryValue: r.deliveryValue,
    minBasketValue: r.minBasketValue,
    smallOrderThreshold: r.smallOrderThreshold,
    extraFee: r.extraFee,
    preparationMinutes: r.preparationMinutes,
    // A category whose items are all switched off has nothing to show.
    categories: categoryRows
      .map((cat) => ({ id: cat.id, name: cat.name, items: itemsByCategory.get(cat.id) ?? [] }))
      .filter((cat) => cat.items.length > 0),
  };
}
