import { map } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { api, type ApiClient } from '#app/api-client.ts';
import { $basket } from '#app/stores/basket.ts';

export type Reordered = InferResponseType<ApiClient['orders'][':id']['reorder']['$post'], 200>;

/**
 * "Order again" per order: `sending` while the API fills the basket; `told` when some lines were left out or cost
 * something else now, so the customer reads that before going to the basket; `failed` with the error key.
 */
export type ReorderState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'told'; missing: Reordered['missing']; changed: Reordered['changed'] }
  | { status: 'failed'; error: string };

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
  try {
    const response = await client.orders[':id'].reorder.$post({
      param: { id: orderId },
      query: token ? { token } : {},
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      $reorders.setKey(orderId, { status: 'failed', error: body.error ?? 'internalError' });
      return false;
    }
    const answer = await response.json();
    // The navbar's basket widget shows the new basket on this page too.
    $basket.set(answer.basket);
    if (answer.missing.length === 0 && answer.changed.length === 0) {
      $reorders.setKey(orderId, { status: 'idle' });
      return true;
    }
    $reorders.setKey(orderId, { status: 'told', missing: answer.missing, changed: answer.changed });
    return false;
  } catch {
    $reorders.setKey(orderId, { status: 'failed', error: 'internalError' });
    return false;
  }
}
