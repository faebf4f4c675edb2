import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BasketAddress } from '#domain/addresses.ts';
import { COUNTRIES } from '#domain/money.ts';
import { REJECTION_REASONS } from '#domain/kitchen-alarms.ts';
import { users } from './accounts.ts';
import { inList } from './checks.ts';
import { allergenChecks, allergenColumns } from './allergens.ts';
import { locations, menuItems, modifierOptions, restaurants } from './catalogue.ts';
import { LOCALES } from '#domain/locales.ts';
import { ORDER_SOURCES, ORDER_STATUSES, type OrderStatus } from '#domain/orders.ts';
import { DELIVERY_METHODS, DISCOUNT_TYPES } from '#domain/pricing.ts';

/**
 * The order statuses in the order the orders_status_check constraint lists them: the domain's list (ORDER_STATUSES)
 * with the three a later change of the spec added moved to the end, where the migration wrote them. The constraint's
 * text is compared by `npm run db:generate`, so its order is kept; a status added to the domain lands at the end,
 * and generating writes its migration.
 */
const ADDED_LATER = ['waiting_for_courier', 'waiting_for_pickup', 'ready_for_pickup'] as const satisfies OrderStatus[];
const STATUSES_AS_MIGRATED = [
  ...ORDER_STATUSES.filter((status) => !(ADDED_LATER as readonly string[]).includes(status)),
  ...ADDED_LATER,
];
/** Why a restaurant rejected an order: stored, shown to the customer and reported (the list is the domain's). */
export { REJECTION_REASONS };

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type').notNull(),
    // amount: minor units; percentage: whole percent; freeDelivery: 0.
    value: integer('value').notNull().default(0),
    country: text('country').notNull().default('pl'),
    quantity: integer('quantity').notNull(),
    used: integer('used').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Issue 38 (#domain/promotions.ts): the window is a local date and time on the restaurant's clock, so it is stored
    // without a zone (a code for "Friday 18:00–22:00" means that in Warsaw and in Kyiv alike); null is no bound.
    validFrom: timestamp('valid_from', { withTimezone: false, mode: 'string' }),
    validTo: timestamp('valid_to', { withTimezone: false, mode: 'string' }),
    /** The eligible products' value the basket must reach, in minor units; null is none. */
    minBasketValue: integer('min_basket_value'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Null or empty: every brand, restaurant or menu category. */
    conceptIds: integer('concept_ids').array(),
    restaurantIds: integer('restaurant_ids').array(),
    categoryIds: integer('category_ids').array(),
    /** The codes generated together share it, so that they can be listed and exported as one batch. */
    batch: uuid('batch'),
  },
  (t) => [
    // Codes are typed by people: LATO10 and lato10 are the same code.
    uniqueIndex('discount_codes_code_key').on(sql`upper(${t.code})`),
    index('discount_codes_batch_idx').on(t.batch),
    check(
      'discount_codes_window_check',
      sql`${t.validFrom} is null or ${t.validTo} is null or ${t.validFrom} < ${t.validTo}`,
    ),
    check('discount_codes_min_basket_check', sql`${t.minBasketValue} is null or ${t.minBasketValue} >= 0`),
    check('discount_codes_type_check', inList('type', DISCOUNT_TYPES)),
    check('discount_codes_country_check', inList(t.country, COUNTRIES)),
    check('discount_codes_value_check', sql`${t.value} >= 0`),
    check('discount_codes_percentage_check', sql`${t.type} <> 'percentage' or ${t.value} <= 100`),
    check('discount_codes_quantity_check', sql`${t.quantity} >= 0`),
    // The last line of defence against over-redemption under concurrency.
    check('discount_codes_used_check', sql`${t.used} >= 0 and ${t.used} <= ${t.quantity}`),
  ],
);

/**
 * Who used a once-per-customer code, one row per way of knowing the customer: the account ('user:<id>'), the
 * e-mail ('email:<lower case>') and the phone ('phone:<last 9 digits>'), each written with the order in the order's
 * own statement. The unique key is what makes "once" hold when the same customer orders twice at the same moment:
 * the second insert waits for the first transaction and then fails, so its order is never written. An order that is
 * never paid or is canceled gives the use back (its rows go with it).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    discountCodeId: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id),
    customer: text('customer').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'discount_redemptions_customer_key', columns: [t.discountCodeId, t.customer] }),
    index('discount_redemptions_order_idx').on(t.orderId),
  ],
);

export const baskets = pgTable(
  'baskets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').notNull().default('collecting'),
    country: text('country').notNull().default('pl'),
    restaurantId: integer('restaurant_id').references(() => restaurants.id),
    // Who the basket belongs to (issue 12 section 1): a guest's cookie (neither column), a user (user_id), or staff
    // building it for a customer on the phone (built_by_user_id: the call centre). A staff-built basket is opened only
    // by its id and its builder, never by a cookie or a user's own basket lookup; the order it becomes names its
    // customer through the actor.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // No 'set null' on delete: that would turn a staff-built basket into a guest's. Staff accounts are soft-deleted.
    builtByUserId: uuid('built_by_user_id').references(() => users.id),
    deliveryMethod: text('delivery_method').notNull().default('door2door'),
    address: jsonb('address').$type<BasketAddress>(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('baskets_user_idx').on(t.userId),
    index('baskets_built_by_idx').on(t.builtByUserId),
    check('baskets_owner_check', sql`${t.builtByUserId} is null or ${t.userId} is null`),
    // The admin baskets list, newest first (created_at never changes, so basket writes stay HOT updates).
    index('baskets_created_idx').on(t.createdAt),
    check('baskets_status_check', sql`${t.status} in ('collecting', 'created')`),
    check('baskets_country_check', inList(t.country, COUNTRIES)),
    check('baskets_delivery_method_check', inList('delivery_method', DELIVERY_METHODS)),
  ],
);

export const basketItems = pgTable(
  'basket_items',
  {
    id: serial('id').primaryKey(),
    basketId: uuid('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    menuItemId: integer('menu_item_id')
      .notNull()
      .references(() => menuItems.id),
    quantity: integer('quantity').notNull(),
    optionIds: integer('option_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('basket_items_basket_idx').on(t.basketId),
    check('basket_items_quantity_check', sql`${t.quantity} between 1 and 99`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    basketId: uuid('basket_id')
      .notNull()
      .references(() => baskets.id),
    displayId: text('display_id').notNull(),
    status: text('status').notNull(),
    source: text('source').notNull().default('web'),
    deliveryType: text('delivery_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentType: text('payment_type').notNull(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    // A shared basket's order (issue 35): another brand at the kitchen cooks some of its lines. Kept so that reports
    // split only these orders per brand without reading every order's lines (decision 067).
    mixedBrands: boolean('mixed_brands').notNull().default(false),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discount: jsonb('discount').$type<{
      code: string;
      type: string;
      value: number;
      country: string;
      orderDiscountValue: number;
    }>(),
    currency: text('currency').notNull(),
    value: integer('value').notNull(),
    deliveryCosts: integer('delivery_costs').notNull(),
    discountValue: integer('discount_value').notNull(),
    serviceFee: integer('service_fee').notNull(),
    extraFee: integer('extra_fee').notNull(),
    total: integer('total').notNull(),
    customer: jsonb('customer')
      .$type<{
        firstname: string;
        lastname: string;
        phone: string;
        email: string;
        street?: string;
        streetNo?: string;
        aptNo?: string;
        city?: string;
        zip?: string;
      }>()
      .notNull(),
    comment: text('comment').notNull().default(''),
    // The interface language the order was placed in (pl, en, ua); its e-mails are written in it. Null when the
    // caller named none: the restaurant's country decides then.
    lang: text('lang'),
    consents: jsonb('consents').$type<Record<string, boolean>>().notNull(),
    // SHA-256 of the token a guest uses to follow the order.
    accessTokenHash: text('access_token_hash').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    acceptDeadline: timestamp('accept_deadline', { withTimezone: true }),
    // Set when the restaurant accepts (new → processing): the minutes it promised, from which the customer's
    // status page shows the estimated ready time.
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    preparationMinutes: integer('preparation_minutes'),
    // Kitchen capacity (issue 34): the slot an order was placed into (a scheduled order's chosen slot, or the first
    // with room for an ASAP order), the time promised to the customer (ready for pickup / delivered), and when the
    // kitchen marked it ready and when it was finished; lateness is readyAt − promisedAt.
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    promisedAt: timestamp('promised_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    // Decision 053: promisedAt is when the food is promised ready (pickup, or handed to the courier); a delivered
    // order's customer is promised dueAt (promisedAt plus the kitchen's delivery minutes then). fireAt is when the
    // kitchen starts cooking (promisedAt minus the preparation time); before it the board shows the order "later".
    fireAt: timestamp('fire_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    // Set with status rejected: why (REJECTION_REASONS). 'timeout' is not a reason a kitchen gives: an order nobody
    // accepted in time is rejected with rejectionReason null and acceptDeadline in the past.
    rejectionReason: text('rejection_reason'),
    // When someone at a kitchen board acknowledged the new order's alarm (the board stops ringing on every tablet).
    alarmAcknowledgedAt: timestamp('alarm_acknowledged_at', { withTimezone: true }),
    // When the order, still new, was escalated to the kitchen's managers and the call centre (restaurants.escalationMinutes).
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_basket_key').on(t.basketId),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    // The admin orders list filters by status or restaurant and pages through them newest first, with id as the
    // tie-breaker (bench/admin.ts: page 2,000 of a busy year); the dashboard reads days of created_at.
    index('orders_status_idx').on(t.status, t.createdAt, t.id),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The call centre finds a caller's earlier orders by phone, however it was typed: the last nine digits are the
    // number without its country prefix in Poland (9 digits) and Ukraine (0 + 9 digits). See findCustomer.
    index('orders_customer_phone_idx').on(sql`right(regexp_replace(${t.customer}->>'phone', '[^0-9]', '', 'g'), 9)`),
    // A person's orders by e-mail, however it was typed (data export and erasure, unsubscribe links; decision 052).
    index('orders_customer_email_idx').on(sql`lower(${t.customer}->>'email')`),
    index('orders_restaurant_idx').on(t.restaurantId, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    // A kitchen's slot load (decision 053): what its slot counters hold, less the orders rejected or canceled since.
    index('orders_void_slot_idx')
      .on(t.scheduledFor)
      .where(sql`${t.status} in ('rejected', 'canceled') and ${t.scheduledFor} is not null`),
    // The number a customer reads out on the phone (spec section 3: the basket id's last 5 characters).
    index('orders_display_id_idx').on(t.displayId),
    check('orders_status_check', inList('status', STATUSES_AS_MIGRATED)),
    check('orders_source_check', inList('source', ORDER_SOURCES)),
    check('orders_delivery_type_check', inList('delivery_type', DELIVERY_METHODS)),
    check('orders_payment_type_check', sql`${t.paymentType} in ('online', 'cash', 'card')`),
    check('orders_currency_check', sql`${t.currency} in ('PLN', 'UAH', 'EUR')`),
    check('orders_lang_check', inList(t.lang, LOCALES)),
    check('orders_rejection_reason_check', inList('rejection_reason', REJECTION_REASONS)),
    check('orders_preparation_minutes_check', sql`${t.preparationMinutes} between 1 and 240`),
    check(
      'orders_money_check',
      sql`${t.value} >= 0 and ${t.deliveryCosts} >= 0 and ${t.discountValue} >= 0 and ${t.serviceFee} >= 0 and ${t.extraFee} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    menuItemId: integer('menu_item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    // The brand's restaurant that cooks the line (issue 35): the order's own, or another brand's at the same
    // location when the location shares baskets.
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    value: integer('value').notNull(),
    // The line's allergens when it was ordered: the dish's with its options' (allergensOfChoice), kept as the
    // name and prices are, since the menu may change after the order.
    ...allergenColumns(),
    // The menu item's VAT rate when ordered (issue 36), for the invoice; null on lines written before it was kept.
    vatRate: integer('vat_rate'),
    // Whether the order's discount code applied to this line (a code for some categories or brands discounts only
    // theirs), so reports give each brand its own part of the discount (decision 067). True where no code applies.
    discounted: boolean('discounted').notNull().default(true),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
    check('order_items_money_check', sql`${t.unitPrice} >= 0 and ${t.value} >= 0`),
    ...allergenChecks('order_items', t),
  ],
);

export const orderItemMods = pgTable(
  'order_item_mods',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    modifierOptionId: integer('modifier_option_id').references(() => modifierOptions.id, { onDelete: 'set null' }),
    groupName: text('group_name').notNull(),
    name: text('name').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [
    index('order_item_mods_item_idx').on(t.orderItemId),
    check('order_item_mods_value_check', sql`${t.value} >= 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    externalId: text('external_id'),
    // The provider's own order id where it differs from external_id and is learned only from its first applied
    // notification (Przelewy24: external_id is the registration token). Later notifications must name the same one.
    providerOrderId: text('provider_order_id'),
    // Where the customer completes a redirect-based payment; kept so an idempotent replay answers the same.
    redirectUrl: text('redirect_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_external_key').on(t.provider, t.externalId),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'canceled', 'refunded')`),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    externalId: text('external_id'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One refund per payment: a rejected order is refunded once, whoever notices first.
    uniqueIndex('refunds_payment_key').on(t.paymentId),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

export const paymentNotifications = pgTable('payment_notifications', {
  // The provider's notification id: a replayed notification is recognised and changes nothing.
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each 15-minute slot of a kitchen (a location) was given (issue 34, decision 053): orders and items placed into
 * it, counted up by the statement that writes the order. Never counted down: the orders of the slot rejected or
 * canceled since are taken off when it is read (place/slots.ts), so no status change has to know about it. A slot's
 * count is spread over stripes (0 to SLOT_STRIPES − 1, domain/kitchen-slot-stripes.ts), each with its share of the
 * slot's limits, so that the orders of one kitchen lock different rows.
 */
export const kitchenSlots = pgTable(
  'kitchen_slots',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    stripe: integer('stripe').notNull().default(0),
    orders: integer('orders').notNull(),
    items: integer('items').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.slot, t.stripe] })],
);
