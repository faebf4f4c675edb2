import { and, eq } from 'drizzle-orm';
import { orders, payments, restaurants } from '#db/schema/index.ts';
import type { AppDeps } from '#server/app.ts';
import { isPaymentMethod } from '#server/domain/country.ts';
import type { Currency } from '#server/domain/money.ts';
import { orderAccessToken, summaryPath, type Lang } from '../orders/access-token.ts';
import { applyPaymentOutcome } from './apply.ts';
import { paymentProvider, type PaymentDetails } from './provider.ts';
import { processPendingRefunds } from './refunds.ts';

export type StartedPayment = { status: string; redirectUrl: string | null };

/**
 * Registers the order's payment with the provider, once. Runs after the order's transaction has committed
 * (no order row stays locked behind a provider call) and holds only this payment's row lock meanwhile: an
 * idempotent replay arriving during the call waits and then reads the stored answer, and a replay after a
 * crash between the two steps finishes the job instead of leaving the order unpayable.
 */
export async function startPayment(
  deps: Pick<AppDeps, 'db' | 'env' | 'now'>,
  input: { paymentId: string; details: PaymentDetails; lang: Lang },
): Promise<StartedPayment> {
  const provider = paymentProvider(deps.env);
  const outcome = await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select({
        id: payments.id,
        orderId: payments.orderId,
        method: payments.method,
        status: payments.status,
        amount: payments.amount,
        currency: payments.currency,
        externalId: payments.externalId,
        redirectUrl: payments.redirectUrl,
        displayId: orders.displayId,
        restaurantName: restaurants.name,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
      .where(eq(payments.id, input.paymentId))
      .for('update', { of: payments });
    if (!payment) throw new Error(`payment ${input.paymentId} does not exist`);
    if (payment.externalId !== null || payment.status !== 'pending' || !isPaymentMethod(payment.method)) {
      return { status: payment.status, redirectUrl: payment.redirectUrl, refundQueued: false };
    }
    const token = orderAccessToken(deps.env.orderTokenSecret, payment.orderId);
    const created = await provider.createPayment(
      {
        paymentId: payment.id,
        orderId: payment.orderId,
        amount: payment.amount,
        currency: payment.currency as Currency,
        description: `${payment.restaurantName} ${payment.displayId}`,
        returnUrl: new URL(summaryPath(input.lang, payment.orderId, token), deps.env.publicBaseUrl).toString(),
      },
      payment.method,
      input.details,
    );
    await tx
      .update(payments)
      .set({ externalId: created.externalId, redirectUrl: created.redirectUrl ?? null, updatedAt: deps.now() })
      .where(and(eq(payments.id, payment.id)));
    let refundQueued = false;
    if (created.status !== 'pending') {
      const applied = await applyPaymentOutcome(tx, deps.env, {
        paymentId: payment.id,
        outcome: created.status,
        now: deps.now(),
      });
      refundQueued = applied.applied && applied.refundQueued;
    }
    return { status: created.status, redirectUrl: created.redirectUrl ?? null, refundQueued };
  });
  if (outcome.refundQueued) await processPendingRefunds(deps, deps.now());
  return { status: outcome.status, redirectUrl: outcome.redirectUrl };
}
