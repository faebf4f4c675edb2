import { atom, task } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';

/**
 * The call centre following up an order (issue 37): a search by the caller's phone, e-mail or order number (sent in a
 * POST body: personal data stays out of the URL), the orders found, and one order opened with its live status and
 * history, to send its status link again or cancel it for the customer.
 */
type FoundOrder = InferResponseType<ApiClient['cc']['orders']['search']['$post'], 200>['orders'][number];
export type FollowedOrder = InferResponseType<ApiClient['cc']['orders'][':id']['$get'], 200>['order'];

export const $found = atom<FoundOrder[] | null>(null);
export const $followed = atom<FollowedOrder | null>(null);
export const $followBusy = atom(false);
/** What the last call refused with (an error key), shown next to the part of the screen that made it. */
export const $followFailure = atom<{ part: 'search' | 'order'; key: string } | null>(null);
/** What the last action did, said once to the agent (a status region). */
export const $followNotice = atom<{ kind: 'linkSent'; email: string } | { kind: 'canceled' } | null>(null);

async function busy(part: 'search' | 'order', fn: () => Promise<void>, quiet = false): Promise<void> {
  if (!quiet) {
    $followBusy.set(true);
    $followFailure.set(null);
  }
  try {
    await fn();
  } catch {
    if (!quiet) $followFailure.set({ part, key: 'internalError' });
  } finally {
    if (!quiet) $followBusy.set(false);
  }
}

export function searchOrders(query: string, client: ApiClient = api): Promise<void> {
  return task(() =>
    busy('search', async () => {
      $followNotice.set(null);
      const answer = await readAnswer(client.cc.orders.search.$post({ json: { query } }));
      if (!answer.ok) {
        $followFailure.set({ part: 'search', key: answer.key });
        return;
      }
      $followed.set(null);
      $found.set(answer.data.orders);
    }),
  );
}

/**
 * Opens an order, or reads it again (`quiet`: the screen's own refresh, which keeps the agent's notices and shows no
 * failure of its own: the next refresh tries again).
 */
export function openOrder(id: string, options: { quiet?: boolean } = {}, client: ApiClient = api): Promise<void> {
  return task(() =>
    busy(
      'order',
      async () => {
        const answer = await readAnswer(client.cc.orders[':id'].$get({ param: { id } }));
        if (!answer.ok) {
          if (!options.quiet) $followFailure.set({ part: 'order', key: answer.key });
          return;
        }
        if (!options.quiet) $followNotice.set(null);
        $followed.set(answer.data.order);
      },
      options.quiet,
    ),
  );
}

export function sendStatusLink(id: string, client: ApiClient = api): Promise<void> {
  return task(() =>
    busy('order', async () => {
      const answer = await readAnswer(client.cc.orders[':id']['status-link'].$post({ param: { id } }));
      if (!answer.ok) {
        $followFailure.set({ part: 'order', key: answer.key });
        return;
      }
      $followNotice.set({ kind: 'linkSent', email: answer.data.sentTo });
    }),
  );
}

/** Cancels the open order for the customer; the order shown becomes the server's answer. */
export function cancelOrder(id: string, client: ApiClient = api): Promise<void> {
  return task(() =>
    busy('order', async () => {
      const answer = await readAnswer(client.cc.orders[':id'].cancel.$post({ param: { id } }));
      if (!answer.ok) {
        $followFailure.set({ part: 'order', key: answer.key });
        // The order changed under the agent (the restaurant accepted it): show it as it is now.
        if (answer.status === 409) await openOrder(id, { quiet: true }, client);
        return;
      }
      $followed.set(answer.data.order);
      $followNotice.set({ kind: 'canceled' });
    }),
  );
}

/** Back from an order to the results. */
export function closeOrder(): void {
  $followed.set(null);
  $followNotice.set(null);
  $followFailure.set(null);
}
