import { map } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { api, apiBase, type ApiClient } from '#app/api-client.ts';

/** An order as GET /api/orders/:id and its event stream answer it (server/services/orders/view.ts). */
export type OrderStatusView = InferResponseType<ApiClient['orders'][':id']['$get'], 200>['order'];

/**
 * `live`: the event stream is open. `reconnecting`: it dropped (network gone, server restarted) and is being opened
 * again; the page says so and keeps showing what it last knew.
 */
export type Connection = 'connecting' | 'live' | 'reconnecting';

export type OrderStatusState = {
  order: OrderStatusView | null;
  /** When `order` arrived (ms, the browser's clock): the countdown counts from here, not from the server's clock. */
  receivedAt: number;
  connection: Connection;
  refreshing: boolean;
  /** The last refresh failed (the page keeps the order it had). */
  refreshFailed: boolean;
};

export const $orderStatus = map<OrderStatusState>({
  order: null,
  receivedAt: 0,
  connection: 'connecting',
  refreshing: false,
  refreshFailed: false,
});

/** Seconds left for the restaurant to accept at `now`, counted down from what the server said on arrival. */
export function secondsLeft(state: Pick<OrderStatusState, 'order' | 'receivedAt'>, now: number): number | null {
  const left = state.order?.acceptSecondsLeft;
  if (left === null || left === undefined) return null;
  // A `now` read before the order arrived (the component's last tick, when an event comes in between two ticks) is
  // no time elapsed, not a second added: the clock once showed 10:01 of a ten-minute window.
  return Math.max(0, left - Math.floor(Math.max(0, now - state.receivedAt) / 1000));
}

const received = (order: OrderStatusView) => $orderStatus.set({ ...$orderStatus.get(), order, receivedAt: Date.now() });

/** The page's own copy from the server's HTML, so the island shows the same order before the stream answers. */
export function showOrder(order: OrderStatusView): void {
  received(order);
}

/** Asks the API for the order now (the refresh action, and after the stream comes back). */
export async function refreshOrder(orderId: string, token: string, client: ApiClient = api): Promise<void> {
  $orderStatus.setKey('refreshing', true);
  try {
    const response = await client.orders[':id'].$get({ param: { id: orderId }, query: { token } });
    if (!response.ok) throw new Error(`order answered ${response.status}`);
    received((await response.json()).order);
    $orderStatus.setKey('refreshFailed', false);
  } catch {
    $orderStatus.setKey('refreshFailed', true);
  } finally {
    $orderStatus.setKey('refreshing', false);
  }
}

/** What followOrder uses of an EventSource (tests hand it one they drive). */
type EventSourceLike = {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener: (type: 'status', listener: (event: MessageEvent<string>) => void) => void;
  close: () => void;
};

export type FollowOptions = {
  client?: ApiClient;
  openStream?: (url: string) => EventSourceLike;
  /** Waits before opening a stream the browser gave up on: 1 s, then doubling up to 30 s. */
  retryDelays?: readonly number[];
  /** Where 'online' and 'offline' are announced (the window); absent in tests. */
  network?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
};

const RETRY_DELAYS = [1000, 2000, 4000, 8000, 16000, 30000] as const;

/**
 * Follows the order live through GET /api/orders/:id/events (one `status` event on connect and one per change).
 * When the stream drops, the page says it is reconnecting; the browser's EventSource retries by itself, and when it
 * gives up (an error answer, a server that is down) a new one is opened after a growing wait, or at once when the
 * network comes back. Every reconnection also fetches the order again, so nothing missed while away stays missed.
 * Returns the function that stops following.
 */
export function followOrder(orderId: string, token: string, options: FollowOptions = {}): () => void {
  const client = options.client ?? api;
  const open = options.openStream ?? ((url: string) => new EventSource(url));
  const delays = options.retryDelays ?? RETRY_DELAYS;
  const network = options.network === undefined ? (globalThis.window ?? null) : options.network;
  const url = `${apiBase()}/api/orders/${encodeURIComponent(orderId)}/events?token=${encodeURIComponent(token)}`;
  let stream: EventSourceLike | null = null;
  let stopped = false;
  let droppedOnce = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const isOffline = () => globalThis.navigator?.onLine === false;

  /** Opens a new stream after a growing wait (the browser gave up on the last one, or the network is gone). */
  const retryLater = () => {
    if (stopped || timer) return;
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000;
    attempt += 1;
    timer = setTimeout(connect, delay);
  };

  const dropped = () => {
    droppedOnce = true;
    $orderStatus.setKey('connection', 'reconnecting');
  };

  function connect() {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = null;
    stream?.close();
    stream = null;
    if (isOffline()) {
      retryLater();
      return;
    }
    const current = open(url);
    stream = current;
    current.addEventListener('status', (event) => {
      if (stream !== current) return;
      try {
        received(JSON.parse(event.data) as OrderStatusView);
      } catch {
        // A malformed event changes nothing; the next one, or a refresh, brings the order.
      }
    });
    current.onopen = () => {
      if (stream !== current) return;
      attempt = 0;
      $orderStatus.setKey('connection', 'live');
      if (droppedOnce) void refreshOrder(orderId, token, client);
    };
    current.onerror = () => {
      if (stream !== current || stopped) return;
      dropped();
      // CONNECTING: the browser is already retrying. CLOSED: it gave up; we try again ourselves.
      if (current.readyState === 2) retryLater();
    };
  }

  const online = () => {
    if ($orderStatus.get().connection !== 'live' || !stream) connect();
  };
  // The browser knows the network is gone: a stream over it would sit silent until TCP notices, so it is closed now
  // and opened again when the network is back.
  const offline = () => {
    stream?.close();
    stream = null;
    dropped();
    retryLater();
  };
  network?.addEventListener('online', online);
  network?.addEventListener('offline', offline);
  $orderStatus.setKey('connection', 'connecting');
  connect();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    stream?.close();
    stream = null;
    network?.removeEventListener('online', online);
    network?.removeEventListener('offline', offline);
  };
}
