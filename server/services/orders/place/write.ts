import type { Transaction } from '#db/raw.ts';
import { RuleError } from '#domain/errors.ts';
import { insertAuditSql, takeDiscountUseSql } from '../bookkeeping.ts';
import { ORDER_STATUS_CHANNEL } from '../events.ts';
import type { DraftLine, DraftMod, OrderDraft } from './draft.ts';
import { errorOf, log } from '#server/observability/log.ts';
import { kitchenSlotCtes, type SlotClaim } from './slots.ts';
import { isUniqueViolation } from '#db/errors.ts';

/** The failing cast's text (see the statement's end), by which writeOrder knows it. */
const SLOT_KEPT = 'kitchen slot counted for no order:';

/**
 * The order's slot in a kitchen that limits its slots filled up between the read and the write: nothing was written,
 * and place-order reads the load again (decision 053).
 */
export class SlotTaken extends Error {
  constructor() {
    super('the slot filled up meanwhile');
  }
}

/** The statement's parameters by name; their position in this list is their number ($1 is the first). */
const PARAMS = [
  'orderId',
  'basketId',
  'displayId',
  'status',
  'source',
  'deliveryType',
  'paymentMethod',
  'paymentType',
  'restaurantId',
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
] as const;
type Param = (typeof PARAMS)[number];
/** Sent as text and cast in the SQL, so that both drivers convert every value the same way (db/raw.ts). */
type Value = string | number | null;

const $ = (name: Param) => `$${PARAMS.indexOf(name) + 1}`;

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
const PLACE_ORDER_SQL = `
with ${kitchenSlotCtes({
  slot: `${$('scheduledFor')}::text::timestamptz`,
  booking: `${$('slotBooking')}::text::jsonb`,
  locked: `${$('slotLocked')}::text::boolean`,
  restaurantId: `${$('restaurantId')}::int`,
})}, redeemed as (
  ${takeDiscountUseSql(`${$('discountCodeId')}::int`, '(select ok from room)')}
), placed as (
  insert into orders (id, basket_id, display_id, status, source, delivery_type, payment_method, payment_type,
    restaurant_id, user_id, created_by_user_id, discount_code_id, discount, currency, value, delivery_costs,
    discount_value, service_fee, extra_fee, total, customer, comment, lang, consents, access_token_hash,
    idempotency_key, request_hash, accept_deadline, scheduled_for, promised_at, fire_at, due_at, created_at,
    updated_at)
  select ${$('orderId')}::text::uuid, ${$('basketId')}::text::uuid, ${$('displayId')}::text, ${$('status')}::text,
    ${$('source')}::text, ${$('deliveryType')}::text, ${$('paymentMethod')}::text, ${$('paymentType')}::text,
    ${$('restaurantId')}::int, ${$('userId')}::text::uuid, ${$('createdByUserId')}::text::uuid,
    ${$('discountCodeId')}::int, ${$('discount')}::text::jsonb, ${$('currency')}::text, ${$('value')}::int,
    ${$('deliveryCosts')}::int, ${$('discountValue')}::int, ${$('serviceFee')}::int, ${$('extraFee')}::int,
    ${$('total')}::int, ${$('customer')}::text::jsonb, ${$('comment')}::text, ${$('lang')}::text,
    ${$('consents')}::text::jsonb, ${$('accessTokenHash')}::text, ${$('idempotencyKey')}::text,
    ${$('requestHash')}::text, ${$('acceptDeadline')}::text::timestamptz, ${$('scheduledFor')}::text::timestamptz,
    ${$('promisedAt')}::text::timestamptz, ${$('fireAt')}::text::timestamptz, ${$('dueAt')}::text::timestamptz,
    ${$('now')}::text::timestamptz, ${$('now')}::text::timestamptz
  where (select ok from room) and (${$('discountCodeId')}::int is null or exists (select from redeemed))
  returning id
), redemption as (
  -- A once-per-customer code (issue 38): one row per key of the customer. A key already there (the same customer's
  -- order committed meanwhile, or waited for here) fails the statement on the unique key, and nothing is written.
  insert into discount_redemptions (discount_code_id, customer, order_id, created_at)
  select ${$('discountCodeId')}::int, k.customer, p.id, ${$('now')}::text::timestamptz
  from placed p cross join jsonb_array_elements_text(${$('redemptions')}::text::jsonb) as k(customer)
  returning customer
), lines as materialized (
  select nextval('order_items_id_seq')::int as id, l.*
  from jsonb_to_recordset(${$('lines')}::text::jsonb)
    as l(line int, "menuItemId" int, name text, quantity int, "unitPrice" int, value int, allergens text[],
      "mayContain" text[])
  where exists (select from placed)
), items as (
  insert into order_items (id, order_id, menu_item_id, name, quantity, unit_price, value, allergens, may_contain,
    vat_rate)
  select l.id, ${$('orderId')}::text::uuid, l."menuItemId", l.name, l.quantity, l."unitPrice", l.value, l.allergens,
    l."mayContain", (select vat_rate from menu_items where menu_items.id = l."menuItemId")
  from lines l order by l.line
  returning id
), mod_lines as materialized (
  select nextval('order_item_mods_id_seq')::int as id, m.*
  from jsonb_to_recordset(${$('mods')}::text::jsonb)
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
  select ${$('paymentId')}::text::uuid, ${$('orderId')}::text::uuid, ${$('paymentProvider')}::text,
    ${$('paymentMethod')}::text, ${$('paymentAmount')}::int, ${$('currency')}::text, ${$('now')}::text::timestamptz,
    ${$('now')}::text::timestamptz
  where ${$('paymentId')}::text is not null and exists (select from placed)
  returning id
), basket as (
  update baskets set status = 'created', updated_at = ${$('now')}::text::timestamptz
  where id = ${$('basketId')}::text::uuid and exists (select from placed)
  returning id
), audit as (
  ${insertAuditSql({
    at: `${$('now')}::text::timestamptz`,
    actorUserId: `${$('auditActorUserId')}::text::uuid`,
    action: `${$('auditAction')}::text`,
    entity: `'order'`,
    entityId: `${$('orderId')}::text`,
    data: `${$('auditData')}::text::jsonb`,
  })}
  where exists (select from placed)
  returning id
), email as (
  insert into email_outbox ("to", subject, text, html, template)
  select e."to", e.subject, e.text, e.html, e.template
  from jsonb_to_record(${$('email')}::text::jsonb) as e("to" text, subject text, text text, html text, template text)
  where ${$('email')}::text is not null and exists (select from placed)
  returning id
), invoice as (
  insert into invoice_requests (order_id, company_name, nip, street, zip, city, created_at)
  select ${$('orderId')}::text::uuid, i."companyName", i.nip, i.street, i.zip, i.city, ${$('now')}::text::timestamptz
  from jsonb_to_record(${$('invoice')}::text::jsonb)
    as i("companyName" text, nip text, street text, zip text, city text)
  where ${$('invoice')}::text is not null and exists (select from placed)
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
    then (select '${SLOT_KEPT} ' || count(*) from slotted)::int end as "slotKept"`;

/**
 * The order's announcement to its listeners (status page, kitchen board), sent right behind the COMMIT on the same
 * connection, in the same round trip, and only for an order the commit kept. Not inside the transaction: PostgreSQL
 * serialises the commits of transactions that notify (one lock held through the commit's WAL flush), which capped
 * concurrent orders at what one flush after another allows (decision 034). Listeners also poll, so an announcement
 * lost with a process that dies between the two statements delays an update, never loses it.
 */
const ANNOUNCE_SQL = `select pg_notify('${ORDER_STATUS_CHANNEL}', id::text) from orders where id = $1::text::uuid`;

/** The draft's fields by parameter name: the one place where a field becomes a parameter. */
function paramsOf(
  { order, lines, mods, payment, audit, email, invoice, redemptions }: OrderDraft,
  claim: SlotClaim | null,
): Value[] {
  const values: Record<Param, Value> = {
    orderId: order.id,
    basketId: order.basketId,
    displayId: order.displayId,
    status: order.status,
    source: order.source,
    deliveryType: order.deliveryType,
    paymentMethod: order.paymentMethod,
    paymentType: order.paymentType,
    restaurantId: order.restaurantId,
    userId: order.userId,
    createdByUserId: order.createdByUserId,
    discountCodeId: order.discountCodeId,
    discount: order.discount && JSON.stringify(order.discount),
    currency: order.currency,
    value: order.value,
    deliveryCosts: order.deliveryCosts,
    discountValue: order.discountValue,
    serviceFee: order.serviceFee,
    extraFee: order.extraFee,
    total: order.total,
    customer: JSON.stringify(order.customer),
    comment: order.comment,
    lang: order.lang,
    consents: JSON.stringify(order.consents),
    accessTokenHash: order.accessTokenHash,
    idempotencyKey: order.idempotencyKey,
    requestHash: order.requestHash,
    acceptDeadline: order.acceptDeadline?.toISOString() ?? null,
    scheduledFor: order.scheduledFor?.toISOString() ?? null,
    promisedAt: order.promisedAt?.toISOString() ?? null,
    fireAt: order.fireAt?.toISOString() ?? null,
    dueAt: order.dueAt?.toISOString() ?? null,
    slotBooking: JSON.stringify(claim?.booking ?? []),
    slotLocked: claim?.locked ? 'true' : 'false',
    now: order.createdAt.toISOString(),
    lines: JSON.stringify(lines),
    mods: JSON.stringify(mods),
    paymentId: payment?.id ?? null,
    paymentProvider: payment?.provider ?? null,
    paymentAmount: payment?.amount ?? null,
    auditActorUserId: audit.actorUserId,
    auditAction: audit.action,
    auditData: JSON.stringify(audit.data),
    email: email && JSON.stringify({ html: null, ...email }),
    invoice: invoice && JSON.stringify(invoice),
    redemptions: JSON.stringify(redemptions),
  };
  return PARAMS.map((name) => values[name]);
}

const usedUp = () =>
  new RuleError('discountNotActive', 'the code was used up meanwhile', { problems: ['discountNotActive'] });

/** The unique key of a once-per-customer code's uses (db/schema/orders.ts discountRedemptions). */
const REDEMPTION_KEY = 'discount_redemptions_customer_key';
const alreadyUsed = () =>
  new RuleError('discountAlreadyUsed', 'the customer used the code meanwhile', { problems: ['discountAlreadyUsed'] });

/** The draft's lines and modifiers with the ids the database gave them. */
export type WrittenIds = {
  lines: (DraftLine & { id: number })[];
  mods: (DraftMod & { id: number; orderItemId: number })[];
};

/**
 * Writes the draft, commits and announces the order, in one round trip: a failed write turns the COMMIT into a
 * rollback (and the announcement then finds no order).
 * A code used up since the basket was priced refuses the order (discountNotActive) and writes nothing.
 */
export async function writeOrder(tx: Transaction, draft: OrderDraft, claim: SlotClaim | null): Promise<WrittenIds> {
  const [[written]] = await Promise.all([
    tx.query(PLACE_ORDER_SQL, paramsOf(draft, claim)).catch((error: unknown) => {
      if (error instanceof Error && error.message.includes(SLOT_KEPT)) throw usedUp();
      if (isUniqueViolation(error, REDEMPTION_KEY)) throw alreadyUsed();
      throw error;
    }),
    tx.commit(),
    // The order is committed whatever happens to its announcement; a failed one is logged, not answered.
    tx.query(ANNOUNCE_SQL, [draft.order.id]).catch((error: unknown) => {
      log.warn({ err: errorOf(error) }, `order ${draft.order.id}: announcement failed`);
    }),
  ]);
  if (written && !written['placed'] && written['room'] === false) throw new SlotTaken();
  if (!written?.['placed']) throw usedUp();
  // Invariants of the statement; were one broken, a retry with the same key would answer the committed order.
  const expected = {
    items: draft.lines.length,
    mods: draft.mods.length,
    baskets: 1,
    audits: 1,
    payments: draft.payment ? 1 : 0,
    emails: draft.email ? 1 : 0,
    invoices: draft.invoice ? 1 : 0,
    redemptions: draft.redemptions.length,
  };
  if (Object.entries(expected).some(([rows, n]) => written[rows] !== n))
    throw new Error(`place-order wrote other rows than it meant to: ${JSON.stringify(written)}`);
  const itemIds = written['itemIds'] as number[];
  const modIds = written['modIds'] as number[];
  if (itemIds.length !== draft.lines.length || modIds.length !== draft.mods.length)
    throw new Error(`place-order answered other ids than it wrote: ${JSON.stringify(written)}`);
  const lines = draft.lines.map((line, i) => ({ ...line, id: itemIds[i] as number }));
  return {
    lines,
    mods: draft.mods.map((mod, i) => ({
      ...mod,
      id: modIds[i] as number,
      orderItemId: itemIds[mod.line] as number,
    })),
  };
}
