import { and, desc, eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { auditLog, locations, orders, payments, restaurants } from '#db/schema/index.ts';
import type { ServiceCtx } from '#server/context.ts';
import type { Tx } from '#db/client.ts';
import { checkBlikCode } from '#domain/checkout.ts';
import { type Channel, isOnlinePayment, type PaymentMethod, requiresProviderTerms } from '#domain/country.ts';
import { RuleError } from '#domain/errors.ts';
import { type Country, countryOf } from '#domain/money.ts';
import { paymentDeadline } from '#domain/orders.ts';
import { AppError, validationError } from '#server/errors.ts';
import { actorUserId } from '../actor.ts';
import { replayIfSameCall } from '../idempotency.ts';
import { changeStatusInTx } from '../orders/change-status.ts';
import { autoAcceptInTx } from '../orders/auto-accept.ts';
import { enqueueOrderConfirmation } from '../orders/confirmation.ts';
import { announceOrderChange, transactionAnnouncing } from '../orders/events.ts';
import { loadOrderView, type OrderView } from '../orders/view.ts';
import type { Lang } from '../orders/access-token.ts';
import { isLocale } from '#domain/locales.ts';
import { listPaymentMethods, type PaymentMethods } from './list-methods.ts';
import { startPayment } from './start.ts';

export type RetryPaymentInput = {
  method: PaymentMethod;
  blikCode?: string | undefined;
  googlePayToken?: string | undefined;
  consents?: { providerTerms?: boolean | undefined } | undefined;
  lang?: Lang | undefined;
};

export type RetriedPayment = {
  order: OrderView;
  redirectUrl: string | null;
  /** True when this answer repeats an earlier call with the same Idempotency-Key. */
  replayed: boolean;
};

const RETRY_ACTION = 'order.paymentRetry';

const isLang = (value: string | null): value is Lang => isLocale(value);

export type RetryPaymentCall = {
  orderId: string;
  channel: Channel;
  idempotencyKey: string;
  input: RetryPaymentInput;
  customerIp?: string;
};

/** An attempt as its key's audit row records it: the method, never a Blik code or a Google Pay token. */
type Attempt = { method: PaymentMethod; paymentId: string | null };

/** What the retry's transaction gives the steps after its commit. */
type Outcome = Attempt & { replayed: boolean; lang: Lang };

/**
 * Pays again for an order whose online payment failed or was canceled, or whose bank transfer waits at a bank page the
 * customer left, without building the basket again: a new payment of the same amount through the provider that
 * takes the method in the order's country, or — where the channel offers it — payment on delivery, which sends the
 * order to the restaurant (new) as place-order does.
 *
 * Named steps, as place-order's: in one transaction holding the order row (`lockOrder`), the idempotency check
 * (`attemptByKey`, then `replayIfSameCall`, place-order's helper), decide (`decideRetry`: the rules) and write
 * (`writeRetry`: the order, the payment or the move to the kitchen, the key's record); the announcement follows the
 * commit (transactionAnnouncing). Then start payment (`startRetriedPayment`: the provider is called after the
 * commit, as for a new order) and the answer, the order read back.
 *
 * Two clicks queue at the order row's lock: the second finds the first's audit row under the same Idempotency-Key
 * and answers the same attempt. The key's record is that audit row (entity order, action order.paymentRetry); it
 * stores the method, never a Blik code or a Google Pay token, so a repeat with the same key and method answers the
 * first attempt, whatever code it carries.
 */
export async function retryPayment(
  deps: ServiceCtx<'db' | 'env' | 'now' | 'payments'>,
  call: RetryPaymentCall,
): Promise<RetriedPayment> {
  const { input, orderId } = call;
  const now = deps.now();

  const outcome = await transactionAnnouncing(deps.db, async (tx): Promise<Outcome> => {
    const order = await lockOrder(tx, orderId);
    const lang: Lang = input.lang ?? (isLang(order.lang) ? order.lang : 'pl');
    const earlier = await attemptByKey(tx, orderId, call.idempotencyKey);
    if (earlier) return { ...replayIfSameCall(earlier, earlier.method, input.method).replay, replayed: true, lang };

    const country = countryOf(order.country);
    const retry = await decideRetry({ ...deps, db: tx }, { order, country, call, now });
    const paymentId = await writeRetry(tx, deps, { order, retry, call, now });
    return { method: input.method, paymentId, replayed: false, lang };
  });

  const redirectUrl = await startRetriedPayment(deps, outcome, call);
  const order = await loadOrderView(deps, { orderId });
  if (!order) throw new Error(`order ${orderId} vanished`);
  return {
    order,
    redirectUrl: order.payment?.status === 'pending' ? redirectUrl : null,
    replayed: outcome.replayed,
  };
}

type LockedOrder = {
  status: string;
  createdAt: Date;
  total: number;
  currency: string;
  consents: Record<string, unknown>;
  lang: string | null;
  country: string;
};

/** The order row, locked for the whole check-and-write, with its kitchen's country. */
async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrder> {
  const [order] = await tx
    .select({
      status: orders.status,
      createdAt: orders.createdAt,
      total: orders.total,
      currency: orders.currency,
      consents: orders.consents,
      lang: orders.lang,
      country: locations.country,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  if (!order) throw new AppError('notFound');
  return order;
}

/** The attempt an earlier call recorded under this Idempotency-Key, if any. */
async function attemptByKey(tx: Tx, orderId: string, idempotencyKey: string): Promise<Attempt | undefined> {
  const [earlier] = await tx
    .select({ data: auditLog.data })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'order'),
        eq(auditLog.entityId, orderId),
        eq(auditLog.action, RETRY_ACTION),
        sql`${auditLog.data}->>'idempotencyKey' = ${idempotencyKey}`,
      ),
    )
    .limit(1);
  return earlier?.data as Attempt | undefined;
}

/** What the rules allow this attempt to write. */
type Retry = {
  online: boolean;
  providerTerms: boolean;
  /** The provider of an online attempt, and when its payment is dated. */
  payment: { provider: string; createdAt: Date } | null;
};

/**
 * The retry's rules, in the order their errors are answered: the order still waits for payment within its time, no
 * payment is under way, the method is offered now, its code or token is there, the provider's terms are accepted.
 */
async function decideRetry(
  ctx: ServiceCtx<'db' | 'env' | 'payments'>,
  { order, country, call, now }: { order: LockedOrder; country: Country; call: RetryPaymentCall; now: Date },
): Promise<Retry> {
  const { input, orderId, channel } = call;
  const deadline = paymentDeadline(Temporal.Instant.fromEpochMilliseconds(order.createdAt.getTime()));
  const overdue = Temporal.Instant.compare(Temporal.Instant.fromEpochMilliseconds(now.getTime()), deadline) >= 0;
  // Past the payment time the sweep is about to cancel the order: a payment started now would be refunded.
  if (order.status !== 'waiting_for_payment' || overdue) throw new AppError('orderNotAwaitingPayment');
  const earlierPayments = await ctx.db
    .select({ status: payments.status, createdAt: payments.createdAt, redirectUrl: payments.redirectUrl })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt));
  // A Blik approval on its way (or a payment still being started) may complete any moment: a second payment now
  // could take the money twice. A bank page waiting for the customer is not under way: they may have left it for
  // good, and the order's 15 minutes run on, so they may pay another way; should they still pay at that bank
  // later, that money is refunded (apply.ts, paidTwice).
  if (earlierPayments.some((p) => p.status === 'pending' && !p.redirectUrl)) throw new AppError('paymentInProgress');

  const offered: PaymentMethods = await listPaymentMethods(ctx, { country, channel });
  const method = offered.methods.find((m) => m.id === input.method);
  if (!method?.availableNow) throw new RuleError('paymentMethodUnavailable', `${input.method} is not offered`);
  if (input.method === 'blik') checkBlikCode(input.blikCode ?? '');
  if (input.method === 'googlePay' && !input.googlePayToken) throw validationError({ googlePayToken: 'notEmpty' });
  const providerTerms = order.consents['providerTerms'] === true || input.consents?.providerTerms === true;
  if (requiresProviderTerms(input.method, country) && !providerTerms)
    throw new RuleError('consentRequired', 'the payment provider’s terms are not accepted', {
      missing: ['providerTerms'],
    });

  const online = isOnlinePayment(input.method);
  if (!online) return { online, providerTerms, payment: null };
  const provider = ctx.payments.forMethod(country, input.method);
  // The checks above refuse a method no provider takes (paymentMethodUnavailable).
  if (!provider) throw new Error(`no provider takes ${input.method} in ${country}`);
  // The order's payment is its newest attempt (view.ts): never dated at or before the one it follows.
  const last = earlierPayments[0]?.createdAt.getTime() ?? 0;
  return {
    online,
    providerTerms,
    payment: { provider: provider.name, createdAt: new Date(Math.max(now.getTime(), last + 1)) },
  };
}

/**
 * Writes the attempt: the order's method and consents; an online attempt's new payment (its start follows the
 * commit), or payment on delivery's move to the kitchen (new, the confirmation, a restaurant's own acceptance);
 * and the key's audit row. Answers the new payment's id.
 */
async function writeRetry(
  tx: Tx,
  ctx: Pick<ServiceCtx<'env'>, 'env' | 'actor'>,
  { order, retry, call, now }: { order: LockedOrder; retry: Retry; call: RetryPaymentCall; now: Date },
): Promise<string | null> {
  const { input, orderId } = call;
  await tx
    .update(orders)
    .set({
      paymentMethod: input.method,
      paymentType: retry.online ? 'online' : input.method === 'cashOnDelivery' ? 'cash' : 'card',
      consents: { ...order.consents, providerTerms: retry.providerTerms },
      updatedAt: now,
    })
    .where(eq(orders.id, orderId));

  let paymentId: string | null = null;
  if (retry.payment) {
    paymentId = crypto.randomUUID();
    const { provider, createdAt } = retry.payment;
    await tx.insert(payments).values({
      id: paymentId,
      orderId,
      provider,
      method: input.method,
      amount: order.total,
      currency: order.currency,
      createdAt,
      updatedAt: createdAt,
    });
    await announceOrderChange(tx, orderId);
  } else {
    await changeStatusInTx(tx, {
      orderId,
      to: 'new',
      reason: 'payOnDelivery',
      actor: ctx.actor,
      env: ctx.env,
      now,
    });
    await enqueueOrderConfirmation(tx, ctx.env, orderId);
    await autoAcceptInTx(tx, ctx.env, orderId, now);
  }
  await tx.insert(auditLog).values({
    at: now,
    actorUserId: actorUserId(ctx.actor),
    action: RETRY_ACTION,
    entity: 'order',
    entityId: orderId,
    data: { idempotencyKey: call.idempotencyKey, method: input.method, paymentId },
  });
  return paymentId;
}

/**
 * Registers the attempt's online payment with the provider, also on a replay: startPayment answers what is stored,
 * or finishes a start a crash interrupted. Answers the redirect the customer follows, if any.
 */
async function startRetriedPayment(
  ctx: ServiceCtx<'db' | 'env' | 'now' | 'payments'>,
  outcome: Outcome,
  call: RetryPaymentCall,
): Promise<string | null> {
  if (!outcome.paymentId) return null;
  const { input } = call;
  const started = await startPayment(ctx, {
    paymentId: outcome.paymentId,
    orderId: call.orderId,
    details: { blikCode: input.blikCode, googlePayToken: input.googlePayToken, customerIp: call.customerIp },
    lang: outcome.lang,
  });
  return started.redirectUrl;
}
