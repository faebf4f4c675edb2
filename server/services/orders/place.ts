import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { queryOf, transaction, type Query, type Transaction } from '#db/raw.ts';
import { baskets, payments, type orders } from '#db/schema/index.ts';
import type { AppDeps } from '#server/app.ts';
import { checkoutProblems } from '#server/domain/checkout.ts';
import {
  type Channel,
  type Consent,
  isOnlinePayment,
  type PaymentMethod,
  requiredConsents,
} from '#server/domain/country.ts';
import { RuleError } from '#server/domain/errors.ts';
import { checkoutFormRules, pickupCheckoutFormRules, validate } from '#server/domain/forms.ts';
import { displayId } from '#server/domain/orders.ts';
import { AppError, validationError } from '#server/errors.ts';
import type { SessionUser } from '#server/services/auth/sessions.ts';
import { loadPricedBasket, type PricedBasket } from '../basket/priced.ts';
import { startPayment } from '../payments/start.ts';
import { hashAccessToken, orderAccessToken, type Lang } from './access-token.ts';
import { orderConfirmationEmail } from './confirmation.ts';
import { ORDER_STATUS_CHANNEL } from './events.ts';
import { loadOrderView, orderViews, type OrderView } from './view.ts';

/** The customer's part of a place-order call; prices and totals are not part of it (the server prices). */
export type PlaceOrderInput = {
  firstname?: string | undefined;
  lastname?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  street?: string | undefined;
  streetNo?: string | undefined;
  aptNo?: string | undefined;
  city?: string | undefined;
  zip?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  comment?: string | undefined;
  consents: Partial<Record<Consent | 'marketingSms' | 'marketingEmail', boolean>>;
  paymentMethod: PaymentMethod;
  blikCode?: string | undefined;
  googlePayToken?: string | undefined;
  lang?: Lang | undefined;
};

export type PlacedOrder = {
  order: OrderView;
  accessToken: string;
  redirectUrl: string | null;
  /** True when this answer repeats an earlier call with the same Idempotency-Key. */
  replayed: boolean;
};

const INPUT_KEYS = [
  'firstname',
  'lastname',
  'phone',
  'email',
  'street',
  'streetNo',
  'aptNo',
  'city',
  'zip',
  'lat',
  'lng',
  'comment',
  'paymentMethod',
  'blikCode',
  'googlePayToken',
  'lang',
] as const;
const CONSENT_KEYS = ['agree1', 'agree2', 'providerTerms', 'orderWithObligation', 'marketingSms', 'marketingEmail'];

/** What makes two calls "the same": the basket, the channel and every field the server reads, in a fixed order. */
export function requestHash(basketId: string, channel: Channel, input: PlaceOrderInput): string {
  const canonical = {
    basketId,
    channel,
    ...Object.fromEntries(INPUT_KEYS.map((k) => [k, input[k] ?? null])),
    consents: Object.fromEntries(CONSENT_KEYS.map((k) => [k, input.consents[k as Consent] === true])),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  for (
    let e = error as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505' && (e.constraint_name ?? e.constraint) === constraint) return true;
  }
  return false;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A logged-in customer without the basket cookie (another device) orders their latest collecting basket. */
async function latestUserBasket(db: AppDeps['db'], userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: baskets.id })
    .from(baskets)
    .where(and(eq(baskets.userId, userId), eq(baskets.status, 'collecting')))
    .orderBy(desc(baskets.updatedAt))
    .limit(1);
  return row?.id ?? null;
}

type Existing = { id: string; requestHash: string | null; basketId: string };

const LOCK_BASKET_SQL = `select 1 from baskets where id = $1::text::uuid for update`;
const ORDER_BY_KEY_SQL = `select id, request_hash as "requestHash", basket_id as "basketId" from orders
  where idempotency_key = $1::text`;

async function orderByKey(query: Query, key: string): Promise<Existing | undefined> {
  const [row] = await query(ORDER_BY_KEY_SQL, [key]);
  return row as Existing | undefined;
}
/** The countries whose configured payments list offers a method ($1) on a channel ($2): data, not rules. */
const CONFIGURED_COUNTRIES_SQL = `select country from payment_options
  where name = $1::text and status = 'active' and $2::text = any(available_for)`;

/**
 * Every write of a new order in one statement: the discount redemption, the order, its lines and their
 * modifiers, the payment (online), the basket's status, the audit entry, the confirmation e-mail (on
 * delivery) and the announcement. The redemption is the atomic `used < quantity` update: when it finds no use
 * left, nothing else is written (each insert waits for the order's), and `placed` answers false.
 * Line ids are drawn from the sequence first, so that each modifier is written with its line's id.
 */
const PLACE_ORDER_SQL = `
with redeemed as (
  update discount_codes set used = used + 1
  where id = $12::int and active and used < quantity
  returning id
), placed as (
  insert into orders (id, basket_id, display_id, status, source, delivery_type, payment_method, payment_type,
    restaurant_id, user_id, created_by_user_id, discount_code_id, discount, currency, value, delivery_costs,
    discount_value, service_fee, extra_fee, total, customer, comment, consents, access_token_hash,
    idempotency_key, request_hash, accept_deadline, created_at, updated_at, lang)
  select $1::text::uuid, $2::text::uuid, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text,
    $9::int, $10::text::uuid, $11::text::uuid, $12::int, $13::text::jsonb, $14::text, $15::int, $16::int,
    $17::int, $18::int, $19::int, $20::int, $21::text::jsonb, $22::text, $23::text::jsonb, $24::text,
    $25::text, $26::text, $27::text::timestamptz, $28::text::timestamptz, $28::text::timestamptz, $35::text
  where $12::int is null or exists (select from redeemed)
  returning id
), lines as materialized (
  select nextval('order_items_id_seq')::int as id, l.*
  from jsonb_to_recordset($29::text::jsonb)
    as l(line int, "menuItemId" int, name text, quantity int, "unitPrice" int, value int)
  where exists (select from placed)
), items as (
  insert into order_items (id, order_id, menu_item_id, name, quantity, unit_price, value)
  select id, $1::text::uuid, "menuItemId", name, quantity, "unitPrice", value from lines order by line
  returning id
), mods as (
  insert into order_item_mods (order_item_id, modifier_option_id, group_name, name, value)
  select lines.id, m."modifierOptionId", m."groupName", m.name, m.value
  from jsonb_to_recordset($30::text::jsonb)
    as m(line int, "modifierOptionId" int, "groupName" text, name text, value int)
  join lines on lines.line = m.line
  returning id
), payment as (
  insert into payments (id, order_id, provider, method, amount, currency, created_at, updated_at)
  select $31::text::uuid, $1::text::uuid, $32::text, $7::text, $20::int, $14::text,
    $28::text::timestamptz, $28::text::timestamptz
  where $31::text is not null and exists (select from placed)
  returning id
), basket as (
  update baskets set status = 'created', updated_at = $28::text::timestamptz
  where id = $2::text::uuid and exists (select from placed)
  returning id
), audit as (
  insert into audit_log (at, actor_user_id, action, entity, entity_id, data)
  select $28::text::timestamptz, $11::text::uuid, 'order.placed', 'order', $1::text, $33::text::jsonb
  where exists (select from placed)
  returning id
), email as (
  insert into email_outbox ("to", subject, text, html, template)
  select e."to", e.subject, e.text, e.html, e.template
  from jsonb_to_record($34::text::jsonb) as e("to" text, subject text, text text, html text, template text)
  where $34::text is not null and exists (select from placed)
  returning id
)
select exists (select from placed) as placed,
  (select count(*) from items)::int as items,
  (select count(*) from mods)::int as mods,
  (select count(*) from payment)::int as payments,
  (select count(*) from basket)::int as baskets,
  (select count(*) from audit)::int as audits,
  (select count(*) from email)::int as emails,
  (select pg_notify('${ORDER_STATUS_CHANNEL}', $1::text)::text from placed) as announced`;

type OrderRecord = typeof orders.$inferSelect;
type Created = { created: string; accessToken: string; paymentId: string | null; view: OrderView | null };

function replayOf(existing: Existing, hash: string): { replay: string } {
  if (existing.requestHash !== hash) throw new AppError('idempotencyKeyReused');
  return { replay: existing.id };
}

/**
 * Places an order from the caller's basket: one transaction that locks the basket, prices it from the database,
 * checks every rule, redeems the discount code atomically and turns the basket into an order. Idempotent under
 * `idempotencyKey`: a repeat with the same body answers the same order, a repeat with another body is refused.
 * Online payments are registered with the provider after the commit (see startPayment).
 */
export async function placeOrder(
  deps: Pick<AppDeps, 'db' | 'env' | 'now' | 'payments'>,
  call: {
    basketId: string | null;
    user: SessionUser | null;
    channel: Channel;
    idempotencyKey: string;
    input: PlaceOrderInput;
    customerIp?: string;
  },
): Promise<PlacedOrder> {
  const { db, env } = deps;
  const { input, idempotencyKey, channel } = call;
  const now = deps.now();
  const basketId = UUID.test(call.basketId ?? '')
    ? call.basketId
    : call.user
      ? await latestUserBasket(db, call.user.id)
      : null;
  if (!basketId) throw new AppError('basketEmpty');
  const hash = requestHash(basketId, channel, input);

  let outcome: Created | { replay: string };
  try {
    outcome = await transaction(db, async ({ query, commit }) => {
      // BEGIN, the lock and the reads travel together and run in this order: every call for this basket
      // queues at the lock, so the reads behind it (new statements) see what the call ahead committed.
      const [, again, basket, configured] = await Promise.all([
        query(LOCK_BASKET_SQL, [basketId]),
        orderByKey(query, idempotencyKey),
        loadPricedBasket(query, basketId, now),
        query(CONFIGURED_COUNTRIES_SQL, [input.paymentMethod, channel]),
      ]);
      if (again) return replayOf(again, hash);
      // A user's basket is ordered only by that user, whoever else holds its cookie.
      if (!basket || (basket.userId !== null && basket.userId !== call.user?.id)) throw new AppError('basketEmpty');
      if (basket.status !== 'collecting') throw new AppError('basketAlreadyOrdered');
      if (!basket.restaurant || !basket.location || basket.lines.length === 0) throw new AppError('basketEmpty');
      const countries = new Set(configured.map((r) => r['country'] as string));
      return createOrder({ query, commit }, deps, { ...call, basketId }, basket, hash, now, countries);
    });
  } catch (error) {
    // Another basket's call took this key between our check and our insert.
    if (isUniqueViolation(error, 'orders_idempotency_key')) {
      const existing = await orderByKey(queryOf(db), idempotencyKey);
      if (!existing) throw error;
      outcome = replayOf(existing, hash);
    } else if (isUniqueViolation(error, 'orders_basket_key')) {
      throw new AppError('basketAlreadyOrdered');
    } else throw error;
  }

  const orderId = 'replay' in outcome ? outcome.replay : outcome.created;
  let redirectUrl: string | null = null;
  // A new order has a payment exactly when it is paid online; a replay looks its payment up.
  const payment =
    'replay' in outcome
      ? (
          await db
            .select({ id: payments.id, redirectUrl: payments.redirectUrl, externalId: payments.externalId })
            .from(payments)
            .where(eq(payments.orderId, orderId))
        )[0]
      : outcome.paymentId
        ? { id: outcome.paymentId, redirectUrl: null, externalId: null }
        : undefined;
  if (payment) {
    // Also on a replay: finishes the job if the first call died before reaching the provider.
    const started = payment.externalId
      ? { redirectUrl: payment.redirectUrl }
      : await startPayment(deps, {
          paymentId: payment.id,
          details: { blikCode: input.blikCode, googlePayToken: input.googlePayToken, customerIp: call.customerIp },
          lang: input.lang ?? 'pl',
        });
    redirectUrl = started.redirectUrl;
  }
  const order = ('view' in outcome ? outcome.view : null) ?? (await loadOrderView(db, orderId, deps.now()));
  if (!order) throw new Error(`order ${orderId} vanished`);
  return {
    order,
    accessToken: 'accessToken' in outcome ? outcome.accessToken : orderAccessToken(env.orderTokenSecret, orderId),
    redirectUrl: order.payment?.status === 'pending' ? redirectUrl : null,
    replayed: 'replay' in outcome,
  };
}

const PROBLEM_ORDER = ['paymentMethodUnavailable', 'blikCodeMustBeNumber', 'blikCode', 'consentRequired'];

async function createOrder(
  tx: Transaction,
  deps: Pick<AppDeps, 'env' | 'now' | 'payments'>,
  call: {
    basketId: string;
    user: SessionUser | null;
    channel: Channel;
    idempotencyKey: string;
    input: PlaceOrderInput;
  },
  basket: PricedBasket,
  hash: string,
  now: Date,
  configuredPayments: Set<string>,
): Promise<Created> {
  const { input, channel, user } = call;
  const restaurant = basket.restaurant!;
  const location = basket.location!;
  const country = location.country;
  const pickup = basket.deliveryMethod === 'pickup';

  // Customer details first: the form is what the customer can fix right away.
  const formErrors = validate(pickup ? pickupCheckoutFormRules : checkoutFormRules, input, { country });
  if (Object.keys(formErrors).length > 0) throw new RuleError('validation', 'checkout form', formErrors);

  // The basket's own coordinates are the customer's when the form keeps the basket's address.
  const sameAddress = basket.address && basket.address.zip.trim() === input.zip?.trim();
  const point = {
    zip: input.zip ?? null,
    lat: input.lat ?? (sameAddress ? basket.address?.lat : null) ?? null,
    lng: input.lng ?? (sameAddress ? basket.address?.lng : null) ?? null,
  };
  const problems = checkoutProblems({
    restaurant: {
      id: restaurant.id,
      locationId: location.id,
      isEnabled: restaurant.isEnabled,
      hours: restaurant.hours,
      timeZone: restaurant.timeZone,
      deliveryArea: { polygon: restaurant.deliveryPolygon, zips: restaurant.deliveryZips },
    },
    items: basket.lines.map((l) => ({
      restaurantId: restaurant.id,
      locationId: location.id,
      unavailable: l.unavailable,
    })),
    summary: basket.summary,
    deliveryMethod: basket.deliveryMethod,
    address: point,
    discount: basket.discount ? { exists: true, active: basket.discount.active } : null,
    payment: { method: input.paymentMethod, channel, country, blikCode: input.blikCode ?? null },
    consents: input.consents,
    now: Temporal.Instant.fromEpochMilliseconds(now.getTime()),
  });
  // The country's configured payments list narrows the rules further (data, not rules), and so does the
  // deployment: an online method no provider takes in this country cannot be paid.
  const paymentProvider = isOnlinePayment(input.paymentMethod)
    ? deps.payments.forMethod(country, input.paymentMethod)
    : null;
  if (
    !problems.includes('paymentMethodUnavailable') &&
    (!configuredPayments.has(country) || (isOnlinePayment(input.paymentMethod) && !paymentProvider))
  ) {
    const at = problems.findIndex((p) => PROBLEM_ORDER.includes(p));
    problems.splice(at === -1 ? problems.length : at, 0, 'paymentMethodUnavailable');
  }
  if (input.paymentMethod === 'googlePay' && !input.googlePayToken && !problems.includes('paymentMethodUnavailable'))
    throw validationError({ googlePayToken: 'notEmpty' });
  const [first] = problems;
  if (first) {
    const details: Record<string, unknown> = { problems };
    if (first === 'consentRequired')
      details['missing'] = requiredConsents(country, input.paymentMethod).filter((c) => input.consents[c] !== true);
    throw new RuleError(first, `checkout refused: ${first}`, details);
  }

  const online = isOnlinePayment(input.paymentMethod);
  const { summary } = basket;
  const discount: OrderRecord['discount'] = basket.discount
    ? {
        code: basket.discount.code,
        type: basket.discount.type,
        value: basket.discount.value,
        country: basket.discount.country,
        orderDiscountValue: summary.discountValue,
      }
    : null;
  const customer = {
    firstname: input.firstname!.trim(),
    lastname: input.lastname!.trim(),
    phone: input.phone!.trim(),
    email: input.email!.trim(),
    ...(pickup
      ? {}
      : {
          street: input.street!.trim(),
          streetNo: input.streetNo!.trim(),
          ...(input.aptNo?.trim() ? { aptNo: input.aptNo.trim() } : {}),
          city: input.city!.trim(),
          zip: input.zip!.trim(),
        }),
  };
  const staff = user && user.role !== 'user' && channel !== 'web';
  const orderId = crypto.randomUUID();
  const accessToken = orderAccessToken(deps.env.orderTokenSecret, orderId);
  const order: OrderRecord = {
    id: orderId,
    basketId: basket.id,
    displayId: displayId(basket.id),
    status: online ? 'waiting_for_payment' : 'new',
    source: channel,
    deliveryType: basket.deliveryMethod,
    paymentMethod: input.paymentMethod,
    paymentType: online ? 'online' : input.paymentMethod === 'cashOnDelivery' ? 'cash' : 'card',
    restaurantId: restaurant.id,
    userId: staff ? null : (user?.id ?? basket.userId),
    createdByUserId: user?.id ?? null,
    discountCodeId: basket.discount?.id ?? null,
    discount,
    currency: basket.currency,
    value: summary.productsValue,
    deliveryCosts: summary.deliveryValue,
    discountValue: summary.discountValue,
    serviceFee: summary.serviceFee,
    extraFee: summary.extraFee,
    total: summary.totalValue,
    customer,
    comment: input.comment?.trim() ?? '',
    lang: input.lang ?? null,
    consents: Object.fromEntries(CONSENT_KEYS.map((k) => [k, input.consents[k as Consent] === true])),
    accessTokenHash: hashAccessToken(accessToken),
    idempotencyKey: call.idempotencyKey,
    requestHash: hash,
    acceptDeadline: online ? null : new Date(now.getTime() + restaurant.acceptanceMinutes * 60_000),
    paidAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const lines = basket.lines.map((line, i) => ({
    line: i,
    menuItemId: line.menuItemId,
    name: line.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    value: line.totalPrice,
  }));
  const mods = basket.lines.flatMap((line, i) =>
    line.options.map((o) => ({
      line: i,
      modifierOptionId: o.id,
      groupName: o.groupName,
      name: o.name,
      value: o.price,
    })),
  );
  const paymentId = online ? crypto.randomUUID() : null;
  const email = online
    ? null
    : orderConfirmationEmail(deps.env, {
        id: orderId,
        displayId: order.displayId,
        email: customer.email,
        currency: basket.currency,
        total: summary.totalValue,
        restaurantName: restaurant.name,
        country,
        lang: input.lang ?? null,
        items: basket.lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          value: line.totalPrice,
          mods: line.options.map((o) => o.name),
        })),
      });
  const audit = {
    source: channel,
    paymentMethod: input.paymentMethod,
    total: summary.totalValue,
    currency: basket.currency,
  };

  // The writes and the COMMIT in one round trip; a failed write turns the COMMIT into a rollback.
  const [[written]] = await Promise.all([
    tx.query(PLACE_ORDER_SQL, [
      order.id,
      order.basketId,
      order.displayId,
      order.status,
      order.source,
      order.deliveryType,
      order.paymentMethod,
      order.paymentType,
      order.restaurantId,
      order.userId,
      order.createdByUserId,
      order.discountCodeId,
      discount && JSON.stringify(discount),
      order.currency,
      order.value,
      order.deliveryCosts,
      order.discountValue,
      order.serviceFee,
      order.extraFee,
      order.total,
      JSON.stringify(customer),
      order.comment,
      JSON.stringify(order.consents),
      order.accessTokenHash,
      order.idempotencyKey,
      order.requestHash,
      order.acceptDeadline?.toISOString() ?? null,
      now.toISOString(),
      JSON.stringify(lines),
      JSON.stringify(mods),
      paymentId,
      paymentProvider?.name ?? null,
      JSON.stringify(audit),
      email && JSON.stringify({ html: null, ...email }),
      order.lang,
    ]),
    tx.commit(),
  ]);
  if (!written?.['placed'])
    throw new RuleError('discountNotActive', 'the code was used up meanwhile', { problems: ['discountNotActive'] });
  // Invariants of the statement; were one broken, a retry with the same key would answer the committed order.
  const expected = {
    items: lines.length,
    mods: mods.length,
    baskets: 1,
    audits: 1,
    payments: paymentId ? 1 : 0,
    emails: email ? 1 : 0,
  };
  if (Object.entries(expected).some(([rows, n]) => written[rows] !== n))
    throw new Error(`place-order wrote other rows than it meant to: ${JSON.stringify(written)}`);

  // Without an online payment nothing changes the order before the commit, so its view is what was written.
  const view = online
    ? null
    : (orderViews(
        [
          {
            order,
            restaurantSlug: restaurant.slug,
            restaurantName: restaurant.name,
            restaurantPhone: restaurant.phone,
            acceptanceMinutes: restaurant.acceptanceMinutes,
            preparationMinutes: restaurant.preparationMinutes,
            country,
          },
        ],
        [
          lines.map((l) => ({
            id: l.line,
            orderId,
            menuItemId: l.menuItemId,
            name: l.name,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            value: l.value,
          })),
          [],
          mods.map((m, id) => ({
            id,
            orderItemId: m.line,
            modifierOptionId: m.modifierOptionId,
            groupName: m.groupName,
            name: m.name,
            value: m.value,
          })),
        ],
        deps.now(),
      )[0] ?? null);
  return { created: orderId, accessToken, paymentId, view };
}
