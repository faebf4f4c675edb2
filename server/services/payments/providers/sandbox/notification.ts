import { type } from 'arktype';
import type { ReceivedNotification } from '../../provider.ts';
import { verifyBodySignature } from '../../signature.ts';

const notificationSchema = type({
  id: '0 < string <= 100',
  paymentId: 'string.uuid',
  externalId: '0 < string <= 100',
  status: "'paid' | 'failed' | 'canceled'",
  amount: 'number.integer >= 0',
  currency: "'PLN' | 'UAH' | 'EUR'",
});

/** A notification signed in `x-signature` with the webhook secret, JSON or form-encoded. */
export function readNotification(webhookSecret: string, rawBody: string, headers: Headers): ReceivedNotification {
  if (!verifyBodySignature(webhookSecret, rawBody, headers.get('x-signature') ?? undefined))
    return { kind: 'invalidSignature' };
  let parsed: unknown;
  // Providers post JSON or form-encoded bodies; a form carries text only, so the amount is read back as
  // the whole number it was.
  if (headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded') {
    const fields = Object.fromEntries(new URLSearchParams(rawBody));
    const amount = fields['amount'];
    parsed = { ...fields, amount: amount !== undefined && /^\d{1,12}$/.test(amount) ? Number(amount) : amount };
  } else {
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return { kind: 'malformed' };
    }
  }
  const result = notificationSchema(parsed);
  return result instanceof type.errors ? { kind: 'malformed' } : { kind: 'notification', notification: result };
}
