import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Tx } from '#db/client.ts';
import {
  auditLog,
  baskets,
  discountCodes,
  orderItemMods,
  orderItems,
  orders,
  paymentOptions,
  payments,
} from '#db/schema/index.ts';
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
import { AppError } from '#server/errors.ts';
import type { SessionUser } from '#server/services/auth/sessions.ts';
import { loadPricedBasket, type PricedBasket } from '../basket/priced.ts';
import { paymentProvider } from '../payments/provider.ts';
import { startPayment } from '../payments/start.ts';
import { hashAccessToken, orderAccessToken, type Lang } from './access-token.ts';
import { orderConfirmationEmail } from './confirmation.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { announceOrderChange } from './events.ts';
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

async function orderByKey(db: AppDeps['db'] | Tx, key: string): Promise<Existing | undefined> {
  const [row] = await db
    .select({ id: orders.id, requestHash: orders.requestHash, basketId: orders.basketId })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return row;
}

/** The countries whose configured payments list offers `method` on `channel` (data, not rules). */
async function configuredCountries(tx: Tx, method: PaymentMethod, channel: Channel): Promise<Set<string>> {
  const rows = await tx
    .select({ country: paymentOptions.country })
    .from(paymentOptions)
    .where(
      and(
        eq(paymentOptions.name, method),
        eq(paymentOptions.status, 'active'),
        sql`${channel} = any(${paymentOptions.availableFor})`,
      ),
    );
  return new Set(rows.map((r) => r.country));
}

function replayOf(existing: Existing, hash: string): { replay: string } {
  if (existing.requestHash !== hash) throw new AppError('idempotencyKeyReused', 409);
  return { replay: existing.id };
}

/**
 * Places an order from the caller's basket: one transaction that locks the basket, prices it from the database,
 * checks every rule, redeems the discount code atomically and turns the basket into an order. Idempotent under
 * `idempotencyKey`: a repeat with the same body answers the same order, a repeat with another body is refused.
 * Online payments are registered with the provider after the commit (see startPayment).
 */
export async function placeOrder(
  deps: Pick<AppDeps, 'db' | 'env' | 'now'>,
  call: {
    basketId: string | null;
    user: SessionUser | null;
    channel: Channel;
    idempotencyKey: string;
    input: PlaceOrderInput;
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
  if (!basketId) throw new AppError('basketEmpty', 400);
  const hash = requestHash(basketId, channel, input);

  let outcome: { created: string; paymentId: string | null; view: OrderView | null } | { replay: string };
  try {
    outcome = await db.transaction(async (tx) => {
      // Every call for this basket queues here, so identical concurrent calls see the first one's order.
      const [locked] = await tx
        .select({ id: baskets.id, status: baskets.status, userId: baskets.userId })
        .from(baskets)
        .where(eq(baskets.id, basketId))
        .for('update');
      // A user's basket is ordered only by that user, whoever else holds its cookie; a repeat of a call that
      // succeeded still answers its order (the key decides, as it did before the lock).
      if (!locked || (locked.userId !== null && locked.userId !== call.user?.id)) {
        const existing = await orderByKey(tx, idempotencyKey);
        if (existing) return replayOf(existing, hash);
        throw new AppError('basketEmpty', 400);
      }
      // Read after the lock (a new statement sees what the call we queued behind committed), all sent at once.
      const [again, basket, configured] = await Promise.all([
        orderByKey(tx, idempotencyKey),
        loadPricedBasket(tx, basketId, now),
        configuredCountries(tx, input.paymentMethod, channel),
      ]);
      if (again) return replayOf(again, hash);
      if (locked.status !== 'collecting') throw new AppError('basketAlreadyOrdered', 409);
      if (!basket || !basket.restaurant || !basket.location || basket.lines.length === 0)
        throw new AppError('basketEmpty', 400);
      return createOrder(tx, deps, { ...call, basketId }, basket, hash, now, configured);
    });
  } catch (error) {
    // Another basket's call took this key between our check and our insert.
    if (isUniqueViolation(error, 'orders_idempotency_key')) {
      const existing = await orderByKey(db, idempotencyKey);
      if (!existing) throw error;
      outcome = replayOf(existing, hash);
    } else if (isUniqueViolation(error, 'orders_basket_key')) {
      throw new AppError('basketAlreadyOrdered', 409);
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
          details: { blikCode: input.blikCode, googlePayToken: input.googlePayToken },
          lang: input.lang ?? 'pl',
        });
    redirectUrl = started.redirectUrl;
  }
  const order = ('view' in outcome ? outcome.view : null) ?? (await loadOrderView(db, orderId, deps.now()));
  if (!order) throw new Error(`order ${orderId} vanished`);
  return {
    order,
    accessToken: orderAccessToken(env.paymentWebhookSecret, orderId),
    redirectUrl: order.payment?.status === 'pending' ? redirectUrl : null,
    replayed: 'replay' in outcome,
  };
}

const PROBLEM_ORDER = ['paymentMethodUnavailable', 'blikCodeMustBeNumber', 'blikCode', 'consentRequired'];

async function createOrder(
  tx: Tx,
  deps: Pick<AppDeps, 'env' | 'now'>,
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
): Promise<{ created: string; paymentId: string | null; view: OrderView | null }> {
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
  // The country's configured payments list narrows the rules further (data, not rules).
  if (!problems.includes('paymentMethodUnavailable') && !configuredPayments.has(country)) {
    const at = problems.findIndex((p) => PROBLEM_ORDER.includes(p));
    problems.splice(at === -1 ? problems.length : at, 0, 'paymentMethodUnavailable');
  }
  if (input.paymentMethod === 'googlePay' && !input.googlePayToken && !problems.includes('paymentMethodUnavailable'))
    throw new AppError('validation', 400, { googlePayToken: 'notEmpty' });
  const [first] = problems;
  if (first) {
    const details: Record<string, unknown> = { problems };
    if (first === 'consentRequired')
      details['missing'] = requiredConsents(country, input.paymentMethod).filter((c) => input.consents[c] !== true);
    throw new RuleError(first, `checkout refused: ${first}`, details);
  }

  const online = isOnlinePayment(input.paymentMethod);
  const { summary } = basket;
  let discount: (typeof orders.$inferInsert)['discount'] = null;
  // The atomic redemption: of N concurrent orders for the last use, exactly one gets a row back. It is sent
  // with the order's insert; when it fails the transaction rolls back, taking the order with it.
  const redemption = basket.discount
    ? tx
        .update(discountCodes)
        .set({ used: sql`${discountCodes.used} + 1` })
        .where(
          and(
            eq(discountCodes.id, basket.discount.id),
            eq(discountCodes.active, true),
            sql`${discountCodes.used} < ${discountCodes.quantity}`,
          ),
        )
        .returning({ id: discountCodes.id })
    : null;
  if (basket.discount) {
    discount = {
      code: basket.discount.code,
      type: basket.discount.type,
      value: basket.discount.value,
      country: basket.discount.country,
      orderDiscountValue: summary.discountValue,
    };
  }

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
  const displayed = displayId(basket.id);
  const insertOrder = tx
    .insert(orders)
    .values({
      id: orderId,
      basketId: basket.id,
      displayId: displayed,
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
      consents: Object.fromEntries(CONSENT_KEYS.map((k) => [k, input.consents[k as Consent] === true])),
      accessTokenHash: hashAccessToken(orderAccessToken(deps.env.paymentWebhookSecret, orderId)),
      idempotencyKey: call.idempotencyKey,
      requestHash: hash,
      acceptDeadline: online ? null : new Date(now.getTime() + restaurant.acceptanceMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();

  const [redeemed, [orderRow]] = await Promise.all([redemption, insertOrder]);
  if (redeemed && redeemed.length === 0)
    throw new RuleError('discountNotActive', 'the code was used up meanwhile', { problems: ['discountNotActive'] });

  // Every line in one insert; RETURNING answers in the order of the VALUES, which the check below holds it to.
  const items = await tx
    .insert(orderItems)
    .values(
      basket.lines.map((line) => ({
        orderId,
        menuItemId: line.menuItemId,
        name: line.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        value: line.totalPrice,
      })),
    )
    .returning();
  if (
    items.length !== basket.lines.length ||
    items.some(
      (item, i) => item.menuItemId !== basket.lines[i]!.menuItemId || item.quantity !== basket.lines[i]!.quantity,
    )
  )
    throw new Error('order items came back in another order than inserted');
  const mods = basket.lines.flatMap((line, i) =>
    line.options.map((o) => ({
      orderItemId: items[i]!.id,
      modifierOptionId: o.id,
      groupName: o.groupName,
      name: o.name,
      // A line priced 0 (resetPrices) charged nothing for its options either.
      value: line.unitPrice === 0 ? 0 : o.price,
    })),
  );

  const paymentId = online ? crypto.randomUUID() : null;
  // Independent writes, sent together.
  const [modRows] = await Promise.all([
    mods.length > 0 ? tx.insert(orderItemMods).values(mods).returning() : [],
    paymentId
      ? tx.insert(payments).values({
          id: paymentId,
          orderId,
          provider: paymentProvider(deps.env).name,
          method: input.paymentMethod,
          amount: summary.totalValue,
          currency: basket.currency,
          createdAt: now,
          updatedAt: now,
        })
      : null,
    tx.update(baskets).set({ status: 'created', updatedAt: now }).where(eq(baskets.id, basket.id)),
    tx.insert(auditLog).values({
      at: now,
      actorUserId: user?.id ?? null,
      action: 'order.placed',
      entity: 'order',
      entityId: orderId,
      data: {
        source: channel,
        paymentMethod: input.paymentMethod,
        total: summary.totalValue,
        currency: basket.currency,
      },
    }),
    online
      ? null
      : enqueueEmail(
          tx,
          orderConfirmationEmail(deps.env, {
            id: orderId,
            displayId: displayed,
            email: customer.email,
            currency: basket.currency,
            total: summary.totalValue,
            restaurantName: restaurant.name,
            country,
            items: basket.lines.map((line) => ({
              name: line.name,
              quantity: line.quantity,
              value: line.totalPrice,
              mods: line.options.map((o) => o.name),
            })),
          }),
        ),
    announceOrderChange(tx, orderId),
  ]);
  // Without an online payment nothing changes the order before the commit.
  // Made from the rows just written (RETURNING): the same view a read would give, without reading.
  const view = online
    ? null
    : (orderViews(
        [
          {
            order: orderRow!,
            restaurantSlug: restaurant.slug,
            restaurantName: restaurant.name,
            restaurantPhone: restaurant.phone,
            acceptanceMinutes: restaurant.acceptanceMinutes,
            preparationMinutes: restaurant.preparationMinutes,
            country,
          },
        ],
        [items, [], modRows],
        deps.now(),
      )[0] ?? null);
  return { created: orderId, paymentId, view };
}
