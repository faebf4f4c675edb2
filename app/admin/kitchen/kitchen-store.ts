import { atom } from 'nanostores';
import { readAnswer } from '#app/api-answer.ts';
import type { StaffAction } from '#domain/staff-actions.ts';
import type { RejectionReason } from '#domain/kitchen-alarms.ts';
import type { KitchenQueue } from '#app/api-types.ts';
import { api, apiBase } from '#app/api-client.ts';
import { sendStaffAction } from '#app/admin/orders/staff-actions.ts';

export type KitchenState = {
  queue: KitchenQueue | null;
  /** False while the event stream is down; the board says so and keeps showing the last queue. */
  online: boolean;
  /** server clock − browser clock, so countdowns follow the server's deadline. */
  offsetMs: number;
  /** Orders that arrived since the board connected, for the highlight (the alarm rings by the server's flag). */
  fresh: string[];
  busy: string[];
  /** The address names no restaurant. */
  missing: boolean;
};

export const $kitchen = atom<KitchenState>({
  queue: null,
  online: false,
  offsetMs: 0,
  fresh: [],
  busy: [],
  missing: false,
});

/** Shows a queue read elsewhere (a busy-mode tap reads it back at once, as a card's tap does). */
export function receive(queue: KitchenQueue) {
  const state = $kitchen.get();
  const known = new Set(state.queue?.orders.map((o) => o.id) ?? []);
  const arrived = state.queue
    ? queue.orders.filter((o) => o.status === 'new' && !known.has(o.id)).map((o) => o.id)
    : [];
  $kitchen.set({
    ...state,
    queue,
    online: true,
    offsetMs: Date.parse(queue.now) - Date.now(),
    fresh: [...state.fresh.filter((id) => queue.orders.some((o) => o.id === id)), ...arrived],
  });
}

/**
 * Follows the restaurant's queue over Server-Sent Events. Every (re)connection starts with the whole queue, so a
 * board that was offline is right again as soon as the network returns; EventSource retries by itself, and a
 * stream that died for good (an error the browser will not retry) is reopened after a pause.
 */
export function followKitchen(restaurant: string): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const open = () => {
    if (stopped) return;
    source = new EventSource(`${apiBase()}/api/admin/kitchen/${encodeURIComponent(restaurant)}/events`);
    source.addEventListener('queue', (event) => receive(JSON.parse((event as MessageEvent<string>).data)));
    source.addEventListener('error', () => {
      $kitchen.set({ ...$kitchen.get(), online: false });
      if (source?.readyState === EventSource.CLOSED && !stopped) {
        retry = setTimeout(open, 3000);
      }
    });
  };
  // The first read tells an unknown restaurant (404) from a network problem; the stream follows from there.
  void readAnswer(api.admin.kitchen[':restaurant'].$get({ param: { restaurant } })).then((answer) => {
    if (answer.status === 404) $kitchen.set({ ...$kitchen.get(), missing: true });
    else {
      if (answer.ok) receive(answer.data);
      open();
    }
  });
  // The browser knows the network is gone: close the stream at once rather than trust a connection that may hang,
  // and keep showing the last queue, marked offline, until the network returns.
  const goneOffline = () => {
    source?.close();
    clearTimeout(retry);
    $kitchen.set({ ...$kitchen.get(), online: false });
  };
  // Back online: do not wait for EventSource's own retry timer.
  const backOnline = () => {
    source?.close();
    clearTimeout(retry);
    open();
  };
  globalThis.addEventListener?.('offline', goneOffline);
  globalThis.addEventListener?.('online', backOnline);
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
    globalThis.removeEventListener?.('offline', goneOffline);
    globalThis.removeEventListener?.('online', backOnline);
  };
}

/** One tap on a card: the action goes to the server; the stream then brings the queue as it now is. */
export function actInKitchen(
  orderId: string,
  action: StaffAction,
  minutes?: number,
  rejectionReason?: RejectionReason,
): Promise<boolean> {
  return tapOn(orderId, async () => (await sendStaffAction(orderId, action, minutes, rejectionReason)).ok);
}

/** The alarm's button: the order stops ringing on every board of the kitchen, this one at once. */
export function acknowledgeInKitchen(orderId: string): Promise<boolean> {
  const slug = $kitchen.get().queue?.restaurant.slug;
  if (!slug) return Promise.resolve(false);
  return tapOn(orderId, async () => {
    const response = await api.admin.kitchen[':restaurant'].orders[':id'].acknowledge
      .$post({ param: { restaurant: slug, id: orderId } })
      .catch(() => null);
    return response?.ok ?? false;
  });
}

async function tapOn(orderId: string, send: () => Promise<boolean>): Promise<boolean> {
  const state = $kitchen.get();
  if (state.busy.includes(orderId)) return false;
  $kitchen.set({ ...state, busy: [...state.busy, orderId], fresh: state.fresh.filter((id) => id !== orderId) });
  const ok = await send();
  const after = $kitchen.get();
  $kitchen.set({ ...after, busy: after.busy.filter((id) => id !== orderId) });
  // The stream brings the change too; reading the queue at once keeps the tap's answer immediate either way.
  const slug = after.queue?.restaurant.slug;
  if (slug) await refreshQueue(slug);
  return ok;
}

/** Reads the kitchen's queue now; a failed read keeps the one shown (the stream brings the next). */
export async function refreshQueue(slug: string): Promise<void> {
  const answer = await readAnswer(api.admin.kitchen[':restaurant'].$get({ param: { restaurant: slug } }));
  if (answer.ok) receive(answer.data);
}

/** What busy mode a kitchen is put in (issue 34): extra time, a pause, or back to normal. */
export type BusyChoice =
  | { kind: 'extraTime'; extraMinutes: number; forMinutes: number }
  | { kind: 'paused'; reason: string; forMinutes: number | null }
  | { kind: 'none' };

/** Puts the kitchen in busy mode (or out of it), then reads its queue again; true when the server took it. */
export async function setBusy(slug: string, choice: BusyChoice): Promise<boolean> {
  const answer = await readAnswer(
    api.admin.kitchen[':restaurant'].busy.$put({ param: { restaurant: slug }, json: choice }),
  );
  await refreshQueue(slug);
  return answer.ok;
}
