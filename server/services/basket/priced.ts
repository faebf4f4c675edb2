import { type Kitchen, type KitchenNow, kitchenNow } from '#domain/kitchen-settings.ts';
import { Temporal } from 'temporal-polyfill';
import type { Db, Tx } from '#db/client.ts';
import { queryOf, type Query, type Row } from '#db/raw.ts';
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

export type PricedBasket = {
  id: string;
  status: 'collecting' | 'created';
  country: Country;
  deliveryMethod: DeliveryMethod;
  address: BasketAddress | null;
  userId: string | null;
  restaurant: PricedBasketRestaurant | null;
  location: PricedBasketLocation | null;
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
    kitchen: null,
    currency: currencyOf(country),
    lines: [],
    discount: null,
    summary: { ...EMPTY_SUMMARY },
    itemCount: 0,
  };
}

type LineOption = {
  id: number;
  name: string;
  translations: MenuTranslations | null;
  price: number;
  unavailable: boolean;
  groupName: string;
  groupTranslations: MenuTranslations | null;
  menuItemId: number;
  allergens: string[] | null;
  mayContain: string[] | null;
};

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

/** The basket with everything that prices it, as the one statement below answers it. */
type PricingRow = {
  basket: {
    id: string;
    status: string;
    country: string;
    restaurantId: number | null;
    userId: string | null;
    deliveryMethod: string;
    address: BasketAddress | null;
    discountCodeId: number | null;
  };
  /** As stored: `isEnabled` is the restaurant's own switch, `active` its admin switch. */
  restaurant:
    | (Omit<
        PricedBasketRestaurant,
        'conceptSlug' | 'conceptName' | 'hours' | 'timeZone' | 'state' | 'deliveryZones' | 'deliveryZone'
      > & {
        active: boolean;
        deliveryZones: StoredDeliveryZone[] | null;
      })
    | null;
  location: (Omit<PricedBasketLocation, 'country'> & { country: string; deleted: boolean }) | null;
  kitchen: Kitchen | null;
  conceptSlug: string | null;
  conceptName: string | null;
  hours: unknown;
  discount: {
    id: number;
    code: string;
    type: string;
    value: number;
    country: string;
    active: boolean;
    quantity: number;
    used: number;
    rules: unknown;
  } | null;
  serviceFee: number | null;
  lines: unknown;
};

type LineRow = {
  line: { id: number; optionIds: number[]; quantity: number };
  item: {
    id: number;
    name: string;
    translations: MenuTranslations | null;
    price: number;
    resetPrices: boolean;
    photo: string | null;
    unavailable: boolean;
    active: boolean;
    restaurantId: number;
    locationId: number;
    conceptId: number;
    categoryId: number;
    allergens: string[] | null;
    mayContain: string[] | null;
    /** Its category's availability window and its own (issue 38); unset ones as nulls. */
    windows?: { from: string | null; to: string | null }[];
  };
  options: LineOption[] | null;
};

/** One opening range of working_hours `h` as JSON (#domain/hours.ts OpeningRange): its special date and service. */
export const OPENING_RANGE_JSON = (h: string) =>
  `json_build_object('day', ${h}.day, 'from', ${h}."from", 'to', ${h}."to", 'date', ${h}.date, 'service', ${h}.service)`;

/** A discount code's own rules (issue 38) as one JSON object, read from the row named `d`. */
export const PROMOTION_RULES_SQL = (d: string) => `json_build_object('validFrom', ${d}.valid_from,
    'validTo', ${d}.valid_to, 'minBasketValue', ${d}.min_basket_value, 'oncePerCustomer', ${d}.once_per_customer,
    'firstOrderOnly', ${d}.first_order_only, 'conceptIds', ${d}.concept_ids, 'restaurantIds', ${d}.restaurant_ids,
    'categoryIds', ${d}.category_ids)`;

/** The rules as PROMOTION_RULES_SQL answers them, the window's bounds on the minute. */
export function promotionRulesOf(value: unknown): PromotionRules {
  const rules = fromJson<PromotionRules>(value, NO_PROMOTION_RULES);
  return { ...rules, validFrom: localMinute(rules.validFrom), validTo: localMinute(rules.validTo) };
}

const NO_PROMOTION_RULES: PromotionRules = {
  validFrom: null,
  validTo: null,
  minBasketValue: null,
  oncePerCustomer: false,
  firstOrderOnly: false,
  conceptIds: null,
  restaurantIds: null,
  categoryIds: null,
};

/**
 * The basket row with its restaurant, location, concept name, working hours, discount code, the service fee of
 * the country it is priced in, and its lines with their menu items and chosen options: one statement, one row.
 * `baskets` and `basketItems` name where the basket and its lines are read from: the tables, or the rows a
 * data-modifying CTE just wrote (their `returning *`), which the same statement's reads of the tables do not see
 * yet. Every basket answer is priced by this one text, whichever the source. A line's options are read one by one
 * by their key (the lateral subquery, kept apart by `offset 0`): joined to `unnest(option_ids)` as a whole, the
 * planner found them by hashing a scan of every option of every menu, for each line (decision 036).
 */
export const pricingSql = (source: { baskets: string; basketItems: string; id: string }) => `
select
  json_build_object('id', b.id, 'status', b.status, 'country', b.country, 'restaurantId', b.restaurant_id,
    'userId', b.user_id, 'deliveryMethod', b.delivery_method, 'address', b.address,
    'discountCodeId', b.discount_code_id) as basket,
  case when r.id is not null then json_build_object('id', r.id, 'slug', r.slug, 'name', r.name,
    'conceptId', r.concept_id, 'phone', r.phone, 'isEnabled', r.is_enabled, 'active', r.active,
    'deliveryValue', r.delivery_value, 'minBasketValue', r.min_basket_value,
    'smallOrderThreshold', r.small_order_threshold, 'extraFee', r.extra_fee,
    'acceptanceMinutes', r.acceptance_minutes, 'preparationMinutes', r.preparation_minutes,
    'autoAccept', r.auto_accept,
    'deliveryZones', (select json_agg(json_build_object('id', z.id, 'polygon', z.polygon, 'zips', z.zips,
        'deliveryValue', z.delivery_value, 'minBasketValue', z.min_basket_value) order by z.position, z.id)
      from delivery_zones z where z.restaurant_id = r.id)) end as restaurant,
  case when l.id is not null then json_build_object('id', l.id, 'slug', l.slug, 'name', l.name,
    'street', l.street, 'no', l.no, 'zip', l.zip, 'city', l.city, 'citySlug', l.city_slug, 'country', l.country,
    'latitude', l.latitude, 'longitude', l.longitude, 'pickupEnabled', l.pickup_enabled,
    'deliveryEnabled', l.delivery_enabled, 'deleted', l.deleted) end as location,
  case when l.id is not null then json_build_object('slotOrders', l.slot_orders, 'slotItems', l.slot_items,
    'preOrdersWhileClosed', l.pre_orders_while_closed, 'horizonDays', l.horizon_days,
    'deliveryMinutes', l.delivery_minutes, 'busy', l.busy - 'reason') end as kitchen,
  c.slug as "conceptSlug",
  c.name as "conceptName",
  (select json_agg(${OPENING_RANGE_JSON('h')} order by h.day, h."from")
    from working_hours h where h.restaurant_id = r.id) as hours,
  case when d.id is not null then json_build_object('id', d.id, 'code', d.code, 'type', d.type, 'value', d.value,
    'country', d.country, 'active', d.active, 'quantity', d.quantity, 'used', d.used,
    'rules', ${PROMOTION_RULES_SQL('d')}) end as discount,
  cc.service_fee as "serviceFee",
  (select json_agg(json_build_object(
      'line', json_build_object('id', bi.id, 'optionIds', bi.option_ids, 'quantity', bi.quantity),
      'item', (select json_build_object('id', mi.id, 'name', mi.name, 'translations', mi.translations, 'price', mi.price,
          'resetPrices', mi.reset_prices, 'photo', mi.photo, 'unavailable', mi.unavailable or mi.ingredients_out, 'active', mi.active,
          'restaurantId', mi.restaurant_id, 'locationId', mr.location_id, 'conceptId', mr.concept_id,
          'categoryId', mi.category_id, 'allergens', mi.allergens, 'mayContain', mi.may_contain,
          'windows', json_build_array(json_build_object('from', mc.available_from, 'to', mc.available_to),
            json_build_object('from', mi.available_from, 'to', mi.available_to)))
        from menu_items mi join restaurants mr on mr.id = mi.restaurant_id
          join menu_categories mc on mc.id = mi.category_id where mi.id = bi.menu_item_id),
      'options', (select json_agg(json_build_object('id', o.id, 'name', o.name, 'translations', o.translations,
          'price', o.price, 'unavailable', o.unavailable or o.ingredients_out, 'groupName', g.name, 'groupTranslations', g.translations,
          'menuItemId', g.menu_item_id, 'allergens', o.allergens, 'mayContain', o.may_contain))
        from unnest(bi.option_ids) as chosen(id)
        cross join lateral (select * from modifier_options o where o.id = chosen.id offset 0) o
        join modifier_groups g on g.id = o.group_id))
      order by bi.created_at, bi.id)
    from ${source.basketItems} bi where bi.basket_id = b.id) as lines
from ${source.baskets} b
left join restaurants r on r.id = b.restaurant_id
left join locations l on l.id = r.location_id
left join concepts c on c.id = r.concept_id
left join discount_codes d on d.id = b.discount_code_id
left join country_configs cc on cc.country = coalesce(l.country, b.country)
where b.id = ${source.id}`;

const PRICING_SQL = pricingSql({ baskets: 'baskets', basketItems: 'basket_items', id: '$1::text::uuid' });

/**
 * A basket priced from the database as it is now: item and option prices, the restaurant's
 * delivery value, minimum and small-order fee, the country's service fee and the discount code's
 * current state. Nothing the client sent is trusted. Works inside a transaction (place-order calls
 * it there, after locking the basket row). One statement.
 */
export async function loadPricedBasket(db: Db | Tx | Query, basketId: string, now: Date): Promise<PricedBasket | null> {
  const query = typeof db === 'function' ? db : queryOf(db);
  return pricedOf(await query(PRICING_SQL, [basketId]), now);
}

/** The basket priced from what a `pricingSql` statement answered (no row: no such basket). */
export function pricedOf(rows: Row[], now: Date): PricedBasket | null {
  const [row] = rows as PricingRow[];
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
  const priced = { ...restaurant, ...terms };
  const summary = priceBasket({
    lines: basket.lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
    deliveryMethod: basket.deliveryMethod,
    restaurant: priced,
    serviceFee: basket.summary.serviceFee,
    discount: basket.discount?.active ? { type: basket.discount.type, value: basket.discount.value } : null,
  });
  return { ...basket, restaurant: priced, summary };
}

function kitchenOf(kitchen: Kitchen, restaurant: PricedBasketRestaurant, now: Date) {
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  return { ...kitchen, now: kitchenNow(kitchen, restaurant.preparationMinutes, instant) };
}

function pricedBasket(head: PricingRow, now: Date): PricedBasket {
  const basket = fromJson(head.basket, head.basket);
  const itemRows = fromJson<LineRow[]>(head.lines, []);

  let restaurant: PricedBasketRestaurant | null = null;
  let location: PricedBasketLocation | null = null;
  const r = fromJson<PricingRow['restaurant']>(head.restaurant, null);
  const l = fromJson<PricingRow['location']>(head.location, null);
  if (basket.restaurantId !== null && r && l) {
    // The hours of the basket's service (issue 38): its state, checkout's restaurantClosed and the slots on offer
    // follow pickup's hours or delivery's where the restaurant keeps them apart.
    const hours = hoursFor(fromJson<WorkingHours>(head.hours, []), serviceOf(basket.deliveryMethod));
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
      // Outside its availability windows (issue 38) in the kitchen's time zone, a dish cannot be ordered now.
      unavailable:
        lineUnavailable({ item, options }, lostOption, basket.restaurantId) ||
        !windowsOpenAt(storedWindows(item.windows), now, timeZoneOf(pricingCountry)),
      kitchen: { restaurantId: item.restaurantId, locationId: item.locationId, conceptId: item.conceptId },
      categoryId: item.categoryId,
      allergens: allergensOfChoice(allergenInfoOf(item), chosenAllergens),
      options,
    };
  });

  let discount: PricedBasketDiscount | null = null;
  const code = fromJson<PricingRow['discount']>(head.discount, null);
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
            lines: lines.map((line) => ({ categoryId: line.categoryId, value: line.totalPrice })),
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
          // A code for some categories discounts those lines only.
          ...(applied.rules.categoryIds?.length
            ? {
                base: eligibleValue(
                  applied.rules,
                  lines.map((l) => ({ categoryId: l.categoryId, value: l.totalPrice })),
                ),
              }
            : {}),
        },
      })
    : { ...EMPTY_SUMMARY };

  return {
    id: basket.id,
    status: basket.status as PricedBasket['status'],
    country: countryOf(basket.country),
    deliveryMethod,
    address: basket.address ?? null,
    userId: basket.userId,
    restaurant,
    location,
    kitchen:
      restaurant && head.kitchen ? kitchenOf(fromJson<Kitchen>(head.kitchen, head.kitchen), restaurant, now) : null,
    currency: currencyOf(pricingCountry),
    lines,
    discount,
    summary,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
  };
}
