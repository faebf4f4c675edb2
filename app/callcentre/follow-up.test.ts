import { afterEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import { createApiClient } from '#app/api-client.ts';
import {
  $followBusy,
  $followed,
  $followFailure,
  $followNotice,
  $found,
  cancelOrder,
  searchOrders,
  sendStatusLink,
  type FollowedOrder,
} from './follow-up.ts';

const ORDER_ID = '7c9e6679-7425-40de-944b-e07fc1f99ae7';
const followed = (status: string, cancellable: boolean) =>
  ({
    order: { id: ORDER_ID, status, groups: { finished: status === 'canceled' } },
    cancellable,
  }) as unknown as FollowedOrder;

/** A client whose server answers each path with what `answers` says, and remembers what it was asked. */
function clientAnswering(answers: Record<string, [number, unknown]>) {
  const asked: { method: string; path: string; body: string | null }[] = [];
  const client = createApiClient({
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shop.test');
      // The whole address, query included: nothing personal may be in it.
      asked.push({
        method: init?.method ?? 'GET',
        path: url.pathname + url.search,
        body: (init?.body as string) ?? null,
      });
      const [status, body] = answers[`${init?.method ?? 'GET'} ${url.pathname}`] ?? [500, { error: 'internalError' }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, asked };
}

afterEach(() => {
  cleanStores($found, $followed, $followFailure, $followNotice, $followBusy);
  $found.set(null);
  $followed.set(null);
  $followFailure.set(null);
  $followNotice.set(null);
});

describe('following up an order', () => {
  it('searches with the query in the body, never in the address', async () => {
    const { client, asked } = clientAnswering({ 'POST /api/cc/orders/search': [200, { orders: [] }] });
    await searchOrders('+48 600 700 800', client);
    expect(asked).toEqual([{ method: 'POST', path: '/api/cc/orders/search', body: '{"query":"+48 600 700 800"}' }]);
    expect($found.get()).toEqual([]);
  });

  it('says what the server refused a search with', async () => {
    const { client } = clientAnswering({ 'POST /api/cc/orders/search': [400, { error: 'orderSearchQuery' }] });
    await searchOrders('Kowalski', client);
    expect($followFailure.get()).toEqual({ part: 'search', key: 'orderSearchQuery' });
  });

  it('tells the agent where the status link went', async () => {
    const { client } = clientAnswering({
      [`POST /api/cc/orders/${ORDER_ID}/status-link`]: [200, { sentTo: 'olena@example.com' }],
    });
    await sendStatusLink(ORDER_ID, client);
    expect($followNotice.get()).toEqual({ kind: 'linkSent', email: 'olena@example.com' });
  });

  it('shows the order as it now is when the restaurant accepted it first', async () => {
    $followed.set(followed('new', true));
    const { client, asked } = clientAnswering({
      [`POST /api/cc/orders/${ORDER_ID}/cancel`]: [
        409,
        { error: 'orderNotCancellable', details: { status: 'processing' } },
      ],
      [`GET /api/cc/orders/${ORDER_ID}`]: [200, { order: followed('processing', false) }],
    });
    await cancelOrder(ORDER_ID, client);
    expect($followFailure.get()).toEqual({ part: 'order', key: 'orderNotCancellable' });
    expect($followed.get()?.cancellable).toBe(false);
    expect(asked.map((a) => a.method)).toEqual(['POST', 'GET']);
    expect($followNotice.get()).toBeNull();
  });

  it('shows the canceled order the server answers', async () => {
    $followed.set(followed('new', true));
    const { client } = clientAnswering({
      [`POST /api/cc/orders/${ORDER_ID}/cancel`]: [200, { order: followed('canceled', false) }],
    });
    await cancelOrder(ORDER_ID, client);
    expect($followed.get()?.order.status).toBe('canceled');
    expect($followNotice.get()).toEqual({ kind: 'canceled' });
    expect($followBusy.get()).toBe(false);
  });
});
