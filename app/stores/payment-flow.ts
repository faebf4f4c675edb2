import type { InferResponseType } from 'hono/client';
import { api, type ApiClient } from '#app/api-client.ts';
import { pathFor } from '#domain/localized-routes.ts';
import type { UiLocale } from '#i18n/messages.ts';

/** An order as GET /api/orders/:id answers it. */
export type OrderView = InferResponseType<ApiClient['orders'][':id']['$get'], 200>['order'];

/**
 * Where an order's payment stands for the page that placed or retried it:
 * - settled: nothing left to pay here (paid, on delivery, or the order moved on) → the status page;
 * - processing: a payment is under way (a Blik waiting for the bank's approval);
 * - redirect: a bank page waits for the customer;
 * - declined / canceled: the order waits for another payment (decision 017);
 * - closed: the order can no longer be paid (its 15 minutes passed and it was canceled).
 */
export type PaymentStage = 'settled' | 'processing' | 'redirect' | 'declined' | 'canceled' | 'closed';

export function paymentStage(order: Pick<OrderView, 'status' | 'payment'>): PaymentStage {
  if (order.status !== 'waiting_for_payment') return order.status === 'canceled' ? 'closed' : 'settled';
  const payment = order.payment;
  if (!payment || payment.status === 'paid') return 'settled';
  if (payment.status === 'pending') return payment.redirectUrl ? 'redirect' : 'processing';
  return payment.status === 'canceled' ? 'canceled' : 'declined';
}

/** The order's status page (built by the status page's island; a guest follows it with the order's token). */
export const statusUrl = (locale: UiLocale, orderId: string, token: string): string =>
  pathFor('status', locale, { orderId, token });

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Asks for the order until its payment is no longer being processed (a Blik approval comes as the provider's
 * notification, a moment later), and answers the order as it then stands. A network failure is retried; the abort
 * signal stops it (the page went away). `intervalMs` grows to 5 s so a slow bank does not mean a stream of calls.
 */
export async function waitForPayment(
  orderId: string,
  token: string,
  options: { signal?: AbortSignal; intervalMs?: number; client?: ApiClient } = {},
): Promise<OrderView | null> {
  const client = options.client ?? api;
  let interval = options.intervalMs ?? 1000;
  while (!options.signal?.aborted) {
    try {
      const response = await client.orders[':id'].$get({ param: { id: orderId }, query: { token } });
      if (response.status === 200) {
        const { order } = await response.json();
        if (paymentStage(order) !== 'processing') return order;
      } else if (response.status === 404) return null;
    } catch {
      // Offline for a moment: ask again.
    }
    await sleep(interval, options.signal);
    interval = Math.min(interval * 1.5, 5000);
  }
  return null;
}

/** Loads an order by its token once (a reload during payment, the retry island's start). */
export async function loadOrder(orderId: string, token: string, client: ApiClient = api): Promise<OrderView | null> {
  try {
    const response = await client.orders[':id'].$get({ param: { id: orderId }, query: { token } });
    return response.status === 200 ? (await response.json()).order : null;
  } catch {
    return null;
  }
}
