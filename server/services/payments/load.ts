import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { orders, payments, restaurants } from '#db/schema/index.ts';

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
export async function loadPaymentForBank(db: Db, paymentId: string): Promise<PaymentForBank | null> {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
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
