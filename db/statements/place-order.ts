import { type } from 'arktype';
import { insertAuditSql, kitchenSlotCtes, takeDiscountUseSql } from './orders.ts';
import { declare } from './statement.ts';

/** The channel an order's changes are announced on (LISTEN/NOTIFY: server/services/orders/events.ts). */
export const ORDER_STATUS_CHANNEL = 'order_status';

/** The failing cast's text (see the statement's end), by which place-order knows it. */
export const SLOT_KEPT = 'kitchen slot counted for no order:';

/**
 * Every write of a new order in one statement: the discount redemption, the order, its lines and their
 * modifiers, the payment (online), the basket's status, the audit entry, the confirmation e-mail (on
 * delivery); the announcement follows the commit (ANNOUNCE_SQL). A throttled kitchen's slot is counted first, as the
 * order's claim says and only while its stripe has room (kitchenSlotCtes): when it had none, `room` answers false and nothing else is written. The
 * redemption is the atomic `used < quantity` update: when it finds no use left, nothing else is written (each insert
 * waits for the order's), and `placed` answers false.
 * Line and modifier ids are drawn from their sequences first, each in the order of its list (a function scan
 * keeps the array's order), so that each modifier is written with its line's id, ids follow the basket's order
 * as later reads sort them, and the statement can answer the ids the reply is built from.
 */
export const placeOrder = declare({
  name: 'placeOrder',
  sql: `
with ${kitchenSlotCtes({
    slot: `:scheduledFor::text::timestamptz`,
    booking: `:slotBooking::text::jsonb`,
    locked: `:slotLocked::text::boolean`,
    restaurantId: `:restaurantId::int`,
  })}, redeemed as (
  ${takeDiscountUseSql(`:discountCodeId::int`, '(select ok from room)')}
), placed as (
  insert into orders (id, basket_id, display_id, status, source, delivery_type, payment_method, payment_type,
    restaurant_id, mixed_brands, user_id, created_by_user_id, discount_code_id, discount, currency, value, delivery_costs,
    discount_value, service_fee, extra_fee, total, customer, comment, lang, consents, access_token_hash,
    idempotency_key, request_hash, accept_deadline, scheduled_for, promised_at, fire_at, due_at, created_at,
    updated_at)
  select :orderId::text::uuid, :basketId::text::uuid, :displayId::text, :status::text,
    :source::text, :deliveryType::text, :paymentMethod::text, :paymentType::text,
    :restaurantId::int, :mixedBrands::text::boolean, :userId::text::uuid, :createdByUserId::text::uuid,
    :discountCodeId::int, :discount::text::jsonb, :currency::text, :value::int,
    :deliveryCosts::int, :discountValue::int, :serviceFee::int, :extraFee::int,
    :total::int, :customer::text::jsonb, :comment::text, :lang::text,
    :consents::text::jsonb, :accessTokenHash::text, :idempotencyKey::text,
    :requestHash::text, :acceptDeadline::text::timestamptz, :scheduledFor::text::timestamptz,
    :promisedAt::text::timestamptz, :fireAt::text::timestamptz, :dueAt::text::timestamptz,
    :now::text::timestamptz, :now::text::timestamptz
  where (select ok from room) and (:discountCodeId::int is null or exists (select from redeemed))
  returning id
), redemption as (
  -- A once-per-customer code (issue 38): one row per key of the customer. A key already there (the same customer's
  -- order committed meanwhile, or waited for here) fails the statement on the unique key, and nothing is written.
  insert into discount_redemptions (discount_code_id, customer, order_id, created_at)
  select :discountCodeId::int, k.customer, p.id, :now::text::timestamptz
  from placed p cross join jsonb_array_elements_text(:redemptions::text::jsonb) as k(customer)
  returning customer
), lines as materialized (
  select nextval('order_items_id_seq')::int as id, l.*
  from jsonb_to_recordset(:lines::text::jsonb)
    as l(line int, "menuItemId" int, "restaurantId" int, discounted boolean, name text, quantity int, "unitPrice" int,
      value int, allergens text[],
      "mayContain" text[])
  where exists (select from placed)
), items as (
  insert into order_items (id, order_id, menu_item_id, restaurant_id, discounted, name, quantity, unit_price, value,
    allergens, may_contain, vat_rate)
  select l.id, :orderId::text::uuid, l."menuItemId", coalesce(l."restaurantId", :restaurantId::int),
    coalesce(l.discounted, true), l.name, l.quantity, l."unitPrice", l.value, l.allergens,
    l."mayContain", (select vat_rate from menu_items where menu_items.id = l."menuItemId")
  from lines l order by l.line
  returning id
), mod_lines as materialized (
  select nextval('order_item_mods_id_seq')::int as id, m.*
  from jsonb_to_recordset(:mods::text::jsonb)
    as m(line int, "modifierOptionId" int, "groupName" text, name text, value int)
  where exists (select from placed)
), mods as (
  insert into order_item_mods (id, order_item_id, modifier_option_id, group_name, name, value)
  select m.id, lines.id, m."modifierOptionId", m."groupName", m.name, m.value
  from mod_lines m join lines on lines.line = m.line
  order by m.id
  returning id
), payment as (
  insert into payments (id, order_id, provider, method, amount, currency, created_at, updated_at)
  select :paymentId::text::uuid, :orderId::text::uuid, :paymentProvider::text,
    :paymentMethod::text, :paymentAmount::int, :currency::text, :now::text::timestamptz,
    :now::text::timestamptz
  where :paymentId::text is not null and exists (select from placed)
  returning id
), basket as (
  update baskets set status = 'created', updated_at = :now::text::timestamptz
  where id = :basketId::text::uuid and exists (select from placed)
  returning id
), audit as (
  ${insertAuditSql({
    at: `:now::text::timestamptz`,
    actorUserId: `:auditActorUserId::text::uuid`,
    action: `:auditAction::text`,
    entity: `'order'`,
    entityId: `:orderId::text`,
    data: `:auditData::text::jsonb`,
  })}
  where exists (select from placed)
  returning id
), email as (
  insert into email_outbox ("to", subject, text, html, template)
  select e."to", e.subject, e.text, e.html, e.template
  from jsonb_to_record(:email::text::jsonb) as e("to" text, subject text, text text, html text, template text)
  where :email::text is not null and exists (select from placed)
  returning id
), invoice as (
  insert into invoice_requests (order_id, company_name, nip, street, zip, city, created_at)
  select :orderId::text::uuid, i."companyName", i.nip, i.street, i.zip, i.city, :now::text::timestamptz
  from jsonb_to_record(:invoice::text::jsonb)
    as i("companyName" text, nip text, street text, zip text, city text)
  where :invoice::text is not null and exists (select from placed)
  returning order_id
)
select exists (select from placed) as placed,
  (select coalesce(json_agg(id order by line), '[]') from lines) as "itemIds",
  (select coalesce(json_agg(id order by id), '[]') from mod_lines) as "modIds",
  (select count(*) from items)::int as items,
  (select count(*) from mods)::int as mods,
  (select count(*) from payment)::int as payments,
  (select count(*) from basket)::int as baskets,
  (select count(*) from audit)::int as audits,
  (select count(*) from email)::int as emails,
  (select count(*) from invoice)::int as invoices,
  (select count(*) from redemption)::int as redemptions,
  (select count(*) from slotted)::int as slots,
  (select ok from room) as room,
  -- A slot counted up for an order not written (its code was used up meanwhile) fails the statement, so that the
  -- COMMIT rolls the count back: plain SQL has no RAISE, a cast that cannot succeed is one (the subquery keeps the
  -- planner from evaluating it ahead).
  case when exists (select from slotted) and not exists (select from placed)
    then (select '${SLOT_KEPT} ' || count(*) from slotted)::int end as "slotKept"`,
  params: [
    'orderId',
    'basketId',
    'displayId',
    'status',
    'source',
    'deliveryType',
    'paymentMethod',
    'paymentType',
    'restaurantId',
    'mixedBrands',
    'userId',
    'createdByUserId',
    'discountCodeId',
    'discount',
    'currency',
    'value',
    'deliveryCosts',
    'discountValue',
    'serviceFee',
    'extraFee',
    'total',
    'customer',
    'comment',
    'lang',
    'consents',
    'accessTokenHash',
    'idempotencyKey',
    'requestHash',
    'acceptDeadline',
    'scheduledFor',
    'promisedAt',
    'fireAt',
    'dueAt',
    'slotBooking',
    'slotLocked',
    'now',
    'lines',
    'mods',
    'paymentId',
    'paymentProvider',
    'paymentAmount',
    'auditActorUserId',
    'auditAction',
    'auditData',
    'email',
    'invoice',
    'redemptions',
  ],
  row: type({
    placed: 'boolean',
    itemIds: 'number[]',
    modIds: 'number[]',
    items: 'number',
    mods: 'number',
    payments: 'number',
    baskets: 'number',
    audits: 'number',
    emails: 'number',
    invoices: 'number',
    redemptions: 'number',
    slots: 'number',
    room: 'boolean',
    slotKept: 'null',
  }),
  json: ['itemIds', 'modIds'],
});

/**
 * The order's announcement to its listeners (status page, kitchen board), sent right behind the COMMIT on the same
 * connection, in the same round trip, and only for an order the commit kept. Not inside the transaction: PostgreSQL
 * serialises the commits of transactions that notify (one lock held through the commit's WAL flush), which capped
 * concurrent orders at what one flush after another allows (decision 034). Listeners also poll, so an announcement
 * lost with a process that dies between the two statements delays an update, never loses it.
 */
export const announceOrder = declare({
  name: 'announceOrder',
  sql: `select pg_notify('${ORDER_STATUS_CHANNEL}', id::text) from orders where id = :orderId::text::uuid`,
  params: ['orderId'],
});
