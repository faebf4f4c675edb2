import { asc, eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db, Tx } from '#db/client.ts';
import {
  basketItems,
  baskets,
  concepts,
  countryConfigs,
  discountCodes,
  locations,
  menuItems,
  modifierGroups,
  modifierOptions,
  restaurants,
  workingHours,
} from '#db/schema/index.ts';
import { timeZoneOf } from '#server/domain/country.ts';
import type { PolygonGeometry } from '#server/domain/delivery-area.ts';
import { restaurantState, type RestaurantState, type WorkingHours } from '#server/domain/hours.ts';
import { type Country, type Currency, currencyOf, isCountry } from '#server/domain/money.ts';
import {
  type BasketSummary,
  type DeliveryMethod,
  type DiscountType,
  EMPTY_SUMMARY,
  linePrice,
  priceBasket,
} from '#server/domain/pricing.ts';

/** The cookie that names a visitor's basket (guests and users alike). */
export const BASKET_COOKIE = 'basket';

export type BasketAddress = {
  street: string;
  streetNo: string;
  aptNo?: string;
  city: string;
  zip: string;
  lat?: number;
  lng?: number;
};

export type PricedBasketRestaurant = {
  id: number;
  slug: string;
  name: string;
  conceptId: number;
  conceptName: string;
  phone: string | null;
  /** Enabled, active and at a location that still exists: false means "temporarily unavailable". */
  isEnabled: boolean;
  deliveryValue: number;
  minBasketValue: number;
  smallOrderThreshold: number;
  extraFee: number;
  acceptanceMinutes: number;
  preparationMinutes: number;
  deliveryPolygon: PolygonGeometry | null;
  deliveryZips: string[];
  hours: WorkingHours;
  timeZone: string;
  state: RestaurantState;
};

export type PricedBasketLocation = {
  id: number;
  slug: string;
  name: string;
  street: string;
  no: string;
  zip: string;
  city: string;
  citySlug: string;
  country: Country;
  latitude: number;
  longitude: number;
  pickupEnabled: boolean;
  deliveryEnabled: boolean;
};

export type PricedBasketLine = {
  id: number;
  menuItemId: number;
  name: string;
  quantity: number;
  /** Item price plus its options, from the database now (0 when the item has resetPrices). */
  unitPrice: number;
  totalPrice: number;
  photo: string | null;
  /** The item or one of its options can no longer be ordered (checkout answers productUnavailable). */
  unavailable: boolean;
  options: { id: number; groupName: string; name: string; price: number; unavailable: boolean }[];
};

export type PricedBasketDiscount = {
  id: number;
  code: string;
  type: DiscountType;
  value: number;
  country: Country;
  /**
   * Usable for this basket now: switched on, uses left and the basket's country. When false the
   * summary leaves it out and checkout answers discountNotActive until it is removed.
   */
  active: boolean;
  left: number;
};

export type PricedBasket = {
  id: string;
  status: 'collecting' | 'created';
  country: Country;
  deliveryMethod: DeliveryMethod;
  address: BasketAddress | null;
  userId: string | null;
  restaurant: PricedBasketRestaurant | null;
  location: PricedBasketLocation | null;
  currency: Currency;
  lines: PricedBasketLine[];
  discount: PricedBasketDiscount | null;
  summary: BasketSummary;
  itemCount: number;
};

/** What GET /api/basket answers before anything was put in a basket. */
export function emptyBasket(country: Country = 'pl'): PricedBasket {
  return {
    id: '',
    status: 'collecting',
    country,
    deliveryMethod: 'door2door',
    address: null,
    userId: null,
    restaurant: null,
    location: null,
    currency: currencyOf(country),
    lines: [],
    discount: null,
    summary: { ...EMPTY_SUMMARY },
    itemCount: 0,
  };
}

const asCountry = (value: string): Country => (isCountry(value) ? value : 'pl');

type LineOption = {
  id: number;
  name: string;
  price: number;
  unavailable: boolean;
  groupName: string;
  menuItemId: number;
};

/** json_agg answers come parsed from postgres-js and PGlite alike; a string is parsed, to be sure. */
export const fromJson = <T>(value: unknown, empty: T): T =>
  value === null || value === undefined ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/**
 * The basket row with its restaurant, location, concept name, working hours, discount code and the service fee
 * of the country it is priced in: one query.
 */
function basketHead(db: Db | Tx, basketId: string) {
  return db
    .select({
      basket: baskets,
      restaurant: restaurants,
      location: locations,
      conceptName: concepts.name,
      hours: sql<unknown>`(select json_agg(json_build_object('day', ${workingHours.day}, 'from', ${workingHours.from}, 'to', ${workingHours.to}) order by ${workingHours.day})
        from ${workingHours} where ${workingHours.restaurantId} = ${restaurants.id})`,
      discount: discountCodes,
      serviceFee: countryConfigs.serviceFee,
    })
    .from(baskets)
    .leftJoin(restaurants, eq(restaurants.id, baskets.restaurantId))
    .leftJoin(locations, eq(locations.id, restaurants.locationId))
    .leftJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .leftJoin(discountCodes, eq(discountCodes.id, baskets.discountCodeId))
    .leftJoin(countryConfigs, eq(countryConfigs.country, sql`coalesce(${locations.country}, ${baskets.country})`))
    .where(eq(baskets.id, basketId));
}

/** The basket's lines with their menu items and the chosen options (with their groups): one query. */
function basketLines(db: Db | Tx, basketId: string) {
  return db
    .select({
      line: basketItems,
      item: menuItems,
      options: sql<unknown>`(select json_agg(json_build_object('id', ${modifierOptions.id}, 'name', ${modifierOptions.name},
          'price', ${modifierOptions.price}, 'unavailable', ${modifierOptions.unavailable},
          'groupName', ${modifierGroups.name}, 'menuItemId', ${modifierGroups.menuItemId}))
        from ${modifierOptions} join ${modifierGroups} on ${modifierGroups.id} = ${modifierOptions.groupId}
        where ${modifierOptions.id} = any(${basketItems.optionIds}))`,
    })
    .from(basketItems)
    .innerJoin(menuItems, eq(menuItems.id, basketItems.menuItemId))
    .where(eq(basketItems.basketId, basketId))
    .orderBy(asc(basketItems.createdAt), asc(basketItems.id));
}

/**
 * A basket priced from the database as it is now: item and option prices, the restaurant's
 * delivery value, minimum and small-order fee, the country's service fee and the discount code's
 * current state. Nothing the client sent is trusted. Works inside a transaction (place-order calls
 * it there, after locking the basket row). Two queries, sent together.
 */
export async function loadPricedBasket(db: Db | Tx, basketId: string, now: Date): Promise<PricedBasket | null> {
  const [[head], itemRows] = await Promise.all([basketHead(db, basketId), basketLines(db, basketId)]);
  if (!head) return null;
  const { basket } = head;

  let restaurant: PricedBasketRestaurant | null = null;
  let location: PricedBasketLocation | null = null;
  if (basket.restaurantId !== null && head.restaurant && head.location) {
    const hours = fromJson<WorkingHours>(head.hours, []);
    const r = head.restaurant;
    const l = head.location;
    const country = asCountry(l.country);
    const timeZone = timeZoneOf(country);
    const isEnabled = r.isEnabled && r.active && !l.deleted;
    restaurant = {
      id: r.id,
      slug: r.slug,
      name: r.name,
      conceptId: r.conceptId,
      conceptName: head.conceptName ?? '',
      phone: r.phone,
      isEnabled,
      deliveryValue: r.deliveryValue,
      minBasketValue: r.minBasketValue,
      smallOrderThreshold: r.smallOrderThreshold,
      extraFee: r.extraFee,
      acceptanceMinutes: r.acceptanceMinutes,
      preparationMinutes: r.preparationMinutes,
      deliveryPolygon: r.deliveryPolygon ?? null,
      deliveryZips: r.deliveryZips,
      hours,
      timeZone,
      state: restaurantState({ isEnabled, hours, timeZone }, Temporal.Instant.fromEpochMilliseconds(now.getTime())),
    };
    location = {
      id: l.id,
      slug: l.slug,
      name: l.name,
      street: l.street,
      no: l.no,
      zip: l.zip,
      city: l.city,
      citySlug: l.citySlug,
      country,
      latitude: l.latitude,
      longitude: l.longitude,
      pickupEnabled: l.pickupEnabled,
      deliveryEnabled: l.deliveryEnabled,
    };
  }

  // Money follows the kitchen: a basket at a Kyiv restaurant is priced in UAH with Ukraine's service fee.
  const pricingCountry = location?.country ?? asCountry(basket.country);

  const lines: PricedBasketLine[] = itemRows.map(({ line, item, options: chosen }) => {
    const optionById = new Map(fromJson<LineOption[]>(chosen, []).map((o) => [o.id, o]));
    const options = line.optionIds.flatMap((id) => {
      const option = optionById.get(id);
      return option && option.menuItemId === item.id
        ? [{ id, groupName: option.groupName, name: option.name, price: option.price, unavailable: option.unavailable }]
        : [];
    });
    // An option deleted from the menu since, or an item moved to another restaurant, cannot be ordered as chosen.
    const lostOption = options.length !== line.optionIds.length;
    const unitPrice = linePrice(item, options);
    return {
      id: line.id,
      menuItemId: item.id,
      name: item.name,
      quantity: line.quantity,
      unitPrice,
      totalPrice: unitPrice * line.quantity,
      photo: item.photo,
      unavailable:
        item.unavailable ||
        !item.active ||
        lostOption ||
        item.restaurantId !== basket.restaurantId ||
        options.some((o) => o.unavailable),
      options,
    };
  });

  let discount: PricedBasketDiscount | null = null;
  const code = head.discount;
  if (basket.discountCodeId !== null && code) {
    const left = Math.max(0, code.quantity - code.used);
    const country = asCountry(code.country);
    discount = {
      id: code.id,
      code: code.code,
      type: code.type as DiscountType,
      value: code.value,
      country,
      active: code.active && left > 0 && country === pricingCountry,
      left,
    };
  }

  const deliveryMethod = basket.deliveryMethod as DeliveryMethod;
  const summary = restaurant
    ? priceBasket({
        lines: lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
        deliveryMethod,
        restaurant,
        serviceFee: head.serviceFee ?? 0,
        discount: discount?.active ? { type: discount.type, value: discount.value } : null,
      })
    : { ...EMPTY_SUMMARY };

  return {
    id: basket.id,
    status: basket.status as PricedBasket['status'],
    country: asCountry(basket.country),
    deliveryMethod,
    address: basket.address ?? null,
    userId: basket.userId,
    restaurant,
    location,
    currency: currencyOf(pricingCountry),
    lines,
    discount,
    summary,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
  };
}
