import type { PaymentNotification, Przelewy24Config, ReceivedNotification } from '../../provider.ts';
import { verify, type P24Connection } from './client.ts';
import { p24Sign, sameSign } from './sign.ts';

/**
 * A notification checked against its `sign` and our merchant, turned into ours. Przelewy24 notifies only
 * successful payments (and refunds, which change nothing here).
 */
export function readNotification(config: Przelewy24Config, rawBody: string): ReceivedNotification {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return { kind: 'invalidSignature' };
  }
  if (typeof body !== 'object' || body === null) return { kind: 'invalidSignature' };
  if ('refundsUuid' in body) {
    const expected = p24Sign({
      orderId: body['orderId'] as number,
      sessionId: body['sessionId'] as string,
      refundsUuid: body['refundsUuid'] as string,
      merchantId: body['merchantId'] as number,
      amount: body['amount'] as number,
      currency: body['currency'] as string,
      status: body['status'] as number,
      crc: config.crc,
    });
    return sameSign(expected, body['sign']) ? { kind: 'ignored' } : { kind: 'invalidSignature' };
  }
  const expected = p24Sign({
    merchantId: body['merchantId'] as number,
    posId: body['posId'] as number,
    sessionId: body['sessionId'] as string,
    amount: body['amount'] as number,
    originAmount: body['originAmount'] as number,
    currency: body['currency'] as string,
    orderId: body['orderId'] as number,
    methodId: body['methodId'] as number,
    statement: body['statement'] as string,
    crc: config.crc,
  });
  if (!sameSign(expected, body['sign'])) return { kind: 'invalidSignature' };
  if (body['merchantId'] !== config.merchantId || body['posId'] !== config.posId) return { kind: 'malformed' };
  const { sessionId, orderId, amount, currency } = body;
  if (
    typeof sessionId !== 'string' ||
    !Number.isSafeInteger(orderId) ||
    !Number.isSafeInteger(amount) ||
    typeof currency !== 'string'
  )
    return { kind: 'malformed' };
  // Przelewy24 notifies only successful payments, and repeats the notification until it is verified.
  return {
    kind: 'notification',
    notification: {
      id: String(orderId),
      paymentId: sessionId,
      externalId: String(orderId),
      status: 'paid',
      amount: amount as number,
      currency,
    },
  };
}

/** A `paid` notification counts only once its transaction is verified (false: Przelewy24 will notify again). */
export const confirmPaid = (conn: P24Connection, notification: PaymentNotification): Promise<boolean> =>
  verify(conn, notification.paymentId, Number(notification.externalId), notification.amount, notification.currency);
