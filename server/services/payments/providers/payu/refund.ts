import { callProvider } from '../http.ts';
import type { RefundResult, StoredPayment } from '../../provider.ts';
import { authorized, PAYU, payuOrderId, statusCode, type PayuConnection } from './client.ts';

/** A refund of the payment's PayU order, keyed by our `extRefundId`, so a retried refund is one refund. */
export async function refundOrder(
  conn: PayuConnection,
  payment: StoredPayment,
  amount: number,
  refundId: string,
): Promise<RefundResult> {
  const orderId = payuOrderId(payment);
  if (!orderId) return { externalId: refundId, status: 'failed' };
  const answer = await callProvider(conn.http, {
    provider: PAYU,
    operation: 'refund',
    paymentId: payment.id,
    amount,
    currency: payment.currency,
    idempotent: true,
    url: `${conn.config.baseUrl}/api/v2_1/orders/${encodeURIComponent(orderId)}/refunds`,
    init: await authorized(conn, {
      method: 'POST',
      body: JSON.stringify({ refund: { description: 'Zwrot', amount: String(amount), extRefundId: refundId } }),
    }),
    outcomeOf: statusCode,
  });
  const body = answer.json as { status?: { statusCode?: string }; refund?: { refundId?: string } } | null;
  // Accepted is as far as PayU's answer goes; it pays the refund out within days, as the spec promises.
  if (body?.status?.statusCode === 'SUCCESS')
    return { externalId: body.refund?.refundId ?? refundId, status: 'succeeded' };
  return { externalId: refundId, status: 'failed' };
}
