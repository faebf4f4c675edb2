import { map } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import type { ErrorKey } from '#domain/errors.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { $basket } from '#app/stores/basket.ts';
import { readAnswer } from '#app/api-answer.ts';

export type Reordered = InferResponseType<ApiClient['orders'][':id']['reorder']['$post'], 200>;

/**
 * "Order again" per order: `sending` while the API fills the basket; `told` when some lines were left out or cost
 * something else now, so the customer reads that before going to the basket; `failed` with the error key.
 */
export type ReorderState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'told'; missing: Reordered['missing']; changed: Reordered['changed'] }
  | { status: 'failed'; error: ErrorKey };

export const $reorders = map<Record<string, ReorderState>>({});

export const reorderState = (states: Record<string, ReorderState>, orderId: string): ReorderState =>
  states[orderId] ?? { status: 'idle' };

/**
 * Fills the basket with the order's items (POST /api/orders/:id/reorder). Resolves to true when the customer can go
 * to the basket at once (everything went in as it was); false when the page has something to tell first, or failed.
 * `token` is the order's access token; a logged-in owner's session is enough without it.
 */
export async function orderAgain(orderId: string, token: string | null, client: ApiClient = api): Promise<boolean> {
  $reorders.setKey(orderId, { status: 'sending' });
  const answer = await readAnswer(
    client.orders[':id'].reorder.$post({ param: { id: orderId }, query: token ? { token } : {} }),
  );
  if (!answer.ok) {
    $reorders.setKey(orderId, { status: 'failed', error: answer.key });
    return false;
  }
  const { basket, missing, changed } = answer.data;
  // The navbar's basket widget shows the new basket on this page too.
  $basket.set(basket);
  if (missing.length === 0 && changed.length === 0) {
    $reorders.setKey(orderId, { status: 'idle' });
    return true;
  }
  $reorders.setKey(orderId, { status: 'told', missing, changed });
  return false;
}
