import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COUNTRIES } from '#domain/money.ts';
import { inList } from './checks.ts';
import { allergenChecks, allergenColumns } from './allergens.ts';
import type { StoredBusy } from '#domain/kitchen-settings.ts';
import type { Locale } from '#domain/locales.ts';
import type { Service } from '#domain/hours.ts';
import { POLISH_VAT_RATES, type LegalEntity } from '#domain/invoice.ts';

/**
 * A menu text in other languages than the one `name` (and `description`) are written in, per interface language:
 * `{ "pl": { "name": "Bao z boczkiem" } }` on a Kyiv restaurant's Ukrainian item. The shop shows the page's
 * language where it is here, else `name`; orders and baskets keep using `name`.
 */
export type MenuTranslations = Partial<Record<Locale, { name?: string; desc?: string }>>;

/**
 * A restaurant's name and "About" text in other languages than the ones `name` and `about` are written in, as
 * MenuTranslations are for the menu: the shop shows the page's language where it is here, else the original,
 * which is what the admin edits and what orders keep.
 */
export type RestaurantTranslations = Partial<Record<Locale, { name?: string; about?: string }>>;

/**
 * A location's name, street and city in other languages and scripts ("Київ" is "Kyiv" in English, "Kijów" in
 * Polish), shown on the shop's pages in their language; else the original, which is what the admin edits.
 */
export type LocationTranslations = Partial<Record<Locale, { name?: string; street?: string; city?: string }>>;

/**
 * Time-limited availability (issue 38, decision 058): served only from `available_from` to `available_to`, wall-clock
 * times of the restaurant's time zone ('07:00'–'11:00'; `to` exclusive, earlier than `from` past midnight). Both
 * null: always. Both or neither, never equal (server/domain/menu-windows.ts).
 */
const availabilityWindowColumns = () => ({
  availableFrom: text('available_from'),
  availableTo: text('available_to'),
});
const WINDOW_TIME_SQL = `'^([01][0-9]|2[0-3]):[0-5][0-9]$'`;
const availabilityWindowChecks = (table: string, t: { availableFrom: AnyPgColumn; availableTo: AnyPgColumn }) => [
  check(
    `${table}_available_window_check`,
    sql`(${t.availableFrom} is null and ${t.availableTo} is null) or (${t.availableFrom} ~ ${sql.raw(WINDOW_TIME_SQL)} and ${t.availableTo} ~ ${sql.raw(WINDOW_TIME_SQL)} and ${t.availableFrom} <> ${t.availableTo})`,
  ),
];

export const concepts = pgTable(
  'concepts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    domain: text('domain').notNull(),
    name: text('name').notNull(),
    country: text('country').notNull().default('pl'),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    chef: text('chef'),
    chefsComment: text('chefs_comment'),
    contactEmail: text('contact_email').notNull(),
    facebook: text('facebook'),
    instagram: text('instagram'),
    tiktok: text('tiktok'),
    gtm: text('gtm'),
    favicon: text('favicon'),
    logo: text('logo'),
    logoBlack: text('logo_black'),
    cover: text('cover'),
    rrRegulationsUrl: text('rr_regulations_url'),
    rrPolicyUrl: text('rr_policy_url'),
    showOnCompanyPortfolio: boolean('show_on_company_portfolio').notNull().default(true),
    // The restaurant whose menu the brand site shows; set after restaurants exist.
    defaultRestaurantSlug: text('default_restaurant_slug'),
    active: boolean('active').notNull().default(true),
    // The company that sells under the brand (issue 36): operator data, edited in the admin's concept form, shown
    // at checkout, in the confirmation, on the status page and on the invoice. Null until the operator names it.
    legalEntity: jsonb('legal_entity').$type<LegalEntity>(),
  },
  (t) => [
    uniqueIndex('concepts_slug_key').on(t.slug),
    uniqueIndex('concepts_domain_key').on(t.domain),
    check('concepts_country_check', inList('country', COUNTRIES)),
  ],
);

export const conceptReviews = pgTable(
  'concept_reviews',
  {
    id: serial('id').primaryKey(),
    conceptId: integer('concept_id')
      .notNull()
      .references(() => concepts.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    city: text('city').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('concept_reviews_concept_idx').on(t.conceptId)],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    street: text('street').notNull(),
    no: text('no').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    citySlug: text('city_slug').notNull(),
    country: text('country').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    pickupEnabled: boolean('pickup_enabled').notNull().default(true),
    deliveryEnabled: boolean('delivery_enabled').notNull().default(true),
    translations: jsonb('translations').$type<LocationTranslations>().notNull().default({}),
    deleted: boolean('deleted').notNull().default(false),
    // Kitchen capacity (issue 34, decision 053): a location is one kitchen, shared by every brand cooked there. At
    // most this many orders / items per 15-minute slot (null: no limit of that kind); pre-orders while closed; how
    // many days ahead a customer may schedule; minutes from the kitchen's door to the customer's.
    slotOrders: integer('slot_orders'),
    slotItems: integer('slot_items'),
    preOrdersWhileClosed: boolean('pre_orders_while_closed').notNull().default(false),
    horizonDays: integer('horizon_days').notNull().default(2),
    deliveryMinutes: integer('delivery_minutes').notNull().default(30),
    // Busy mode (extra preparation time or a pause) as the kitchen board set it; it ends by itself at `until`.
    busy: jsonb('busy').$type<StoredBusy | null>(),
    // Shared baskets (issue 35, decision 066): a basket may hold the dishes of every brand cooked here, one order
    // and one bag. Off: a basket holds one restaurant's food, as the spec has it.
    sharedBaskets: boolean('shared_baskets').notNull().default(false),
  },
  (t) => [
    uniqueIndex('locations_slug_key').on(t.slug),
    check('locations_slot_orders_check', sql`${t.slotOrders} between 1 and 1000`),
    check('locations_slot_items_check', sql`${t.slotItems} between 1 and 10000`),
    check('locations_horizon_days_check', sql`${t.horizonDays} between 0 and 14`),
    check('locations_delivery_minutes_check', sql`${t.deliveryMinutes} between 0 and 240`),
    index('locations_city_slug_idx').on(t.citySlug),
    check('locations_country_check', inList('country', COUNTRIES)),
    check('locations_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('locations_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

export const restaurants = pgTable(
  'restaurants',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    conceptId: integer('concept_id')
      .notNull()
      .references(() => concepts.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    isEnabled: boolean('is_enabled').notNull().default(true),
    active: boolean('active').notNull().default(true),
    phone: text('phone'),
    about: text('about').notNull().default(''),
    translations: jsonb('translations').$type<RestaurantTranslations>().notNull().default({}),
    // Money in minor units of the location's currency. Delivery is priced by the address's zone (delivery_zones,
    // decision 061): these two are what a new zone starts with, and the minimum is also pickup's.
    deliveryValue: integer('delivery_value').notNull().default(0),
    minBasketValue: integer('min_basket_value').notNull().default(0),
    smallOrderThreshold: integer('small_order_threshold').notNull().default(0),
    extraFee: integer('extra_fee').notNull().default(0),
    acceptanceMinutes: integer('acceptance_minutes').notNull().default(10),
    preparationMinutes: integer('preparation_minutes').notNull().default(30),
    // Accept new orders without a tap, promising preparationMinutes. Off: the kitchen accepts each order itself.
    autoAccept: boolean('auto_accept').notNull().default(false),
    // An order still new this many minutes after it arrived is escalated: the kitchen's managers get an e-mail and
    // the call centre a card, so that someone phones the restaurant before the acceptance window closes.
    escalationMinutes: integer('escalation_minutes').notNull().default(5),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('restaurants_slug_key').on(t.slug),
    index('restaurants_concept_idx').on(t.conceptId),
    index('restaurants_location_idx').on(t.locationId),
    check('restaurants_delivery_value_check', sql`${t.deliveryValue} >= 0`),
    check('restaurants_min_basket_value_check', sql`${t.minBasketValue} >= 0`),
    check('restaurants_small_order_threshold_check', sql`${t.smallOrderThreshold} >= 0`),
    check('restaurants_extra_fee_check', sql`${t.extraFee} >= 0`),
    check('restaurants_acceptance_minutes_check', sql`${t.acceptanceMinutes} > 0`),
    check('restaurants_preparation_minutes_check', sql`${t.preparationMinutes} > 0`),
    check('restaurants_escalation_minutes_check', sql`${t.escalationMinutes} > 0`),
  ],
);

/**
 * Where a restaurant delivers and for how much (issue 38, decision 061): each zone a GeoJSON Polygon ([lng, lat]
 * rings) and/or a list of zip codes, with its delivery fee and minimum order in minor units of the location's
 * currency. An address is delivered to by the zone holding it (#domain/delivery-area.ts zoneFor); a restaurant
 * without zones delivers nowhere. `position` orders them as the admin lists them.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    polygon: jsonb('polygon').$type<{ type: 'Polygon'; coordinates: [number, number][][] } | null>(),
    zips: text('zips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deliveryValue: integer('delivery_value').notNull().default(0),
    minBasketValue: integer('min_basket_value').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('delivery_zones_restaurant_idx').on(t.restaurantId, t.position),
    check('delivery_zones_delivery_value_check', sql`${t.deliveryValue} >= 0`),
    check('delivery_zones_min_basket_value_check', sql`${t.minBasketValue} >= 0`),
  ],
);

export const workingHours = pgTable(
  'working_hours',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    // 0 is Sunday, as everywhere in the product; a special day's range has its date's weekday.
    day: integer('day').notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    // Issue 38 (#domain/hours.ts OpeningRange): several ranges a day; a special day's ranges (by date) replace the
    // week's, '00:00'–'00:00' closing it; a service ('pickup', 'delivery') keeps a range for that service only.
    date: date('date', { mode: 'string' }),
    service: text('service').$type<Service>(),
  },
  (t) => [
    index('working_hours_restaurant_idx').on(t.restaurantId, t.day),
    check('working_hours_day_check', sql`${t.day} between 0 and 6`),
    check('working_hours_from_check', sql`${t.from} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    // '24:00' ends a day (server/domain/hours.ts): '00:00'–'24:00' is open around the clock, which '23:59' is not.
    check('working_hours_to_check', sql`${t.to} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'`),
    check('working_hours_service_check', sql`${t.service} is null or ${t.service} in ('pickup', 'delivery')`),
    check('working_hours_date_day_check', sql`${t.date} is null or extract(dow from ${t.date}) = ${t.day}`),
  ],
);

export const menuCategories = pgTable(
  'menu_categories',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<MenuTranslations>().notNull().default({}),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...availabilityWindowColumns(),
  },
  (t) => [
    index('menu_categories_restaurant_idx').on(t.restaurantId, t.position),
    ...availabilityWindowChecks('menu_categories', t),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => menuCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    translations: jsonb('translations').$type<MenuTranslations>().notNull().default({}),
    price: integer('price').notNull(),
    photo: text('photo'),
    // Set for items whose price is carried by their options (e.g. "build your own"): price becomes 0.
    resetPrices: boolean('reset_prices').notNull().default(false),
    unavailable: boolean('unavailable').notNull().default(false),
    // An ingredient it lists is out of stock at its kitchen (issue 35, decision 064): kept by the ingredient switch.
    ingredientsOut: boolean('ingredients_out').notNull().default(false),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...allergenColumns(),
    // The VAT rate of the item and its options (issue 36): 8 % for meals, 23 % for most drinks in Poland.
    vatRate: integer('vat_rate').notNull().default(8),
    ...availabilityWindowColumns(),
  },
  (t) => [
    index('menu_items_category_idx').on(t.categoryId, t.position),
    index('menu_items_restaurant_idx').on(t.restaurantId),
    check('menu_items_price_check', sql`${t.price} >= 0`),
    ...allergenChecks('menu_items', t),
    check('menu_items_vat_rate_check', sql`${t.vatRate} in (${sql.raw(POLISH_VAT_RATES.join(', '))})`),
    ...availabilityWindowChecks('menu_items', t),
  ],
);

export const modifierGroups = pgTable(
  'modifier_groups',
  {
    id: serial('id').primaryKey(),
    menuItemId: integer('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<MenuTranslations>().notNull().default({}),
    required: boolean('required').notNull().default(false),
    min: integer('min').notNull().default(0),
    max: integer('max').notNull().default(1),
    position: integer('position').notNull().default(0),
    // A copy of a brand's shared group (issue 38, decision 058): editing the definition rewrites this row and its
    // options; null for a group of the dish's own. Deleting the definition deletes its copies.
    brandGroupId: integer('brand_group_id').references((): AnyPgColumn => brandModifierGroups.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('modifier_groups_item_idx').on(t.menuItemId),
    index('modifier_groups_brand_group_idx').on(t.brandGroupId),
    // A dish holds one copy of a brand group at most.
    uniqueIndex('modifier_groups_item_brand_group_key').on(t.menuItemId, t.brandGroupId),
    check('modifier_groups_min_max_check', sql`${t.min} >= 0 and ${t.max} >= 1 and ${t.min} <= ${t.max}`),
  ],
);

export const modifierOptions = pgTable(
  'modifier_options',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => modifierGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<MenuTranslations>().notNull().default({}),
    price: integer('price').notNull().default(0),
    unavailable: boolean('unavailable').notNull().default(false),
    // An ingredient it lists is out of stock at its kitchen (issue 35, decision 064): kept by the ingredient switch.
    ingredientsOut: boolean('ingredients_out').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...allergenColumns(),
    // The brand option this row copies (in a copy of a brand group); matched by it when the definition changes, so
    // the row and the ids baskets hold survive an edit. Deleting the brand option deletes its copies.
    brandOptionId: integer('brand_option_id').references((): AnyPgColumn => brandModifierOptions.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('modifier_options_group_idx').on(t.groupId),
    index('modifier_options_brand_option_idx').on(t.brandOptionId),
    check('modifier_options_price_check', sql`${t.price} >= 0`),
    ...allergenChecks('modifier_options', t),
  ],
);

/**
 * A modifier group defined once per brand (issue 38, decision 058): the definition that dishes of the brand's
 * restaurants selling in `currency` attach. Attaching writes an ordinary modifier_groups row (brand_group_id) with
 * its options (brand_option_id), which the shop, baskets and orders read as any other group.
 */
export const brandModifierGroups = pgTable(
  'brand_modifier_groups',
  {
    id: serial('id').primaryKey(),
    conceptId: integer('concept_id')
      .notNull()
      .references(() => concepts.id, { onDelete: 'cascade' }),
    // Option prices are in this currency's minor units: only dishes sold in it may attach the group.
    currency: text('currency').notNull(),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<MenuTranslations>().notNull().default({}),
    required: boolean('required').notNull().default(false),
    min: integer('min').notNull().default(0),
    max: integer('max').notNull().default(1),
  },
  (t) => [
    index('brand_modifier_groups_concept_idx').on(t.conceptId),
    check('brand_modifier_groups_currency_check', sql`${t.currency} in ('PLN', 'UAH', 'EUR')`),
    check('brand_modifier_groups_min_max_check', sql`${t.min} >= 0 and ${t.max} >= 1 and ${t.min} <= ${t.max}`),
  ],
);

export const brandModifierOptions = pgTable(
  'brand_modifier_options',
  {
    id: serial('id').primaryKey(),
    brandGroupId: integer('brand_group_id')
      .notNull()
      .references(() => brandModifierGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<MenuTranslations>().notNull().default({}),
    price: integer('price').notNull().default(0),
    unavailable: boolean('unavailable').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...allergenColumns(),
  },
  (t) => [
    index('brand_modifier_options_group_idx').on(t.brandGroupId),
    check('brand_modifier_options_price_check', sql`${t.price} >= 0`),
    ...allergenChecks('brand_modifier_options', t),
  ],
);

export const countryConfigs = pgTable(
  'country_configs',
  {
    country: text('country').primaryKey(),
    currency: text('currency').notNull(),
    serviceFee: integer('service_fee').notNull().default(0),
    callCenterPhone: text('call_center_phone'),
  },
  (t) => [
    check('country_configs_country_check', inList('country', COUNTRIES)),
    check('country_configs_currency_check', sql`${t.currency} in ('PLN', 'UAH', 'EUR')`),
    check('country_configs_service_fee_check', sql`${t.serviceFee} >= 0`),
  ],
);

export const PAYMENT_TYPES = ['online', 'cash', 'card'] as const;

export const paymentOptions = pgTable(
  'payment_options',
  {
    id: serial('id').primaryKey(),
    country: text('country')
      .notNull()
      .references(() => countryConfigs.country),
    // The payment method name used by the domain rules (blik, googlePay, fastTransfer, cashOnDelivery, cardOnDelivery).
    name: text('name').notNull(),
    group: text('group').notNull(),
    subgroup: text('subgroup'),
    status: text('status').notNull().default('active'),
    imgUrl: text('img_url'),
    mobileImgUrl: text('mobile_img_url'),
    translateKey: text('translate_key').notNull(),
    mobile: boolean('mobile').notNull().default(true),
    availableFor: text('available_for').array().notNull(),
    highlighted: boolean('highlighted').notNull().default(false),
    config: jsonb('config').$type<Record<string, unknown>>(),
    availabilityHours: jsonb('availability_hours').$type<{
      mondayToFriday: { from: string; to: string } | null;
      saturday: { from: string; to: string } | null;
      sunday: { from: string; to: string } | null;
    }>(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_options_country_name_key').on(t.country, t.name),
    check('payment_options_group_check', sql`${t.group} in ('online', 'cash', 'card')`),
    check('payment_options_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('payment_options_available_for_check', sql`${t.availableFor} <@ array['web', 'cc', 'bot']::text[]`),
  ],
);
