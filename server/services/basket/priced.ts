import { type Kitchen, type KitchenNow, kitchenNow } from '#domain/kitchen-settings.ts';
import { Temporal } from 'temporal-polyfill';
import type { Db, Tx } from '#db/client.ts';
import { queryOf, type Query, type Row } from '#db/raw.ts';
import * as basketSql from '#db/statements/basket.ts';
import type { BrandRow, PricingRow, PromotionRulesRow } from '#db/statements/basket.ts';
import { timeZoneOf } from '#domain/country.ts';
import { cheapestTerms, deliveryTermsAt, type DeliveryTerms, type StoredDeliveryZone } from '#domain/delivery-zones.ts';
import type { DeliveryPoint } from '#domain/delivery-area.ts';
import { hoursFor, restaurantState, serviceOf, type RestaurantState, type WorkingHours } from '#domain/hours.ts';
import { type Country, type Currency, countryOf, currencyOf } from '#domain/money.ts';
import { stripEmoji } from '#domain/orders.ts';
import type { MenuTranslations } from '#db/schema/catalogue.ts';
import type { BasketAddress } from '#domain/addresses.ts';
import type { LocationView } from '../catalogue/restaurants.ts';
import {
  type BasketSummary,
  type DeliveryMethod,
  type DiscountType,
  EMPTY_SUMMARY,
  linePrice,
  priceBasket,
} from '#domain/pricing.ts';
import { LOCALES, type Locale } from '#domain/locales.ts';
import { lineUnavailable } from '#domain/basket/transitions.ts';
import { storedWindows, windowsOpenAt } from '#domain/menu-windows.ts';
import {
  eligibleValue,
  localMinute,
  promotionRefusal,
  type PromotionRefusal,
  type PromotionRules,
} from '#domain/promotions.ts';
import { allergenInfoOf, allergensOfChoice, type AllergenInfo } from '#domain/allergens.ts';
import { closedBrands, lineBlock, sharedTerms, type BrandTerms, type LineBlock } from '#domain/shared-basket.ts';

/** The cookie that names a visitor's basket (guests and users alike). */
export const BASKET_COOKIE = 'basket';

export type PricedBasketRestaurant = {
  id: number;
  slug: string;
  name: string;
  conceptId: number;
  conceptSlug: string;
  conceptName: string;
  phone: string | null;
  /** Enabled, active and at a location that still exists: false means "temporarily unavailable". */
  isEnabled: boolean;
  /**
   * What this basket pays for delivery and must reach: the zone's holding the basket's address (decision 061); the
   * cheapest zone's while the address is unknown or outside every zone (checkout then answers
   * addressOutOfRestaurantsDeliveryArea); on pickup, no fee and the restaurant's own minimum.
   */
  deliveryValue: number;
  minBasketValue: number;
  smallOrderThreshold: number;
  extraFee: number;
  acceptanceMinutes: number;
  preparationMinutes: number;
  /** Accepts orders by itself (auto-accept.ts): placing one paid on delivery accepts it at once. */
  autoAccept: boolean;
  /** Where it delivers, in the admin's order; `deliveryZone` is the one holding the basket's address, if any. */
  deliveryZones: StoredDeliveryZone[];
  deliveryZone: DeliveryTerms | null;
  hours: WorkingHours;
  timeZone: string;
  state: RestaurantState;
};

/** The basket's restaurant's location, in the catalogue's shape. */
export type PricedBasketLocation = LocationView;

/**
 * A menu text's name in the languages its menu translates it into ('pl' of a Kyiv menu written in Ukrainian, say);
 * the shop shows `names[language] ?? name`, as the restaurant page does (server/services/catalogue/menu.ts menuIn).
 */
export type MenuNames = Partial<Record<Locale, string>>;

export type PricedBasketLine = {
  id: number;
  menuItemId: number;
  /** As written in the menu; `names` has it in other languages where the menu translates it. */
  name: string;
  names: MenuNames;
  quantity: number;
  /** Item price (0 when the item has resetPrices) plus its options, from the database now. */
  unitPrice: number;
  totalPrice: number;
  photo: string | null;
  /** The item or one of its options can no longer be ordered (checkout answers productUnavailable). */
  unavailable: boolean;
  /**
   * Where the item is cooked now: its restaurant, that restaurant's location and brand. Another than the basket's
   * makes checkout answer restaurantLocation or mishmashedLocations (#domain/checkout.ts kitchenConflict).
   */
  kitchen: { restaurantId: number; locationId: number; conceptId: number };
  /** The item's menu category (a discount code may be for some categories only). */
  categoryId: number;
  /**
   * Why this line stops the order now (issue 35): productUnavailable (as `unavailable`), or restaurantClosed when its
   * brand closed or was switched off while the rest of a shared basket's kitchen takes orders; null when it does not.
   */
  blocked: LineBlock;
  /** The item's allergens with its chosen options' (allergensOfChoice); null when any part has none given. */
  allergens: AllergenInfo;
  options: {
    id: number;
    groupName: string;
    groupNames: MenuNames;
    name: string;
    names: MenuNames;
    price: number;
    unavailable: boolean;
  }[];
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
  /**
   * The code's own rule this basket breaks now (issue 38: its window, brands and restaurants, categories, minimum),
   * or null; the summary then leaves the code out and checkout answers the same key. Who the customer is (once per
   * customer, first order) is judged when the code is applied by an account and again at checkout.
   */
  refusal: PromotionRefusal | null;
  rules: PromotionRules;
};

/**
 * A brand of a shared basket (issue 35, decision 066): its restaurant, whether it takes orders now, and its own terms
 * and hours, which the bag's one fee and minimum are made of and checkout judges its lines by.
 */
export type PricedBasketBrand = {
  restaurantId: number;
  slug: string;
  name: string;
  conceptId: number;
  conceptSlug: string;
  conceptName: string;
  isEnabled: boolean;
  state: RestaurantState;
  /** restaurantClosed: its lines stop the order (closed or switched off while the rest of the kitchen is open). */
  blocked: 'restaurantClosed' | null;
  terms: Omit<BrandTerms, 'deliveryValue' | 'minBasketValue'> & {
    /** Its own, before the zone holding the address is chosen. */
    deliveryValue: number;
    minBasketValue: number;
    deliveryZones: StoredDeliveryZone[];
  };
  /** The zone of its own holding the basket's address, if any (none: it does not deliver there). */
  deliveryZone: DeliveryTerms | null;
  hours: WorkingHours;
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
  /** The basket's location takes every brand cooked there into this basket (issue 35). */
  shared: boolean;
  /**
   * The brands whose food a shared basket holds, in the order they came, the lead restaurant's first; empty when
   * the location does not share baskets (the basket is its restaurant's alone).
   */
  brands: PricedBasketBrand[];
  /**
   * The kitchen's capacity settings and busy mode (decision 053; a pause's reason stays with the staff), and what
   * they make of it now: the preparation time in force and whether the kitchen pauses.
   */
  kitchen: (Kitchen & { now: KitchenNow }) | null;
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
    shared: false,
    brands: [],
    kitchen: null,
    currency: currencyOf(country),
    lines: [],
    discount: null,
    summary: { ...EMPTY_SUMMARY },
    itemCount: 0,
  };
}

/** The names of a menu row's translations (its descriptions are not shown in a basket), as shown: without emoji. */
function namesOf(translations: MenuTranslations | null | undefined): MenuNames {
  const names: MenuNames = {};
  for (const language of LOCALES) {
    const name = translations?.[language]?.name;
    if (name) names[language] = stripEmoji(name);
  }
  return names;
}

/** json_agg answers come parsed from postgres-js and PGlite alike; a string is parsed, to be sure. */
export const fromJson = <T>(value: unknown, empty: T): T =>
  value === null || value === undefined ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/** The rules as the code's row holds them, the window's bounds on the minute. */
export function promotionRulesOf(rules: PromotionRulesRow): PromotionRules {
  return { ...rules, validFrom: localMinute(rules.validFrom), validTo: localMinute(rules.validTo) };
}

/**
 * A basket priced from the database as it is now: item and option prices, the restaurant's
 * delivery value, minimum and small-order fee, the country's service fee and the discount code's
 * current state. Nothing the client sent is trusted. Works inside a transaction (place-order calls
 * it there, after locking the basket row). One statement.
 */
export async function loadPricedBasket(db: Db | Tx | Query, basketId: string, now: Date): Promise<PricedBasket | null> {
  const query = typeof db === 'function' ? db : queryOf(db);
  const { text, params } = basketSql.priceBasket.bind({ basketId });
  return pricedOf(await query(text, params), now);
}

/** The basket priced from what a `pricingSql` statement answered (no row: no such basket). */
export function pricedOf(rows: Row[], now: Date): PricedBasket | null {
  const [row] = basketSql.priceBasket.decode(rows);
  return row ? pricedBasket(row, now) : null;
}

/**
 * "Open now?" for one restaurant's hours and time zone, kept for the rest of the second. Openings start and end on
 * whole seconds, so every instant strictly inside one second has the same state and next opening; the whole second
 * itself may be an opening's edge (closed at exactly `from`) and is never kept. Temporal's zone arithmetic was the
 * largest part of pricing a basket in Node. Keyed by the hours themselves, so a change to them is seen by the next
 * answer; cleared when many restaurants' hours are held.
 */
const states = new Map<string, { second: number; state: RestaurantState }>();
export function stateAt(
  restaurant: { isEnabled: boolean; hours: WorkingHours; timeZone: string },
  now: Date,
): RestaurantState {
  const ms = now.getTime();
  const instant = () => Temporal.Instant.fromEpochMilliseconds(ms);
  if (!restaurant.isEnabled || ms % 1000 === 0) return restaurantState(restaurant, instant());
  const second = Math.floor(ms / 1000);
  const key = `${restaurant.timeZone}\u0000${JSON.stringify(restaurant.hours)}`;
  const kept = states.get(key);
  if (kept?.second === second) return { ...kept.state };
  const state = restaurantState(restaurant, instant());
  if (states.size >= 1000) states.clear();
  states.set(key, { second, state });
  return { ...state };
}

/**
 * A restaurant's delivery fee and minimum for a basket (decision 061): on pickup no fee and the restaurant's own
 * minimum; else the zone's holding the address, or the cheapest zone's while none holds it (or no address is known).
 */
function deliveryTermsOf(
  restaurant: { deliveryValue: number; minBasketValue: number },
  zones: readonly StoredDeliveryZone[],
  deliveryMethod: DeliveryMethod,
  point: DeliveryPoint | null,
): Pick<PricedBasketRestaurant, 'deliveryValue' | 'minBasketValue' | 'deliveryZone'> {
  const deliveryZone = point ? deliveryTermsAt(zones, point) : null;
  if (deliveryMethod === 'pickup') return { deliveryValue: 0, minBasketValue: restaurant.minBasketValue, deliveryZone };
  const terms = deliveryZone ?? cheapestTerms(zones) ?? restaurant;
  return { deliveryValue: terms.deliveryValue, minBasketValue: terms.minBasketValue, deliveryZone };
}

/**
 * A shared basket's brands at a delivery point, and the bag's terms (decision 066): each brand's own zone at the
 * point, then the largest fee and minimum; the bag's zone is the lead's, and none when any brand does not deliver
 * there (checkout then answers addressOutOfRestaurantsDeliveryArea).
 */
function brandsAt(
  brands: readonly PricedBasketBrand[],
  deliveryMethod: DeliveryMethod,
  point: DeliveryPoint | null,
): { brands: PricedBasketBrand[]; terms: BrandTerms; deliveryZone: DeliveryTerms | null; delivers: boolean } {
  const placed = brands.map((brand) => {
    const { deliveryValue, minBasketValue, deliveryZone } = deliveryTermsOf(
      brand.terms,
      brand.terms.deliveryZones,
      deliveryMethod,
      point,
    );
    return { brand: { ...brand, deliveryZone }, terms: { ...brand.terms, deliveryValue, minBasketValue } };
  });
  return {
    brands: placed.map((p) => p.brand),
    terms: sharedTerms(placed.map((p) => p.terms)),
    deliveryZone: placed[0]?.brand.deliveryZone ?? null,
    delivers: placed.every((p) => p.brand.deliveryZone !== null),
  };
}

/** The lead restaurant with a shared basket's terms in place of its own (a one-brand basket keeps its own). */
function withBrandTerms(
  restaurant: PricedBasketRestaurant,
  brands: readonly PricedBasketBrand[],
  deliveryMethod: DeliveryMethod,
  point: DeliveryPoint | null,
): { restaurant: PricedBasketRestaurant; brands: PricedBasketBrand[] } {
  if (brands.length < 2) return { restaurant, brands: [...brands] };
  const bag = brandsAt(brands, deliveryMethod, point);
  return {
    restaurant: {
      ...restaurant,
      ...bag.terms,
      deliveryZone: bag.delivers ? bag.deliveryZone : null,
    },
    brands: bag.brands,
  };
}

/**
 * The basket priced for delivery to another point than its own address: the address a checkout names (the shop's
 * form, the call centre, a bot). Its delivery fee, minimum and summary become that zone's; nothing else changes.
 */
export function pricedAt(basket: PricedBasket, point: DeliveryPoint): PricedBasket {
  const { restaurant } = basket;
  if (!restaurant || basket.lines.length === 0) return basket;
  const terms = deliveryTermsOf(
    { deliveryValue: restaurant.deliveryValue, minBasketValue: restaurant.minBasketValue },
    restaurant.deliveryZones,
    basket.deliveryMethod,
    point,
  );
  const shared = withBrandTerms({ ...restaurant, ...terms }, basket.brands, basket.deliveryMethod, point);
  const priced = shared.restaurant;
  const summary = priceBasket({
    lines: basket.lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
    deliveryMethod: basket.deliveryMethod,
    restaurant: priced,
    serviceFee: basket.summary.serviceFee,
    discount: basket.discount?.active ? { type: basket.discount.type, value: basket.discount.value } : null,
  });
  return { ...basket, restaurant: priced, brands: shared.brands, summary };
}

/** A line as a discount code's rules judge it: its category, value, and brand restaurant (issue 35). */
export const promotionLine = (l: PricedBasketLine) => ({
  categoryId: l.categoryId,
  value: l.totalPrice,
  restaurantId: l.kitchen.restaurantId,
  conceptId: l.kitchen.conceptId,
});
export const promotionLines = (lines: readonly PricedBasketLine[]) => lines.map(promotionLine);

const scoped = (rules: PromotionRules) => Boolean(rules.conceptIds?.length || rules.restaurantIds?.length);

/** A shared basket's brand as its row holds it, judged now by its own hours for the basket's service. */
function brandOf(
  row: BrandRow,
  locationExists: boolean,
  service: ReturnType<typeof serviceOf>,
  timeZone: string,
  now: Date,
): PricedBasketBrand {
  const hours = hoursFor(row.hours ?? [], service);
  const isEnabled = row.isEnabled && row.active && locationExists;
  return {
    restaurantId: row.id,
    slug: row.slug,
    name: row.name,
    conceptId: row.conceptId,
    conceptSlug: row.conceptSlug,
    conceptName: row.conceptName,
    isEnabled,
    state: stateAt({ isEnabled, hours, timeZone }, now),
    blocked: null,
    terms: {
      deliveryValue: row.deliveryValue,
      minBasketValue: row.minBasketValue,
      smallOrderThreshold: row.smallOrderThreshold,
      extraFee: row.extraFee,
      preparationMinutes: row.preparationMinutes,
      autoAccept: row.autoAccept,
      deliveryZones: row.deliveryZones ?? [],
    },
    deliveryZone: null,
    hours,
  };
}

function kitchenOf(kitchen: Kitchen, restaurant: PricedBasketRestaurant, now: Date) {
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  return { ...kitchen, now: kitchenNow(kitchen, restaurant.preparationMinutes, instant) };
}

function pricedBasket(head: PricingRow, now: Date): PricedBasket {
  const { basket } = head;
  const itemRows = head.lines ?? [];

  let restaurant: PricedBasketRestaurant | null = null;
  let location: PricedBasketLocation | null = null;
  let brands: PricedBasketBrand[] = [];
  const r = head.restaurant;
  const l = head.location;
  if (basket.restaurantId !== null && r && l) {
    // The hours of the basket's service (issue 38): its state, checkout's restaurantClosed and the slots on offer
    // follow pickup's hours or delivery's where the restaurant keeps them apart.
    const hours = hoursFor(head.hours ?? [], serviceOf(basket.deliveryMethod));
    const country = countryOf(l.country);
    const timeZone = timeZoneOf(country);
    const isEnabled = r.isEnabled && r.active && !l.deleted;
    const deliveryZones = r.deliveryZones ?? [];
    restaurant = {
      id: r.id,
      slug: r.slug,
      name: r.name,
      conceptId: r.conceptId,
      conceptSlug: head.conceptSlug ?? '',
      conceptName: head.conceptName ?? '',
      phone: r.phone,
      isEnabled,
      ...deliveryTermsOf(r, deliveryZones, basket.deliveryMethod as DeliveryMethod, basket.address),
      smallOrderThreshold: r.smallOrderThreshold,
      extraFee: r.extraFee,
      acceptanceMinutes: r.acceptanceMinutes,
      preparationMinutes: r.preparationMinutes,
      autoAccept: r.autoAccept,
      deliveryZones,
      hours,
      timeZone,
      state: stateAt({ isEnabled, hours, timeZone }, now),
    };
    if (l.sharedBaskets) {
      const service = serviceOf(basket.deliveryMethod);
      brands = (head.brands ?? []).map((row) => brandOf(row, !l.deleted, service, timeZone, now));
      ({ restaurant, brands } = withBrandTerms(
        restaurant,
        brands,
        basket.deliveryMethod as DeliveryMethod,
        basket.address,
      ));
    }
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
  const pricingCountry = location?.country ?? countryOf(basket.country);
  const closed =
    brands.length > 1
      ? closedBrands(
          brands.map((b) => ({ restaurantId: b.restaurantId, isEnabled: b.isEnabled, open: b.state.state === 'open' })),
        )
      : new Set<number>();
  brands = brands.map((b) => ({ ...b, blocked: closed.has(b.restaurantId) ? 'restaurantClosed' : null }));
  const kitchenOfBasket = {
    restaurantId: basket.restaurantId,
    locationId: location?.id ?? null,
    shared: l?.sharedBaskets === true,
  };

  const lines: PricedBasketLine[] = itemRows.map(({ line, item, options: chosen }) => {
    const optionById = new Map((chosen ?? []).map((o) => [o.id, o]));
    const options = line.optionIds.flatMap((id) => {
      const option = optionById.get(id);
      return option && option.menuItemId === item.id
        ? [
            {
              id,
              groupName: stripEmoji(option.groupName),
              groupNames: namesOf(option.groupTranslations),
              name: stripEmoji(option.name),
              names: namesOf(option.translations),
              price: option.price,
              unavailable: option.unavailable,
            },
          ]
        : [];
    });
    // An option deleted from the menu since, or an item moved to another restaurant, cannot be ordered as chosen.
    const lostOption = options.length !== line.optionIds.length;
    const chosenAllergens = line.optionIds.flatMap((id) => {
      const option = optionById.get(id);
      return option ? [allergenInfoOf(option)] : [];
    });
    const unitPrice = linePrice(item, options);
    // Outside its availability windows (issue 38) in the kitchen's time zone, a dish cannot be ordered now.
    const unavailable =
      lineUnavailable({ item, options }, lostOption, kitchenOfBasket) ||
      !windowsOpenAt(storedWindows(item.windows), now, timeZoneOf(pricingCountry));
    return {
      id: line.id,
      menuItemId: item.id,
      // Without emoji, as the menu shows it (catalogue/menu.ts); the order keeps the name its customer saw.
      name: stripEmoji(item.name),
      names: namesOf(item.translations),
      quantity: line.quantity,
      unitPrice,
      totalPrice: unitPrice * line.quantity,
      photo: item.photo,
      unavailable,
      kitchen: { restaurantId: item.restaurantId, locationId: item.locationId, conceptId: item.conceptId },
      categoryId: item.categoryId,
      blocked: lineBlock({ unavailable, restaurantId: item.restaurantId }, closed),
      allergens: allergensOfChoice(allergenInfoOf(item), chosenAllergens),
      options,
    };
  });

  let discount: PricedBasketDiscount | null = null;
  const code = head.discount;
  if (basket.discountCodeId !== null && code) {
    const left = Math.max(0, code.quantity - code.used);
    const country = countryOf(code.country);
    const rules = promotionRulesOf(code.rules);
    discount = {
      id: code.id,
      code: code.code,
      type: code.type as DiscountType,
      value: code.value,
      country,
      active: code.active && left > 0 && country === pricingCountry,
      left,
      refusal: restaurant
        ? promotionRefusal(rules, {
            now: Temporal.Instant.fromEpochMilliseconds(now.getTime()),
            timeZone: restaurant.timeZone,
            restaurant: { id: restaurant.id, conceptId: restaurant.conceptId },
            lines: promotionLines(lines),
            customerUses: 0,
            customerOrders: 0,
          })
        : null,
      rules,
    };
  }
  const applied = discount?.active && !discount.refusal ? discount : null;

  const deliveryMethod = basket.deliveryMethod as DeliveryMethod;
  const summary = restaurant
    ? priceBasket({
        lines: lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
        deliveryMethod,
        restaurant,
        serviceFee: head.serviceFee ?? 0,
        discount: applied && {
          type: applied.type,
          value: applied.value,
          // A code for some categories discounts those lines only; in a basket of several brands, a code for some
          // brands or restaurants discounts their lines only (issue 35).
          ...(applied.rules.categoryIds?.length || (brands.length > 1 && scoped(applied.rules))
            ? { base: eligibleValue(applied.rules, promotionLines(lines), restaurant) }
            : {}),
        },
      })
    : { ...EMPTY_SUMMARY };

  return {
    id: basket.id,
    status: basket.status,
    country: countryOf(basket.country),
    deliveryMethod,
    address: basket.address ?? null,
    userId: basket.userId,
    restaurant,
    location,
    shared: l?.sharedBaskets === true,
    brands,
    kitchen: restaurant && head.kitchen ? kitchenOf(head.kitchen, restaurant, now) : null,
    currency: currencyOf(pricingCountry),
    lines,
    discount,
    summary,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
  };
}
