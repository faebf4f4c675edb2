import { map, task } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { $user } from '#app/stores/session.ts';
import { readAnswer } from '#app/api-answer.ts';
import { type OrderView } from './shared.ts';

// The my-orders screen: the customer's orders, a page at a time.

/** The API answers 20 orders a page; a full page means there may be older ones. */
const ORDERS_PAGE_SIZE = 20;

export const $myOrders = map<{
  status: 'loading' | 'ready' | 'guest' | 'failed';
  orders: OrderView[];
  page: number;
  more: boolean;
  /** Orders whose items are shown. */
  open: string[];
}>({ status: 'loading', orders: [], page: 0, more: false, open: [] });

/** Loads the first page, or the next one after those shown. */
export function loadMyOrders(client: ApiClient = api, next = false): Promise<void> {
  return task(async () => {
    const state = $myOrders.get();
    const page = next ? state.page + 1 : 1;
    try {
      const [who, answer] = await Promise.all([
        next ? null : readAnswer(client.auth.getUser.$get()),
        readAnswer(client['my-orders'].$get({ query: { page: String(page) } })),
      ]);
      if (answer.status === 401) {
        $myOrders.set({ ...state, status: 'guest', orders: [] });
        return;
      }
      if (!answer.ok) throw new Error(`my orders: ${answer.status}`);
      if (who?.ok) $user.set(who.data.user);
      const { orders } = answer.data;
      $myOrders.set({
        status: 'ready',
        orders: next ? [...state.orders, ...orders] : orders,
        page,
        more: orders.length === ORDERS_PAGE_SIZE,
        open: next ? state.open : [],
      });
    } catch {
      $myOrders.setKey('status', state.orders.length > 0 ? 'ready' : 'failed');
    }
  });
}

export function toggleOrderItems(id: string): void {
  const { open } = $myOrders.get();
  $myOrders.setKey('open', open.includes(id) ? open.filter((o) => o !== id) : [...open, id]);
}
