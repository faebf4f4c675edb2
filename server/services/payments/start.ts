import { lockOrderToChange } from '../orders/change-status.ts';
import { eq, sql } from 'drizzle-orm';
import { placeholderFor, reusable } from '#db/reusable.ts';
import { orders, payments, restaurants } from '#db/schema/index.ts';
import type { AppDeps } from '#server/context.ts';
import { isPaymentMethod } from '#domain/country.ts';
import type { Currency } from '#domain/money.ts';
import { orderAccessToken, statusPath, type Lang } from '../orders/access-token.ts';
import { orderLines } from '../orders/view.ts';
import { applyPaymentOutcome } from './apply.ts';
import { ProviderUnavailableError, type PaymentDetails, type PaymentOrder } from './provider.ts';
import { processPendingRefunds } from './process-refunds.ts';
import { transactionAnnouncing } from '../orders/events.ts';
import { log } from '#server/observability/log.ts';

export type StartedPayment = { status: string; redirectUrl: string | null };

// Every online payment starts through these: built once (decision 036).
const lockPaymentToStart = reusable((db) =>
  db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      method: payments.method,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      externalId: payments.externalId,
      redirectUrl: payments.redirectUrl,
      provider: payments.provider,
      displayId: orders.displayId,
      customer: orders.customer,
      deliveryCosts: orders.deliveryCosts,
      serviceFee: orders.serviceFee,
      extraFee: orders.extraFee,
      restaurantName: restaurants.name,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(payments.id, sql.placeholder('id')))
    .for('update', { of: payments }),
);
const recordCreated = reusable((db) =>
  db
    .update(payments)
    .set({
      externalId: placeholderFor<string>('externalId'),
      redirectUrl: placeholderFor<string | null>('redirectUrl'),
      updatedAt: placeholderFor<Date>('updatedAt'),
    })
    .where(eq(payments.id, sql.placeholder('id'))),
);

/**
 * Registers the order's payment with the provider, once. Runs after the order's transaction has committed
 * (no order row stays locked behind a provider call) and holds only this payment's row lock meanwhile: an
 * idempotent replay arriving during the call waits and then reads the stored answer, and a replay after a
 * crash between the two steps finishes the job instead of leaving the order unpayable.
 */
export async function startPayment(
  deps: Pick<AppDeps, 'db' | 'env' | 'now' | 'payments'>,
  input: {
    paymentId: string;
    details: PaymentDetails;
    lang: Lang;
    /** The payment's order: its lines (the provider is sent them) are read together with the lock. */
    orderId: string;
  },
): Promise<StartedPayment> {
  const outcome = await transactionAnnouncing(deps.db, async (tx) => {
    // The order first, then its payment: the one lock order (decision 040), sent together.
    const [lockedOrder, [payment], lines] = await Promise.all([
      lockOrderToChange(tx, { id: input.orderId }),
      lockPaymentToStart(tx, { id: input.paymentId }),
      orderLines(tx, { id: input.orderId }),
    ]);
    if (payment?.orderId !== input.orderId) throw new Error(`order ${input.orderId} has no payment ${input.paymentId}`);
    if (payment.externalId !== null || payment.status !== 'pending' || !isPaymentMethod(payment.method)) {
      return { status: payment.status, redirectUrl: payment.redirectUrl, refundQueued: false };
    }
    const provider = deps.payments.byName(payment.provider);
    if (!provider) throw new Error(`payment ${payment.id}: provider ${payment.provider} is not configured`);
    const token = orderAccessToken(deps.env.orderTokenSecret, payment.orderId);
    const customer = payment.customer as { email: string; firstname: string; lastname: string; phone: string };
    const order: PaymentOrder = {
      paymentId: payment.id,
      orderId: payment.orderId,
      amount: payment.amount,
      currency: payment.currency as Currency,
      description: `${payment.restaurantName} ${payment.displayId}`,
      returnUrl: new URL(statusPath(input.lang, payment.orderId, token), deps.env.publicBaseUrl).toString(),
      notifyUrl: new URL(`/api/payments/notify/${provider.name}`, deps.env.publicBaseUrl).toString(),
      buyer: {
        email: customer.email,
        firstName: customer.firstname,
        lastName: customer.lastname,
        phone: customer.phone,
        language: input.lang === 'ua' ? 'uk' : input.lang,
      },
      products: [
        // A line's value covers its options, so it is sent whole when it does not divide into unit prices.
        ...lines.map((l) =>
          l.value % l.quantity === 0
            ? { name: l.name, unitPrice: l.value / l.quantity, quantity: l.quantity }
            : { name: `${l.quantity} × ${l.name}`, unitPrice: l.value, quantity: 1 },
        ),
        ...(
          [
            ['Dostawa', payment.deliveryCosts],
            ['Opłata serwisowa', payment.serviceFee],
            ['Dopłata do małego zamówienia', payment.extraFee],
          ] as const
        )
          .filter(([, value]) => value > 0)
          .map(([name, value]) => ({ name, unitPrice: value, quantity: 1 })),
      ],
    };
    let created;
    try {
      created = await provider.createPayment(order, payment.method, input.details);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      // Nothing is known to have been created: the payment stays open, a repeat of the same order request
      // tries again, and the payment timeout cancels the order if the provider never comes back.
      log.warn(`payment ${payment.id}: ${error.message}`);
      return { status: 'pending', redirectUrl: null, refundQueued: false };
    }
    await recordCreated(tx, {
      id: payment.id,
      externalId: created.externalId,
      redirectUrl: created.redirectUrl ?? null,
      updatedAt: deps.now(),
    });
    let refundQueued = false;
    if (created.status !== 'pending') {
      const applied = await applyPaymentOutcome(tx, deps.env, {
        paymentId: payment.id,
        outcome: created.status,
        now: deps.now(),
        lockedOrder,
      });
      refundQueued = applied.applied && applied.refundQueued;
    }
    return { status: created.status, redirectUrl: created.redirectUrl ?? null, refundQueued };
  });
  if (outcome.refundQueued) await processPendingRefunds(deps, { now: deps.now() });
  return { status: outcome.status, redirectUrl: outcome.redirectUrl };
}
