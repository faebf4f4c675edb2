import { callProvider } from '../http.ts';
import type { RefundResult, StoredPayment } from '../../provider.ts';
import { init, PRZELEWY24, responseCode, transaction, type P24Connection } from './client.ts';

/** A refund of the payment's transaction; our refund id (its `refundsUuid` and `requestId`) makes a retry one refund. */
export async function refundTransaction(
  conn: P24Connection,
  payment: StoredPayment,
  amount: number,
  refundId: string,
): Promise<RefundResult> {
  const data = await transaction(conn, payment);
  if (!data?.orderId) return { externalId: refundId, status: 'failed' };
  // refundsUuid is at most 35 characters: our uuid without its hyphens. Both ids make a retry one refund.
  const uuid = refundId.replace(/-/g, '');
  const answer = await callProvider(conn.http, {
    provider: PRZELEWY24,
    operation: 'refund',
    paymentId: payment.id,
    amount,
    currency: payment.currency,
    idempotent: true,
    url: `${conn.api}/transaction/refund`,
    init: init(conn, 'POST', {
      requestId: uuid,
      refundsUuid: uuid,
      refunds: [{ orderId: data.orderId, sessionId: payment.id, amount, description: 'Zwrot' }],
    }),
    outcomeOf: (a) => responseCode(a.json),
  });
  const accepted =
    answer.status === 201 &&
    ((answer.json as { data?: { status?: boolean }[] }).data ?? []).every((r) => r.status === true);
  // 409: this refundsUuid was taken before, by our own earlier attempt whose answer was lost.
  return { externalId: uuid, status: accepted || answer.status === 409 ? 'succeeded' : 'failed' };
}
