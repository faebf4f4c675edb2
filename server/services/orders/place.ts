import { and, desc, eq } from 'drizzle-orm';
import { queryOf, transaction } from '#db/raw.ts';
import * as ordersSql from '#db/statements/orders.ts';
import { run } from '#db/statements/statement.ts';
import type { LegalEntity } from '#domain/invoice.ts';
import { baskets, payments } from '#db/schema/index.ts';
import type { AppDeps, ServiceCtx } from '#server/context.ts';
import { type Channel, isOnlinePayment } from '#domain/country.ts';
import { AppError } from '#server/errors.ts';
import { actorUserId } from '../actor.ts';
import { loadPricedBasket } from '../basket/priced.ts';
import { startPayment, type StartedPayment } from '../payments/start.ts';
import { orderAccessToken } from './access-token.ts';
import { draftOrder, isOrderable, type OrderableBasket, type OrderDraft } from './place/draft.ts';
import { lostRace, orderByKey, replayOf, requestHash } from './place/idempotency.ts';
import type { PlaceOrderInput } from './place/input.ts';
import { SlotTaken, writeOrder, type WrittenIds } from './place/write.ts';
import { RuleError } from '#domain/rule-error.ts';
import { autoAcceptOrder } from './auto-accept.ts';
import { loadOrderView, orderViews, type OrderView } from './view.ts';
import { isUuid } from '#domain/ids.ts';
import { Temporal } from 'temporal-polyfill';
import { SLOT_MINUTES, type SlotLoad } from '#domain/kitchen-capacity.ts';
import { KITCHEN_LIMITS } from '#domain/kitchen-settings.ts';
import { claimSlot, slotCounters } from './place/slots.ts';
import { customerHistory } from './place/promotion.ts';
import { countOrderPlaced } from '#server/observability/metrics.ts';
import { traced } from '#server/observability/tracing.ts';

export type { PlaceOrderInput } from './place/input.ts';

export type PlaceOrderCall = {
  /** The basket cookie's value, if any. */
  basketId: string | null;
  channel: Channel;
  idempotencyKey: string;
  input: PlaceOrderInput;
  /** The buyer's address as the edge trusts it (TRUST_PROXY); PayU asks for it with every order. */
  customerIp?: string | undefined;
};

export type PlacedOrder = {
  order: OrderView;
  accessToken: string;
  redirectUrl: string | null;
  /** True when this answer repeats an earlier call with the same Idempotency-Key. */
  replayed: boolean;
};

const MAX_KEY_LENGTH = 100;

/** The slots a promise may fall in: from the current one to past the longest horizon a kitchen may set. */
function loadWindowAt(now: Date) {
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  return {
    from: instant.subtract({ minutes: SLOT_MINUTES }),
    to: instant.add({ hours: 24 * (KITCHEN_LIMITS.horizonDays.max + 2) }),
  };
}

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

/** An order this call wrote, with what its answer's view is made of (the rows just written, nothing read back). */
type Created = {
  created: string;
  accessToken: string;
  paymentId: string | null;
  written: { draft: OrderDraft; basket: OrderableBasket; ids: WrittenIds; seller: LegalEntity | null };
};

/**
 * Places an order from the caller's basket: one transaction that locks the basket, prices it from the database,
 * checks every rule, redeems the discount code atomically and turns the basket into an order. Idempotent under
 * `idempotencyKey`: a repeat with the same body answers the same order, a repeat with another body is refused.
 * Online payments are registered with the provider after the commit (see startPayment).
 */
export function placeOrder(ctx: ServiceCtx<'db' | 'env' | 'payments'>, call: PlaceOrderCall): Promise<PlacedOrder> {
  return traced('orders.place', () => placeNewOrder(ctx, call));
}

async function placeNewOrder(ctx: ServiceCtx<'db' | 'env' | 'payments'>, call: PlaceOrderCall): Promise<PlacedOrder> {
  const { db, env, actor } = ctx;
  const { input, idempotencyKey, channel } = call;
  if (!idempotencyKey || idempotencyKey.length > MAX_KEY_LENGTH) throw new AppError('idempotencyKeyRequired');
  const now = ctx.now();
  const userId = actorUserId(actor);
  const basketId = isUuid(call.basketId)
    ? call.basketId
    : actor.kind === 'customer'
      ? await latestUserBasket(db, actor.user.id)
      : null;
  if (!basketId) throw new AppError('basketEmpty');
  const hash = requestHash(basketId, channel, input);

  // One try: a transaction of two round trips. `queued`: behind the kitchen's lock (a try after a full slot).
  const attempt = (queued: boolean) =>
    transaction(db, async (tx): Promise<Created | { replay: string }> => {
      // BEGIN, the lock and the reads travel together and run in this order: every call for this basket
      // queues at the lock, so the reads behind it (new statements) see what the call ahead committed.
      // The slot counters are read without the kitchen's lock: the write counts the order up in one stripe of its
      // slot only while that stripe still has room, and when it had none place-order tries again, then queued behind
      // the kitchen's lock with the others that lost one (decision 053). Still the one round trip.
      const [[locked], , again, basket, configured, counters, history] = await Promise.all([
        run(tx.query, ordersSql.lockBasketToOrder, { basketId }),
        queued ? run(tx.query, ordersSql.lockKitchenOfBasket, { basketId }) : null,
        orderByKey(tx.query, idempotencyKey),
        loadPricedBasket(tx.query, basketId, now),
        run(tx.query, ordersSql.configuredCountries, { method: input.paymentMethod, channel }),
        slotCounters(tx.query, basketId, loadWindowAt(now)),
        customerHistory(tx.query, basketId, { userId, email: input.email, phone: input.phone }),
      ]);
      if (again) return replayOf(again, hash);
      // A user's basket is ordered only by that user, whoever else holds its cookie; a basket staff built for a
      // caller only by that staff member, acting for the caller (and never from a shop page).
      if (!basket || (basket.userId !== null && basket.userId !== userId)) throw new AppError('basketEmpty');
      const builtBy = locked?.builtBy ?? null;
      if (builtBy !== (actor.kind === 'staff' ? actor.user.id : null)) throw new AppError('basketEmpty');
      if (basket.status !== 'collecting') throw new AppError('basketAlreadyOrdered');
      if (!isOrderable(basket)) throw new AppError('basketEmpty');

      const country = basket.location.country;
      const option = configured.find((r) => r.country === country);
      // The deployment narrows the methods too: an online method no provider takes in this country cannot be paid.
      const provider = isOnlinePayment(input.paymentMethod)
        ? ctx.payments.forMethod(country, input.paymentMethod)
        : null;
      const orderId = crypto.randomUUID();
      const accessToken = orderAccessToken(env.orderTokenSecret, orderId);
      const seller = locked?.seller ?? null;
      const drafted = (load: ReadonlyMap<number, SlotLoad>) =>
        draftOrder({
          basket,
          input,
          actor,
          channel,
          idempotencyKey,
          requestHash: hash,
          offered: option !== undefined,
          paymentHours: option?.hours ?? null,
          now,
          ids: { order: orderId, payment: crypto.randomUUID() },
          accessToken,
          paymentProvider: provider?.name ?? null,
          config: env,
          seller,
          load,
          history,
        });
      // Where no stripe of the slot fits the order alone, this books the slot as a whole (more round trips, rare).
      const kitchen = basket.kitchen;
      const limited = kitchen !== null && (kitchen.slotOrders !== null || kitchen.slotItems !== null);
      const { draft, claim } = await claimSlot(tx.query, {
        kitchen: limited
          ? { locationId: basket.location.id, capacity: { orders: kitchen.slotOrders, items: kitchen.slotItems } }
          : null,
        counters,
        items: basket.lines.reduce((n, line) => n + line.quantity, 0),
        queued,
        draftAt: drafted,
        slotOf: (d) => d.order.scheduledFor,
      });
      const ids = await writeOrder(tx, draft, claim);
      return {
        created: orderId,
        accessToken,
        paymentId: draft.payment?.id ?? null,
        written: { draft, basket, ids, seller },
      };
    });

  let outcome: Created | { replay: string };
  try {
    outcome = await placeInFreeSlot(attempt);
  } catch (error) {
    const race = lostRace(error);
    if (race === 'key') {
      const existing = await orderByKey(queryOf(db), idempotencyKey);
      if (!existing) throw error;
      outcome = replayOf(existing, hash);
    } else if (race === 'basket') {
      throw new AppError('basketAlreadyOrdered');
    } else throw error;
  }

  if ('written' in outcome) countOrderPlaced(channel, outcome.written.basket.location.country, input.paymentMethod);
  const orderId = 'replay' in outcome ? outcome.replay : outcome.created;
  // Paid on delivery, the order reached the kitchen with this commit: a restaurant that accepts by itself does so
  // now (its own transaction; the sweeper accepts it should this process die first). The answer then reads it back.
  const autoAccepted =
    'written' in outcome &&
    outcome.written.draft.order.status === 'new' &&
    outcome.written.basket.restaurant.autoAccept &&
    (await autoAcceptOrder(ctx, orderId));
  const started = await startPaymentOf(ctx, outcome, input, call.customerIp);
  // The order as written is the answer when nothing has changed it since: paid on delivery, or an online payment the
  // provider has taken as pending (the order waits for it, with the redirect the start stored). A payment settled at
  // once (paid or declined) changed the order, and a replay wrote nothing: those are read back.
  const order =
    ('written' in outcome && !autoAccepted && (outcome.paymentId === null || started?.status === 'pending')
      ? freshView(outcome.written, started, ctx.now())
      : null) ?? (await loadOrderView({ db, now: ctx.now }, { orderId }));
  if (!order) throw new Error(`order ${orderId} vanished`);
  return {
    order,
    accessToken: 'accessToken' in outcome ? outcome.accessToken : orderAccessToken(env.orderTokenSecret, orderId),
    redirectUrl: order.payment?.status === 'pending' ? (started?.redirectUrl ?? null) : null,
    replayed: 'replay' in outcome,
  };
}

/** Tries after the first, each behind the kitchen's lock: only the orders that take no lock can still beat one. */
const SLOT_RETRIES = 8;

/**
 * Places the order, again while its slot filled up between the read and the write (SlotTaken: nothing was written).
 * The first try takes no kitchen lock, so orders of one kitchen run side by side; the next ones queue behind it and
 * read the load afresh, where an ASAP order finds the next slot with room and a scheduled one in a full slot is
 * refused (slotUnavailable). A kitchen so busy that every try loses its slot refuses the order the same way.
 */
async function placeInFreeSlot<T>(attempt: (queued: boolean) => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt(tries > 0);
    } catch (error) {
      if (!(error instanceof SlotTaken)) throw error;
      if (tries >= SLOT_RETRIES)
        throw new RuleError('slotUnavailable', 'no slot kept its room', { problems: ['slotUnavailable'] });
    }
  }
}

/**
 * Registers the online payment with the provider, also on a replay: that finishes the job if the first call
 * died before reaching the provider. A new order has a payment exactly when it is paid online; a replay looks
 * its payment up.
 */
async function startPaymentOf(
  ctx: ServiceCtx<'db' | 'env' | 'payments'>,
  outcome: Created | { replay: string },
  input: PlaceOrderInput,
  customerIp: string | undefined,
): Promise<StartedPayment | null> {
  const payment =
    'replay' in outcome
      ? (
          await ctx.db
            .select({
              id: payments.id,
              orderId: payments.orderId,
              status: payments.status,
              redirectUrl: payments.redirectUrl,
              externalId: payments.externalId,
            })
            .from(payments)
            .where(eq(payments.orderId, outcome.replay))
        )[0]
      : outcome.paymentId
        ? { id: outcome.paymentId, orderId: outcome.created, status: 'pending', redirectUrl: null, externalId: null }
        : undefined;
  if (!payment) return null;
  if (payment.externalId) return { status: payment.status, redirectUrl: payment.redirectUrl };
  return startPayment(ctx, {
    paymentId: payment.id,
    orderId: payment.orderId,
    details: { blikCode: input.blikCode, googlePayToken: input.googlePayToken, customerIp },
    lang: input.lang ?? 'pl',
  });
}

/**
 * The answer's view of an order just written, from the draft and the ids the statement gave back; its online payment
 * as the start left it.
 */
function freshView(
  { draft, basket, ids: written, seller }: Created['written'],
  started: StartedPayment | null,
  now: Date,
): OrderView | null {
  const { order, payment } = draft;
  // The lines' brands as the basket holds them: a shared basket's (issue 35), else its one restaurant's. A line of a
  // brand it does not name is read back instead.
  const brands = (
    basket.brands.length > 0 ? basket.brands : [{ ...basket.restaurant, restaurantId: basket.restaurant.id }]
  ).map(({ restaurantId, slug, name, conceptSlug, conceptName }) => ({
    restaurantId,
    restaurantSlug: slug,
    restaurantName: name,
    conceptSlug,
    conceptName,
  }));
  if (written.lines.some((l) => !brands.some((b) => b.restaurantId === l.restaurantId))) return null;
  const [view] = orderViews(
    [
      {
        order,
        restaurantSlug: basket.restaurant.slug,
        restaurantName: basket.restaurant.name,
        restaurantPhone: basket.restaurant.phone,
        acceptanceMinutes: basket.restaurant.acceptanceMinutes,
        preparationMinutes: basket.restaurant.preparationMinutes,
        country: basket.location.country,
        street: basket.location.street,
        streetNo: basket.location.no,
        zip: basket.location.zip,
        city: basket.location.city,
        seller,
        invoiceRequest: draft.invoice ? { orderId: order.id, ...draft.invoice, createdAt: order.createdAt } : null,
        invoiceNumber: null,
      },
    ],
    [
      written.lines.map((l) => ({
        id: l.id,
        orderId: order.id,
        menuItemId: l.menuItemId,
        restaurantId: l.restaurantId,
        discounted: l.discounted,
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        value: l.value,
        allergens: l.allergens,
        mayContain: l.mayContain,
        vatRate: null,
      })),
      payment && started
        ? [
            {
              payment: {
                ...payment,
                orderId: order.id,
                status: started.status,
                externalId: null,
                providerOrderId: null,
                redirectUrl: started.redirectUrl,
                createdAt: order.createdAt,
                updatedAt: order.createdAt,
              },
              refund: null,
            },
          ]
        : [],
      written.mods.map((m) => ({
        id: m.id,
        orderItemId: m.orderItemId,
        modifierOptionId: m.modifierOptionId,
        groupName: m.groupName,
        name: m.name,
        value: m.value,
      })),
      brands,
    ],
    now,
  );
  return view ?? null;
}
