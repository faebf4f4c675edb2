import { asc, eq, inArray } from 'drizzle-orm';
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

/**
 * A basket priced from the database as it is now: item and option prices, the restaurant's
 * delivery value, minimum and small-order fee, the country's service fee and the discount code's
 * current state. Nothing the client sent is trusted. Works inside a transaction (place-order calls
 * it there, after locking the basket row).
 */
export async function loadPricedBasket(db: Db | Tx, basketId: string, now: Date): Promise<PricedBasket | null> {
  const [basket] = await db.select().from(baskets).where(eq(baskets.id, basketId));
  if (!basket) return null;

  let restaurant: PricedBasketRestaurant | null = null;
  let location: PricedBasketLocation | null = null;
  if (basket.restaurantId !== null) {
    const [row] = await db
      .select({ restaurant: restaurants, location: locations, conceptName: concepts.name })
      .from(restaurants)
      .innerJoin(locations, eq(locations.id, restaurants.locationId))
      .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
      .where(eq(restaurants.id, basket.restaurantId));
    if (row) {
      const hours = await db
        .select({ day: workingHours.day, from: workingHours.from, to: workingHours.to })
        .from(workingHours)
        .where(eq(workingHours.restaurantId, row.restaurant.id))
        .orderBy(asc(workingHours.day));
      const r = row.restaurant;
      const l = row.location;
      const country = asCountry(l.country);
      const timeZone = timeZoneOf(country);
      const isEnabled = r.isEnabled && r.active && !l.deleted;
      restaurant = {
        id: r.id,
        slug: r.slug,
        name: r.name,
        conceptId: r.conceptId,
        conceptName: row.conceptName,
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
  }

  // Money follows the kitchen: a basket at a Kyiv restaurant is priced in UAH with Ukraine's service fee.
  const pricingCountry = location?.country ?? asCountry(basket.country);

  const itemRows = await db
    .select({ line: basketItems, item: menuItems })
    .from(basketItems)
    .innerJoin(menuItems, eq(menuItems.id, basketItems.menuItemId))
    .where(eq(basketItems.basketId, basket.id))
    .orderBy(asc(basketItems.createdAt), asc(basketItems.id));

  const optionIds = [...new Set(itemRows.flatMap((r) => r.line.optionIds))];
  const optionRows =
    optionIds.length === 0
      ? []
      : await db
          .select({
            id: modifierOptions.id,
            name: modifierOptions.name,
            price: modifierOptions.price,
            unavailable: modifierOptions.unavailable,
            groupName: modifierGroups.name,
            menuItemId: modifierGroups.menuItemId,
          })
          .from(modifierOptions)
          .innerJoin(modifierGroups, eq(modifierGroups.id, modifierOptions.groupId))
          .where(inArray(modifierOptions.id, optionIds));
  const optionById = new Map(optionRows.map((o) => [o.id, o]));

  const lines: PricedBasketLine[] = itemRows.map(({ line, item }) => {
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
  if (basket.discountCodeId !== null) {
    const [code] = await db.select().from(discountCodes).where(eq(discountCodes.id, basket.discountCodeId));
    if (code) {
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
  }

  const [config] = await db
    .select({ serviceFee: countryConfigs.serviceFee })
    .from(countryConfigs)
    .where(eq(countryConfigs.country, pricingCountry));

  const deliveryMethod = basket.deliveryMethod as DeliveryMethod;
  const summary = restaurant
    ? priceBasket({
        lines: lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
        deliveryMethod,
        restaurant,
        serviceFee: config?.serviceFee ?? 0,
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
