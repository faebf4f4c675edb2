import { createHash } from 'node:crypto';
import type { Query } from '#db/raw.ts';
import * as ordersSql from '#db/statements/orders.ts';
import { run } from '#db/statements/statement.ts';
import { isUniqueViolation } from '#db/errors.ts';
import type { Channel } from '#domain/country.ts';
import { replayIfSameCall } from '../../idempotency.ts';
import type { PlaceOrderInput } from './input.ts';

// Every field the server reads, in a fixed order: a field added to the input but not here would let two
// different calls count as the same one.
const INPUT_KEYS = [
  'firstname',
  'lastname',
  'phone',
  'email',
  'street',
  'streetNo',
  'aptNo',
  'city',
  'zip',
  'lat',
  'lng',
  'comment',
  'paymentMethod',
  'blikCode',
  'googlePayToken',
  'lang',
] as const satisfies readonly (keyof PlaceOrderInput)[];

/** The consents an order records, ticked or not (the rest of the input's consents object is ignored). */
const CONSENT_KEYS = [
  'agree1',
  'agree2',
  'providerTerms',
  'orderWithObligation',
  'marketingSms',
  'marketingEmail',
] as const satisfies readonly (keyof PlaceOrderInput['consents'])[];

export const recordedConsents = (consents: PlaceOrderInput['consents']): Record<string, boolean> =>
  Object.fromEntries(CONSENT_KEYS.map((k) => [k, consents[k] === true]));

/** What makes two calls "the same": the basket, the channel and every field the server reads, in a fixed order. */
export function requestHash(basketId: string, channel: Channel, input: PlaceOrderInput): string {
  const canonical = {
    basketId,
    channel,
    ...Object.fromEntries(INPUT_KEYS.map((k) => [k, input[k] ?? null])),
    consents: recordedConsents(input.consents),
    // Only when asked for, so that the calls made before invoices existed keep their hash.
    ...(input.invoice ? { invoice: input.invoice } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export type Existing = { id: string; requestHash: string | null; basketId: string };

export async function orderByKey(query: Query, key: string): Promise<Existing | undefined> {
  const [row] = await run(query, ordersSql.orderByKey, { key });
  return row;
}

/** The earlier call's order when this call is its repeat; a key reused with another body is refused. */
export function replayOf(existing: Existing, hash: string): { replay: string } {
  return replayIfSameCall(existing.id, existing.requestHash, hash);
}

/**
 * Which race a failed write lost: another basket's call took this key between our check and our insert
 * ('key': answer that call's order), or another key ordered this basket meanwhile ('basket').
 */
export function lostRace(error: unknown): 'key' | 'basket' | null {
  if (isUniqueViolation(error, 'orders_idempotency_key')) return 'key';
  if (isUniqueViolation(error, 'orders_basket_key')) return 'basket';
  return null;
}
