import { createHash, timingSafeEqual } from 'node:crypto';
import type { ReceivedNotification } from '../../provider.ts';
import { payuOrderState } from './client.ts';

/** `OpenPayu-Signature: sender=…;signature=…;algorithm=MD5|SHA-256;content=DOCUMENT`, hash of body + second key. */
export function verifyPayuSignature(rawBody: string, header: string | null, secondKey: string): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(';').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()];
    }),
  );
  const algorithm = ({ MD5: 'md5', 'SHA-256': 'sha256', SHA256: 'sha256' } as Record<string, string>)[
    (parts['algorithm'] ?? 'MD5').toUpperCase()
  ];
  const signature = parts['signature'];
  if (!algorithm || !signature || !/^[0-9a-f]+$/i.test(signature)) return false;
  const expected = createHash(algorithm)
    .update(rawBody + secondKey)
    .digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A notification signed in `OpenPayu-Signature` with the POS's second key, turned into ours. */
export function readNotification(secondKey: string, rawBody: string, headers: Headers): ReceivedNotification {
  if (!verifyPayuSignature(rawBody, headers.get('openpayu-signature'), secondKey)) return { kind: 'invalidSignature' };
  let parsed: {
    order?: { orderId?: string; extOrderId?: string; status?: string; totalAmount?: string; currencyCode?: string };
    refund?: unknown;
  };
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return { kind: 'malformed' };
  }
  if (parsed.refund && !parsed.order) return { kind: 'ignored' };
  const order = parsed.order;
  if (!order?.orderId || !order.extOrderId || !order.status || !/^\d+$/.test(order.totalAmount ?? ''))
    return { kind: 'malformed' };
  const state = payuOrderState(order.status);
  if (state === 'pending') return { kind: 'ignored' };
  return {
    kind: 'notification',
    notification: {
      // PayU repeats a notification until it is answered 200: the same order in the same status is one.
      id: `${order.orderId}:${order.status}`,
      paymentId: order.extOrderId,
      externalId: order.orderId,
      status: state,
      amount: Number(order.totalAmount),
      currency: order.currencyCode ?? '',
    },
  };
}
