import { type } from 'arktype';
import { SLOT_STRIPES } from '#domain/kitchen-slot-stripes.ts';
import type { PaymentAvailabilityHours } from '#domain/country.ts';
import type { LegalEntity } from '#domain/invoice.ts';
import { declare } from './statement.ts';

// JSON the admin's forms checked when they wrote it (#domain/company.ts, the payment options' hours): a row carries
// it as stored.
const seller = type('object | null').as<LegalEntity | null>();
const paymentHours = type('object | null').as<PaymentAvailabilityHours | null>();

/*
 * The order path's hand-written statements (decisions 007, 015, 034, 053): the writes several order paths share (a
 * code's use counter, the audit row), place-order's reads and its one write, the kitchen's slot counters, and the
 * order view (decision 036).
 */

/**
 * Takes one use of code `id` (an SQL expression) while the code is active and has one left, and `also` (a further SQL
 * condition) holds; returns its id.
 */
export const takeDiscountUseSql = (id: string, also = 'true') =>
  `update discount_codes set used = used + 1 where id = ${id} and active and used < quantity and ${also} returning id`;

/** Gives one use of code `id` back (an order that never got paid); never below zero. */
const giveBackDiscountUseSql = (id: string) =>
  `update discount_codes set used = used - 1 where id = ${id} and used > 0 returning id`;

/** The audit row's columns, each given as an SQL expression; the caller may append `where …` and `returning …`. */
export const insertAuditSql = (
  values: Record<'at' | 'actorUserId' | 'action' | 'entity' | 'entityId' | 'data', string>,
) =>
  `insert into audit_log (at, actor_user_id, action, entity, entity_id, data)
  select ${values.at}, ${values.actorUserId}, ${values.action}, ${values.entity}, ${values.entityId}, ${values.data}`;

export const recordAudit = declare({
  name: 'recordAudit',
  sql: insertAuditSql({
    at: ':at::text::timestamptz',
    actorUserId: ':actorUserId::text::uuid',
    action: ':action::text',
    entity: ':entity::text',
    entityId: ':entityId::text',
    data: ':data::text::jsonb',
  }),
  params: ['at', 'actorUserId', 'action', 'entity', 'entityId', 'data'],
});

/** The use, and the customer's once-per-customer keys with it (issue 38), so that the customer may use it again. */
export const giveBackDiscountUse = declare({
  name: 'giveBackDiscountUse',
  sql: `with customer as (delete from discount_redemptions where order_id = :orderId::text::uuid)
${giveBackDiscountUseSql(':discountCodeId::int')}`,
  params: ['discountCodeId', 'orderId'],
  row: type({ id: 'number' }),
});

export const orderByKey = declare({
  name: 'orderByKey',
  sql: `select id, request_hash as "requestHash", basket_id as "basketId" from orders
  where idempotency_key = :key::text`,
  params: ['key'],
  row: type({ id: 'string', requestHash: 'string | null', basketId: 'string' }),
});

/**
 * The customer's history with the basket's code, read only when the code is once per customer or first order only
 * (the `asks` condition is a one-time filter: for any other code, or none, the orders are not looked at). The orders
 * are found by the indexes the order search uses (orders_user_idx, orders_customer_email_idx,
 * orders_customer_phone_idx).
 */
export const customerHistory = declare({
  name: 'customerHistory',
  sql: `with code as (
  select d.id, d.once_per_customer or d.first_order_only as asks
  from baskets b join discount_codes d on d.id = b.discount_code_id where b.id = :basketId::text::uuid)
select
  (select count(*) from discount_redemptions dr
    where (select asks from code) and dr.discount_code_id = (select id from code)
      and dr.customer in (select jsonb_array_elements_text(:customerKeys::text::jsonb)))::int as uses,
  (select count(*) from orders o
    where (select asks from code) and o.status not in ('canceled', 'rejected')
      and (o.user_id = :userId::text::uuid or lower(o.customer->>'email') = :email::text
        or right(regexp_replace(o.customer->>'phone', '[^0-9]', '', 'g'), 9) = :phone::text))::int as orders`,
  params: ['basketId', 'customerKeys', 'userId', 'email', 'phone'],
  row: type({ uses: 'number', orders: 'number' }),
});

/** The seller (issue 36) rides on the lock's statement: the confirmation names it, and no statement is added. */
export const lockBasketToOrder = declare({
  name: 'lockBasketToOrder',
  sql: `select built_by_user_id as "builtBy",
    (select c.legal_entity from restaurants r join concepts c on c.id = r.concept_id
      where r.id = baskets.restaurant_id) as "seller"
  from baskets where id = :basketId::text::uuid for update`,
  params: ['basketId'],
  row: type({ builtBy: 'string | null', seller }),
  json: ['seller'],
});

/** The countries whose configured payments list offers a method on a channel: data, not rules. */
export const configuredCountries = declare({
  name: 'configuredCountries',
  sql: `select country, availability_hours as "hours" from payment_options
  where name = :method::text and status = 'active' and :channel::text = any(available_for)`,
  params: ['method', 'channel'],
  row: type({ country: 'string', hours: paymentHours }),
  json: ['hours'],
});

/** The advisory lock's first key: kitchen capacity (the second is the location's id). */
const LOCK_CLASS = 53;

/** The kitchen's capacity lock, taken by the basket's kitchen where it limits its slots (no row otherwise). */
export const lockKitchenOfBasket = declare({
  name: 'lockKitchenOfBasket',
  sql: `select pg_advisory_xact_lock(${LOCK_CLASS}, l.id)::text as locked
  from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
  where b.id = :basketId::text::uuid and (l.slot_orders is not null or l.slot_items is not null)`,
  params: ['basketId'],
  row: type({ locked: 'string' }),
});

/** The same lock by the kitchen's id, for a try that turns to booking its slot as a whole. */
export const lockKitchen = declare({
  name: 'lockKitchen',
  sql: `select pg_advisory_xact_lock(${LOCK_CLASS}, :locationId::int)::text as locked`,
  params: ['locationId'],
  row: type({ locked: 'string' }),
});

/** The orders of the kitchen's slots rejected or canceled (a partial index keeps those few at hand). */
const voidedOrdersSql = (kitchen: string, slotCondition: string) => `select o.scheduled_for as slot,
    count(*)::int as orders,
    coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = o.id)), 0)::int as items
  from orders o join restaurants k on k.id = o.restaurant_id
  where ${slotCondition} and o.status in ('rejected', 'canceled') and o.scheduled_for is not null
    and k.location_id = ${kitchen}
  group by o.scheduled_for`;

// A timestamp in a union (the voided orders' part) reaches postgres-js's unsafe query untyped: it comes as text there.
const slotCount = type({ slot: 'Date | string', stripe: 'number', orders: 'number', items: 'number' });
export type SlotCountRow = typeof slotCount.infer;

/**
 * What each stripe of each slot of the basket's kitchen was given (the write statement counts each order up), and, as
 * stripe −1, the orders of each slot rejected or canceled since, which its load does not hold any more. Over every
 * brand cooked there; read only where the kitchen limits its slots; `from` and `to` bound the slots.
 */
export const slotLoad = declare({
  name: 'slotLoad',
  sql: `with kitchen as (
  select l.id from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
  where b.id = :basketId::text::uuid and (l.slot_orders is not null or l.slot_items is not null)
)
select ks.slot, ks.stripe, ks.orders, ks.items
from kitchen_slots ks join kitchen on ks.location_id = kitchen.id
where ks.slot >= :from::text::timestamptz and ks.slot < :to::text::timestamptz
union all
select v.slot, -1, v.orders, v.items from (${voidedOrdersSql(
    '(select id from kitchen)',
    'o.scheduled_for >= :from::text::timestamptz and o.scheduled_for < :to::text::timestamptz',
  )}) v`,
  params: ['basketId', 'from', 'to'],
  row: slotCount,
});

/** A stripe's share of a limit, as stripeShare computes it (SQL expressions in). */
const shareSql = (limit: string, stripe: string) =>
  `(${limit} / ${SLOT_STRIPES} + (${stripe} < ${limit} % ${SLOT_STRIPES})::int)`;

/**
 * The write statement's first parts (decision 053): `kitchen` is the order's kitchen where it limits its slots (no row
 * otherwise, and then nothing here reads or writes more); `slotted` counts the order up as `booking` says: in the one
 * stripe it claims, only while that stripe's share still fits it, judged on the counter's latest committed value under
 * its row lock; or, booked with every stripe of the slot locked (`locked`), as booked. `room` is false when the kitchen
 * limits its slots and the stripe had no room left, and then the rest of the statement writes nothing and place-order
 * tries again. Row locks are held from this statement to the COMMIT that travels with it. The arguments are SQL
 * expressions of the statement's parameters.
 */
export const kitchenSlotCtes = (p: { slot: string; booking: string; locked: string; restaurantId: string }) => {
  const fits = (orders: string, items: string, stripe: string) =>
    `(k.slot_orders is null or ${orders} <= ${shareSql('k.slot_orders', stripe)})
      and (k.slot_items is null or ${items} <= ${shareSql('k.slot_items', stripe)})`;
  return `kitchen as (
  select l.id, l.slot_orders, l.slot_items
  from restaurants r join locations l on l.id = r.location_id
  where r.id = ${p.restaurantId} and (l.slot_orders is not null or l.slot_items is not null)
), booking as (
  select b.stripe, b.orders, b.items from jsonb_to_recordset(${p.booking}) as b(stripe int, orders int, items int)
), slotted as (
  insert into kitchen_slots as ks (location_id, slot, stripe, orders, items)
  select k.id, ${p.slot}, b.stripe, b.orders, b.items
  from kitchen k, booking b
  where ${p.slot} is not null and (${p.locked} or ${fits('b.orders', 'b.items', 'b.stripe')})
  on conflict (location_id, slot, stripe) do update
    set orders = ks.orders + excluded.orders, items = ks.items + excluded.items
    where ${p.locked} or (select ${fits('ks.orders + excluded.orders', 'ks.items + excluded.items', 'ks.stripe')}
      from kitchen k)
  returning 1
), room as (
  select not exists (select from kitchen) or ${p.slot} is null
    or (select count(*) from slotted) = (select count(*) from booking) and exists (select from booking) as ok
)`;
};

/**
 * A slot's every stripe, there for sure (an insert waits for another order's uncommitted one of the same stripe) and
 * then locked, so that its counts are the latest and nothing changes them until this order commits; with the slot's
 * voided orders, read behind the lock. Three statements, one round trip.
 */
export const ensureStripes = declare({
  name: 'ensureStripes',
  sql: `insert into kitchen_slots (location_id, slot, stripe, orders, items)
  select :locationId::int, :slot::text::timestamptz, s, 0, 0 from generate_series(0, ${SLOT_STRIPES - 1}) as s
  on conflict do nothing`,
  params: ['locationId', 'slot'],
});

export const lockStripes = declare({
  name: 'lockStripes',
  sql: `select stripe, orders, items from kitchen_slots
  where location_id = :locationId::int and slot = :slot::text::timestamptz order by stripe for update`,
  params: ['locationId', 'slot'],
  row: type({ stripe: 'number', orders: 'number', items: 'number' }),
});

export const slotVoided = declare({
  name: 'slotVoided',
  sql: voidedOrdersSql(':locationId::int', 'o.scheduled_for = :slot::text::timestamptz'),
  params: ['locationId', 'slot'],
  row: type({ slot: 'Date | string', orders: 'number', items: 'number' }),
});

/**
 * An order with its restaurant, items, payments (with refunds), item modifiers and its lines' brands, in one statement: the summary
 * page's refresh is every guest's last request, and five statements (four of them built by drizzle on each call)
 * cost more of the server than placing the order did (decision 036). An item's modifiers are read by its key (the
 * lateral subquery, kept apart by `offset 0`): joined as a whole, the planner scanned every order's modifiers. The
 * tables' rows come as JSON (`to_json`), which the reader decodes by the tables' own columns (db/raw.ts rowOf).
 */
export const orderView = declare({
  name: 'orderView',
  sql: `
  select to_json(o) as "order", r.slug as "restaurantSlug", r.name as "restaurantName", r.phone as "restaurantPhone",
    r.acceptance_minutes as "acceptanceMinutes", r.preparation_minutes as "preparationMinutes",
    l.country, l.street, l.no as "streetNo", l.zip, l.city,
    (select c.legal_entity from concepts c where c.id = r.concept_id) as "seller",
    (select to_json(q) from invoice_requests q where q.order_id = o.id) as "invoiceRequest",
    (select v.number from invoices v where v.order_id = o.id) as "invoiceNumber",
    (select coalesce(json_agg(i order by i.id), '[]') from order_items i where i.order_id = o.id) as "items",
    (select coalesce(json_agg(json_build_object('payment', p, 'refund', f) order by p.created_at desc), '[]')
      from payments p left join refunds f on f.payment_id = p.id where p.order_id = o.id) as "payments",
    (select coalesce(json_agg(m order by m.id), '[]') from order_items i
      cross join lateral (select * from order_item_mods m where m.order_item_id = i.id offset 0) m
      where i.order_id = o.id) as "mods",
    (select coalesce(json_agg(json_build_object('restaurantId', b.id, 'restaurantSlug', b.slug,
        'restaurantName', b.name, 'conceptSlug', c.slug, 'conceptName', c.name)), '[]')
      from restaurants b join concepts c on c.id = b.concept_id
      where b.id in (select i.restaurant_id from order_items i where i.order_id = o.id)) as "brands"
  from orders o
  join restaurants r on r.id = o.restaurant_id
  join locations l on l.id = r.location_id
  where o.id = :orderId::text::uuid`,
  params: ['orderId'],
  row: type({
    order: 'object',
    restaurantSlug: 'string',
    restaurantName: 'string',
    restaurantPhone: 'string | null',
    acceptanceMinutes: 'number',
    preparationMinutes: 'number',
    country: 'string',
    street: 'string',
    streetNo: 'string',
    zip: 'string',
    city: 'string',
    seller,
    invoiceRequest: 'object | null',
    invoiceNumber: 'string | null',
    items: 'object[]',
    payments: type({ payment: 'object', refund: 'object | null' }).array(),
    mods: 'object[]',
    /** The brand restaurants cooking the lines (issue 35), in no order: the view orders them by the lines. */
    brands: type({
      restaurantId: 'number',
      restaurantSlug: 'string',
      restaurantName: 'string',
      conceptSlug: 'string',
      conceptName: 'string',
    }).array(),
  }),
  json: ['order', 'seller', 'invoiceRequest', 'items', 'payments', 'mods', 'brands'],
});
