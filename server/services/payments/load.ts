import { eq } from 'drizzle-orm';
import { orders, payments, restaurants } from '#db/schema/index.ts';
import type { AppDeps } from '#server/context.ts';
import { isUuid } from '#domain/ids.ts';

export type PaymentForBank = {
  id: string;
  orderId: string;
  status: string;
  method: string;
  amount: number;
  currency: string;
  externalId: string | null;
  provider: string;
  displayId: string;
  restaurantName: string;
};

/** What the sandbox bank page shows about the payment it is asked to authorise. */
export async function loadPaymentForBank(
  { db }: Pick<AppDeps, 'db'>,
  { paymentId }: { paymentId: string },
): Promise<PaymentForBank | null> {
  if (!isUuid(paymentId)) return null;
  const [row] = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      status: payments.status,
      method: payments.method,
      amount: payments.amount,
      currency: payments.currency,
      externalId: payments.externalId,
      provider: payments.provider,
      displayId: orders.displayId,
      restaurantName: restaurants.name,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(payments.id, paymentId));
  return row ?? null;
}
