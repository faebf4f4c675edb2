import { and, desc, eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { auditLog, locations, orders, payments, restaurants } from '#db/schema/index.ts';
import type { ServiceCtx } from '#server/context.ts';
import { checkBlikCode } from '#domain/checkout.ts';
import { type Channel, isOnlinePayment, type PaymentMethod, requiresProviderTerms } from '#domain/country.ts';
import { RuleError } from '#domain/errors.ts';
import { countryOf } from '#domain/money.ts';
import { paymentDeadline } from '#domain/orders.ts';
import { AppError, validationError } from '#server/errors.ts';
import { actorUserId } from '../actor.ts';
import { changeStatusInTx } from '../orders/change-status.ts';
import { autoAcceptInTx } from '../orders/auto-accept.ts';
import { enqueueOrderConfirmation } from '../orders/confirmation.ts';
import { announceOrderChange, transactionAnnouncing } from '../orders/events.ts';
import { loadOrderView, type OrderView } from '../orders/view.ts';
import type { Lang } from '../orders/access-token.ts';
import { isLocale } from '#domain/locales.ts';
import { listPaymentMethods } from './methods.ts';
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

type Attempt = { method: PaymentMethod; paymentId: string | null };

/**
 * Pays again for an order whose online payment failed or was canceled, or whose bank transfer waits at a bank page the
 * customer left, without building the basket again: a new
 * payment of the same amount through the provider that takes the method in the order's country, or — where the
 * channel offers it — payment on delivery, which sends the order to the restaurant (new) as place-order does.
 *
 * One transaction holds the order row, so two clicks queue: the second finds the first's audit row under the same
 * Idempotency-Key and answers the same attempt. The key's record is that audit row (entity order, action
 * order.paymentRetry); it stores the method, never a Blik code or a Google Pay token, so a repeat with the same
 * key and method answers the first attempt, whatever code it carries. The provider is called after the commit
 * (startPayment), as for a new order.
 */
export async function retryPayment(
  deps: ServiceCtx<'db' | 'env' | 'now' | 'payments'>,
  call: {
    orderId: string;
    channel: Channel;
    idempotencyKey: string;
    input: RetryPaymentInput;
    customerIp?: string;
  },
): Promise<RetriedPayment> {
  const { input, orderId, channel } = call;
  const now = deps.now();

  const outcome = await transactionAnnouncing(
    deps.db,
    async (tx): Promise<Attempt & { replayed: boolean; lang: Lang }> => {
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
      const lang: Lang = input.lang ?? (isLang(order.lang) ? order.lang : 'pl');

      const [earlier] = await tx
        .select({ data: auditLog.data })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'order'),
            eq(auditLog.entityId, orderId),
            eq(auditLog.action, RETRY_ACTION),
            sql`${auditLog.data}->>'idempotencyKey' = ${call.idempotencyKey}`,
          ),
        )
        .limit(1);
      if (earlier) {
        const attempt = earlier.data as Attempt;
        if (attempt.method !== input.method) throw new AppError('idempotencyKeyReused');
        return { ...attempt, replayed: true, lang };
      }

      const deadline = paymentDeadline(Temporal.Instant.fromEpochMilliseconds(order.createdAt.getTime()));
      const overdue = Temporal.Instant.compare(Temporal.Instant.fromEpochMilliseconds(now.getTime()), deadline) >= 0;
      // Past the payment time the sweep is about to cancel the order: a payment started now would be refunded.
      if (order.status !== 'waiting_for_payment' || overdue) throw new AppError('orderNotAwaitingPayment');
      const earlierPayments = await tx
        .select({ status: payments.status, createdAt: payments.createdAt, redirectUrl: payments.redirectUrl })
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.createdAt));
      // A Blik approval on its way (or a payment still being started) may complete any moment: a second payment now
      // could take the money twice. A bank page waiting for the customer is not under way: they may have left it for
      // good, and the order's 15 minutes run on, so they may pay another way; should they still pay at that bank
      // later, that money is refunded (apply.ts, paidTwice).
      if (earlierPayments.some((p) => p.status === 'pending' && !p.redirectUrl))
        throw new AppError('paymentInProgress');

      const country = countryOf(order.country);
      const offered = await listPaymentMethods({ ...deps, db: tx }, { country, channel });
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
      await tx
        .update(orders)
        .set({
          paymentMethod: input.method,
          paymentType: online ? 'online' : input.method === 'cashOnDelivery' ? 'cash' : 'card',
          consents: { ...order.consents, providerTerms },
          updatedAt: now,
        })
        .where(eq(orders.id, orderId));

      let paymentId: string | null = null;
      if (online) {
        const provider = deps.payments.forMethod(country, input.method);
        // The checks above refuse a method no provider takes (paymentMethodUnavailable).
        if (!provider) throw new Error(`no provider takes ${input.method} in ${country}`);
        paymentId = crypto.randomUUID();
        // The order's payment is its newest attempt (view.ts): never dated at or before the one it follows.
        const last = earlierPayments[0]?.createdAt.getTime() ?? 0;
        const createdAt = new Date(Math.max(now.getTime(), last + 1));
        await tx.insert(payments).values({
          id: paymentId,
          orderId,
          provider: provider.name,
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
          actor: deps.actor,
          env: deps.env,
          now,
        });
        await enqueueOrderConfirmation(tx, deps.env, orderId);
        await autoAcceptInTx(tx, deps.env, orderId, now);
      }
      await tx.insert(auditLog).values({
        at: now,
        actorUserId: actorUserId(deps.actor),
        action: RETRY_ACTION,
        entity: 'order',
        entityId: orderId,
        data: { idempotencyKey: call.idempotencyKey, method: input.method, paymentId },
      });
      return { method: input.method, paymentId, replayed: false, lang };
    },
  );

  let redirectUrl: string | null = null;
  if (outcome.paymentId) {
    // Also on a replay: startPayment answers what is stored, or finishes a start a crash interrupted.
    const started = await startPayment(deps, {
      paymentId: outcome.paymentId,
      orderId,
      details: { blikCode: input.blikCode, googlePayToken: input.googlePayToken, customerIp: call.customerIp },
      lang: outcome.lang,
    });
    redirectUrl = started.redirectUrl;
  }
  const order = await loadOrderView(deps, { orderId });
  if (!order) throw new Error(`order ${orderId} vanished`);
  return {
    order,
    redirectUrl: order.payment?.status === 'pending' ? redirectUrl : null,
    replayed: outcome.replayed,
  };
}
