import { type } from 'arktype';
import type { BasketAddress } from '#domain/addresses.ts';
import type { PolygonGeometry } from '#domain/delivery-area.ts';
import type { StoredBusy } from '#domain/kitchen-settings.ts';
import type { MenuTranslations } from '../schema/catalogue.ts';
import { declare } from './statement.ts';

/*
 * The basket's hand-written statements (decisions 016, 032, 036): the lock, the reads each change's rules need, the
 * writes of each transition's patch, and the one priced read every basket answer is made of.
 */

// Shapes the domain owns and checks where they are written: a row carries them as the database holds them.
const address = type('object').as<BasketAddress>();
const translations = type('object | null').as<MenuTranslations | null>();
const polygon = type('object | null').as<PolygonGeometry | null>();
const busy = type('object | null').as<StoredBusy | null>();
const windows = type({ from: 'string | null', to: 'string | null' }).array();
const openingRange = type({
  day: 'number',
  from: 'string',
  to: 'string',
  date: 'string | null',
  service: "'pickup' | 'delivery' | null",
});

/** One opening range of working_hours `h` as JSON (#domain/hours.ts OpeningRange): its special date and service. */
export const OPENING_RANGE_JSON = (h: string) =>
  `json_build_object('day', ${h}.day, 'from', ${h}."from", 'to', ${h}."to", 'date', ${h}.date, 'service', ${h}.service)`;

/** The opening ranges of restaurant `r` as a JSON array, in day and time order. */
const HOURS_JSON = (r: string) => `(select json_agg(${OPENING_RANGE_JSON('h')} order by h.day, h."from")
    from working_hours h where h.restaurant_id = ${r}.id)`;

/** The delivery zones of restaurant `r` as a JSON array, in the admin's order (decision 061). */
const DELIVERY_ZONES_JSON = (r: string) => `(select json_agg(json_build_object('id', z.id, 'polygon', z.polygon,
      'zips', z.zips, 'deliveryValue', z.delivery_value, 'minBasketValue', z.min_basket_value) order by z.position, z.id)
    from delivery_zones z where z.restaurant_id = ${r}.id)`;

/** What restaurant `r` asks of a basket on its own (#domain/shared-basket.ts BrandTerms), as JSON object fields. */
const TERMS_FIELDS = (r: string) => `'deliveryValue', ${r}.delivery_value, 'minBasketValue', ${r}.min_basket_value,
    'smallOrderThreshold', ${r}.small_order_threshold, 'extraFee', ${r}.extra_fee,
    'preparationMinutes', ${r}.preparation_minutes, 'autoAccept', ${r}.auto_accept,
    'deliveryZones', ${DELIVERY_ZONES_JSON(r)}`;

/** A discount code's own rules (issue 38) as one JSON object, read from the row named `d`. */
export const PROMOTION_RULES_SQL = (d: string) => `json_build_object('validFrom', ${d}.valid_from,
    'validTo', ${d}.valid_to, 'minBasketValue', ${d}.min_basket_value, 'oncePerCustomer', ${d}.once_per_customer,
    'firstOrderOnly', ${d}.first_order_only, 'conceptIds', ${d}.concept_ids, 'restaurantIds', ${d}.restaurant_ids,
    'categoryIds', ${d}.category_ids)`;

/** PROMOTION_RULES_SQL's object, its window's bounds as the database writes timestamps. */
export const promotionRulesRow = type({
  validFrom: 'string | null',
  validTo: 'string | null',
  minBasketValue: 'number | null',
  oncePerCustomer: 'boolean',
  firstOrderOnly: 'boolean',
  conceptIds: 'number[] | null',
  restaurantIds: 'number[] | null',
  categoryIds: 'number[] | null',
});
export type PromotionRulesRow = typeof promotionRulesRow.infer;

const lineOption = type({
  id: 'number',
  name: 'string',
  translations,
  price: 'number',
  unavailable: 'boolean',
  groupName: 'string',
  groupTranslations: translations,
  menuItemId: 'number',
  allergens: 'string[] | null',
  mayContain: 'string[] | null',
});

const pricedLine = type({
  line: { id: 'number', optionIds: 'number[]', quantity: 'number' },
  item: {
    id: 'number',
    name: 'string',
    translations,
    price: 'number',
    resetPrices: 'boolean',
    photo: 'string | null',
    unavailable: 'boolean',
    active: 'boolean',
    restaurantId: 'number',
    locationId: 'number',
    conceptId: 'number',
    categoryId: 'number',
    allergens: 'string[] | null',
    mayContain: 'string[] | null',
    windows,
  },
  options: lineOption.array().or('null'),
});
export type PricedLineRow = typeof pricedLine.infer;

const deliveryZoneRow = type({
  id: 'number',
  polygon,
  zips: 'string[]',
  deliveryValue: 'number',
  minBasketValue: 'number',
});

/** A restaurant's own terms, as TERMS_FIELDS answers them. */
const termsFields = {
  deliveryValue: 'number',
  minBasketValue: 'number',
  smallOrderThreshold: 'number',
  extraFee: 'number',
  preparationMinutes: 'number',
  autoAccept: 'boolean',
  deliveryZones: deliveryZoneRow.array().or('null'),
} as const;

/** A brand's restaurant of a shared basket (issue 35) with its own terms and hours, in the order its lines came. */
const brandRow = type({
  id: 'number',
  slug: 'string',
  name: 'string',
  conceptId: 'number',
  conceptSlug: 'string',
  conceptName: 'string',
  isEnabled: 'boolean',
  active: 'boolean',
  ...termsFields,
  hours: openingRange.array().or('null'),
});
export type BrandRow = typeof brandRow.infer;

/** The basket with everything that prices it, as the one pricing statement answers it. */
export const pricingRow = type({
  basket: {
    id: 'string',
    status: "'collecting' | 'created'",
    country: 'string',
    restaurantId: 'number | null',
    userId: 'string | null',
    deliveryMethod: 'string',
    address: address.or('null'),
    discountCodeId: 'number | null',
  },
  restaurant: type({
    id: 'number',
    slug: 'string',
    name: 'string',
    conceptId: 'number',
    phone: 'string | null',
    isEnabled: 'boolean',
    active: 'boolean',
    acceptanceMinutes: 'number',
    ...termsFields,
  }).or('null'),
  location: type({
    id: 'number',
    slug: 'string',
    name: 'string',
    street: 'string',
    no: 'string',
    zip: 'string',
    city: 'string',
    citySlug: 'string',
    country: 'string',
    latitude: 'number',
    longitude: 'number',
    pickupEnabled: 'boolean',
    deliveryEnabled: 'boolean',
    deleted: 'boolean',
    sharedBaskets: 'boolean',
  }).or('null'),
  brands: brandRow.array().or('null'),
  kitchen: type({
    slotOrders: 'number | null',
    slotItems: 'number | null',
    preOrdersWhileClosed: 'boolean',
    horizonDays: 'number',
    deliveryMinutes: 'number',
    busy,
  }).or('null'),
  conceptSlug: 'string | null',
  conceptName: 'string | null',
  hours: openingRange.array().or('null'),
  discount: type({
    id: 'number',
    code: 'string',
    type: 'string',
    value: 'number',
    country: 'string',
    active: 'boolean',
    quantity: 'number',
    used: 'number',
    rules: promotionRulesRow,
  }).or('null'),
  serviceFee: 'number | null',
  lines: pricedLine.array().or('null'),
});
export type PricingRow = typeof pricingRow.infer;
export const PRICING_JSON_COLUMNS = [
  'basket',
  'restaurant',
  'location',
  'brands',
  'kitchen',
  'hours',
  'discount',
  'lines',
];

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
    'acceptanceMinutes', r.acceptance_minutes, ${TERMS_FIELDS('r')}) end as restaurant,
  case when l.id is not null then json_build_object('id', l.id, 'slug', l.slug, 'name', l.name,
    'street', l.street, 'no', l.no, 'zip', l.zip, 'city', l.city, 'citySlug', l.city_slug, 'country', l.country,
    'latitude', l.latitude, 'longitude', l.longitude, 'pickupEnabled', l.pickup_enabled,
    'deliveryEnabled', l.delivery_enabled, 'deleted', l.deleted, 'sharedBaskets', l.shared_baskets) end as location,
  case when l.shared_baskets then (select json_agg(json_build_object('id', br.id, 'slug', br.slug, 'name', br.name,
      'conceptId', br.concept_id, 'conceptSlug', bc.slug, 'conceptName', bc.name, 'isEnabled', br.is_enabled,
      'active', br.active, ${TERMS_FIELDS('br')}, 'hours', ${HOURS_JSON('br')})
      order by firsts.at, firsts.line)
    from (select mi.restaurant_id, min(bi.created_at) as at, min(bi.id) as line
        from ${source.basketItems} bi join menu_items mi on mi.id = bi.menu_item_id
        where bi.basket_id = b.id group by mi.restaurant_id) firsts
      join restaurants br on br.id = firsts.restaurant_id join concepts bc on bc.id = br.concept_id) end as brands,
  case when l.id is not null then json_build_object('slotOrders', l.slot_orders, 'slotItems', l.slot_items,
    'preOrdersWhileClosed', l.pre_orders_while_closed, 'horizonDays', l.horizon_days,
    'deliveryMinutes', l.delivery_minutes, 'busy', l.busy - 'reason') end as kitchen,
  c.slug as "conceptSlug",
  c.name as "conceptName",
  ${HOURS_JSON('r')} as hours,
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

export const priceBasket = declare({
  name: 'priceBasket',
  sql: pricingSql({ baskets: 'baskets', basketItems: 'basket_items', id: ':basketId::text::uuid' }),
  params: ['basketId'],
  row: pricingRow,
  json: PRICING_JSON_COLUMNS,
});

const lockedBasket = type({ id: 'string', restaurantId: 'number | null', country: 'string', userId: 'string | null' });

/**
 * The cookie's basket when it is still collecting and is a guest's or this user's (a user's basket never opens for
 * a guest or another user who holds the cookie); otherwise the user's latest collecting basket. Locked, so
 * concurrent writes to one basket (and place-order) queue up.
 */
export const lockBasket = declare({
  name: 'lockBasket',
  sql: `select id, restaurant_id as "restaurantId", country, user_id as "userId" from baskets
where status = 'collecting' and built_by_user_id is null
  and ((id = :cookieId::text::uuid and (user_id is null or user_id = :userId::text::uuid)) or user_id = :userId::text::uuid)
order by coalesce(id = :cookieId::text::uuid, false) desc, updated_at desc
limit 1
for update`,
  params: ['cookieId', 'userId'],
  row: lockedBasket,
});

/** A basket staff build for a caller opens by its id for the staff member who built it, and nobody else. */
export const lockStaffBasket = declare({
  name: 'lockStaffBasket',
  sql: `select id, restaurant_id as "restaurantId", country, user_id as "userId" from baskets
where status = 'collecting' and id = :basketId::text::uuid and built_by_user_id = :staffUserId::text::uuid
for update`,
  params: ['basketId', 'staffUserId'],
  row: lockedBasket,
});

export const createBasket = declare({
  name: 'createBasket',
  sql: `insert into baskets (id, user_id, created_at, updated_at)
values (:basketId::text::uuid, :userId::text::uuid, :at::text::timestamptz, :at::text::timestamptz)`,
  params: ['basketId', 'userId', 'at'],
});

export const asyncCommit = declare({ name: 'asyncCommit', sql: 'set local synchronous_commit = off' });

/** Every write marks the basket as touched; a guest basket written by a logged-in user becomes theirs. */
export const touchBasket = declare({
  name: 'touchBasket',
  sql: `update baskets set updated_at = :at::text::timestamptz, user_id = coalesce(user_id, :userId::text::uuid)
where id = :basketId::text::uuid`,
  params: ['basketId', 'at', 'userId'],
});

/**
 * The lock for a write sent on a prediction, which also marks the basket as touched (touchBasket) and makes the
 * commit asynchronous: the cookie's basket, updated (and so locked), when it is what the lock above would choose
 * (collecting, a guest's or this user's) and still holds the kitchen, country and owner predicted; otherwise a
 * division by zero, which aborts the transaction (its COMMIT becomes a rollback, the touch with it) before any write
 * runs. One statement where a lock, `set local` and the touch were three.
 */
export const lockPredictedBasket = declare({
  name: 'lockPredictedBasket',
  sql: `with locked as (update baskets
  set updated_at = :at::text::timestamptz, user_id = coalesce(user_id, :userId::text::uuid)
  where id = :basketId::text::uuid and status = 'collecting' and built_by_user_id is null
    and (user_id is null or user_id = :userId::text::uuid)
    and user_id is not distinct from :ownerId::text::uuid and restaurant_id is not distinct from :restaurantId::int
    and country = :country::text
  returning 1)
select 1 / (select count(*)::int from locked) as ok, set_config('synchronous_commit', 'off', true) as async`,
  params: ['basketId', 'userId', 'ownerId', 'restaurantId', 'country', 'at'],
});

const modifierGroups = type({
  id: 'number',
  name: 'string',
  required: 'boolean',
  min: 'number',
  max: 'number',
  options: type({ id: 'number', name: 'string', price: 'number', unavailable: 'boolean' }).array(),
}).array();

/**
 * The item with its restaurant and location, and its modifier groups with their options: the same rows for every
 * basket, so the process recalls them to predict the next add of this item (decision 032).
 */
export const readItemToAdd = declare({
  name: 'readItemToAdd',
  sql: `
select
  (select json_build_object('id', i.id, 'active', i.active, 'unavailable', i.unavailable or i.ingredients_out, 'restaurantId', r.id,
      'restaurantActive', r.active, 'isEnabled', r.is_enabled, 'locationId', r.location_id,
      'locationDeleted', l.deleted, 'sharedBaskets', l.shared_baskets, 'country', l.country,
      'windows', json_build_array(json_build_object('from', c.available_from, 'to', c.available_to),
        json_build_object('from', i.available_from, 'to', i.available_to)),
      'hours', ${HOURS_JSON('r')})
    from menu_items i join restaurants r on r.id = i.restaurant_id join locations l on l.id = r.location_id
      join menu_categories c on c.id = i.category_id
    where i.id = :menuItemId::int) as item,
  (select json_agg(json_build_object('id', g.id, 'name', g.name, 'required', g.required, 'min', g.min,
      'max', g.max, 'options', coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name,
          'price', o.price, 'unavailable', o.unavailable or o.ingredients_out) order by o.position, o.id)
        from modifier_options o where o.group_id = g.id), '[]'::json)) order by g.position, g.id)
    from modifier_groups g where g.menu_item_id = :menuItemId::int) as groups`,
  params: ['menuItemId'],
  row: type({
    item: type({
      id: 'number',
      active: 'boolean',
      unavailable: 'boolean',
      restaurantId: 'number',
      restaurantActive: 'boolean',
      isEnabled: 'boolean',
      locationId: 'number',
      locationDeleted: 'boolean',
      sharedBaskets: 'boolean',
      country: 'string',
      windows,
      hours: openingRange.array().or('null'),
    }).or('null'),
    groups: modifierGroups.or('null'),
  }),
  json: ['item', 'groups'],
});

/** The basket's state: line count, current kitchen's location, the lines of this item. */
export const readBasketToAdd = declare({
  name: 'readBasketToAdd',
  sql: `
select
  (select count(*)::int from basket_items where basket_id = :basketId::text::uuid) as "lineCount",
  (select r.location_id from baskets b join restaurants r on r.id = b.restaurant_id
    where b.id = :basketId::text::uuid) as "currentLocationId",
  (select json_agg(json_build_object('id', bi.id, 'quantity', bi.quantity, 'optionIds', bi.option_ids)
      order by bi.id)
    from basket_items bi where bi.basket_id = :basketId::text::uuid and bi.menu_item_id = :menuItemId::int) as lines`,
  params: ['basketId', 'menuItemId'],
  row: type({
    lineCount: 'number',
    currentLocationId: 'number | null',
    lines: type({ id: 'number', quantity: 'number', optionIds: 'number[]' }).array().or('null'),
  }),
  json: ['lines'],
});

export const setLineQuantity = declare({
  name: 'setLineQuantity',
  sql: 'update basket_items set quantity = :quantity::int where id = :lineId::int',
  params: ['lineId', 'quantity'],
});

export const insertLine = declare({
  name: 'insertLine',
  sql: `insert into basket_items (basket_id, menu_item_id, quantity, option_ids)
            values (:basketId::text::uuid, :menuItemId::int, :quantity::int, :optionIds::text::int[])`,
  params: ['basketId', 'menuItemId', 'quantity', 'optionIds'],
});

export const setKitchen = declare({
  name: 'setKitchen',
  sql: 'update baskets set restaurant_id = :restaurantId::int, country = :country::text where id = :basketId::text::uuid',
  params: ['basketId', 'restaurantId', 'country'],
});

export const readLine = declare({
  name: 'readLine',
  sql: 'select id from basket_items where id = :lineId::int and basket_id = :basketId::text::uuid',
  params: ['basketId', 'lineId'],
  row: type({ id: 'number' }),
});

export const deleteLine = declare({
  name: 'deleteLine',
  sql: 'delete from basket_items where id = :lineId::int',
  params: ['lineId'],
});

/**
 * An emptied basket belongs to no restaurant, so the next item may come from anywhere; a shared basket whose lead
 * brand's last line went leads with the brand of its earliest line left (decision 066). The line deleted with it is
 * left out by its id: the two writes may run as one statement, whose reads do not see the delete.
 */
export const releaseEmptiedKitchen = declare({
  name: 'releaseEmptiedKitchen',
  sql: `update baskets b set restaurant_id = (select mi.restaurant_id from basket_items bi
      join menu_items mi on mi.id = bi.menu_item_id
      where bi.basket_id = b.id and bi.id <> :lineId::int
      order by bi.created_at, bi.id limit 1)
    where b.id = :basketId::text::uuid and not exists (select from basket_items bi
      join menu_items mi on mi.id = bi.menu_item_id
      where bi.basket_id = b.id and bi.id <> :lineId::int and mi.restaurant_id = b.restaurant_id)`,
  params: ['basketId', 'lineId'],
});

export const deleteLines = declare({
  name: 'deleteLines',
  sql: 'delete from basket_items where basket_id = :basketId::text::uuid',
  params: ['basketId'],
});

export const clearKitchenAndCode = declare({
  name: 'clearKitchenAndCode',
  sql: 'update baskets set restaurant_id = null, discount_code_id = null where id = :basketId::text::uuid',
  params: ['basketId'],
});

/** The country and delivery options of the kitchen the basket holds food of (no row: no kitchen yet). */
export const readKitchen = declare({
  name: 'readKitchen',
  sql: `select l.country, l.pickup_enabled as "pickupEnabled", l.delivery_enabled as "deliveryEnabled"
from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
where b.id = :basketId::text::uuid`,
  params: ['basketId'],
  row: type({ country: 'string', pickupEnabled: 'boolean', deliveryEnabled: 'boolean' }),
});

/** Leaving the address out keeps the one given before (switching to pickup and back loses nothing). */
export const setDelivery = declare({
  name: 'setDelivery',
  sql: `update baskets set delivery_method = :deliveryMethod::text, country = :country::text,
            address = case when :addressGiven::boolean then :address::text::jsonb else address end
            where id = :basketId::text::uuid`,
  params: ['basketId', 'deliveryMethod', 'country', 'addressGiven', 'address'],
});

export const readCode = declare({
  name: 'readCode',
  sql: `select id, country, active, used, quantity, ${PROMOTION_RULES_SQL('discount_codes')} as rules
from discount_codes where upper(code) = :code::text limit 1`,
  params: ['code'],
  row: type({
    id: 'number',
    country: 'string',
    active: 'boolean',
    used: 'number',
    quantity: 'number',
    rules: promotionRulesRow,
  }),
  json: ['rules'],
});

/**
 * What a code's rules judge (issue 38): the basket's restaurant and brand, each line's category and value (linePrice
 * in SQL: the item's price unless it resets prices, plus its options', times the quantity), and the basket's
 * account's uses of the code and orders that were not canceled or rejected. No row: a basket not written yet.
 */
export const readPromotionBasket = declare({
  name: 'readPromotionBasket',
  sql: `select r.id as "restaurantId", r.concept_id as "conceptId",
  (select coalesce(json_agg(json_build_object('categoryId', mi.category_id, 'value',
      ((case when mi.reset_prices then 0 else mi.price end)
        + coalesce((select sum(o.price) from modifier_options o where o.id = any(bi.option_ids)), 0)) * bi.quantity,
      'restaurantId', mr.id, 'conceptId', mr.concept_id)), '[]')
    from basket_items bi join menu_items mi on mi.id = bi.menu_item_id join restaurants mr on mr.id = mi.restaurant_id
    where bi.basket_id = b.id) as lines,
  (select count(*) from discount_redemptions dr join discount_codes d on d.id = dr.discount_code_id
    where upper(d.code) = :code::text and dr.customer = 'user:' || b.user_id::text)::int as "customerUses",
  (select count(*) from orders o where o.user_id = b.user_id and o.status not in ('canceled', 'rejected'))::int
    as "customerOrders"
from baskets b left join restaurants r on r.id = b.restaurant_id
where b.id = :basketId::text::uuid`,
  params: ['basketId', 'code'],
  row: type({
    restaurantId: 'number | null',
    conceptId: 'number | null',
    lines: type({ categoryId: 'number', value: 'number', restaurantId: 'number', conceptId: 'number' }).array(),
    customerUses: 'number',
    customerOrders: 'number',
  }),
  json: ['lines'],
});

export const setCode = declare({
  name: 'setCode',
  sql: 'update baskets set discount_code_id = :discountCodeId::int where id = :basketId::text::uuid',
  params: ['basketId', 'discountCodeId'],
});

export const removeCode = declare({
  name: 'removeCode',
  sql: 'update baskets set discount_code_id = null where id = :basketId::text::uuid',
  params: ['basketId'],
});

/** A basket built whole for a caller without a cookie: created once, whoever asks with the same id. */
export const createBuiltBasket = declare({
  name: 'createBuiltBasket',
  sql: `insert into baskets (id, created_at, updated_at)
values (:basketId::text::uuid, :at::text::timestamptz, :at::text::timestamptz)
on conflict (id) do nothing returning id`,
  params: ['basketId', 'at'],
  row: type({ id: 'string' }),
});

export const readBasketState = declare({
  name: 'readBasketState',
  sql: `select restaurant_id as "restaurantId", country from baskets where id = :basketId::text::uuid`,
  params: ['basketId'],
  row: type({ restaurantId: 'number | null', country: 'string' }),
});
