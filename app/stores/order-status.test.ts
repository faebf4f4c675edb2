import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { createApiClient } from '#app/api-client.ts';
import { $orderStatus, followOrder, secondsLeft, showOrder, type OrderStatusView } from './order-status.ts';

/** An EventSource the test drives: it opens, fails, closes and delivers `status` events when told. */
class FakeStream {
  static opened: FakeStream[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly url: string;
  private listeners: ((event: MessageEvent<string>) => void)[] = [];
  constructor(url: string) {
    this.url = url;
    FakeStream.opened.push(this);
  }
  addEventListener(_type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(order: Partial<OrderStatusView>) {
    for (const listener of this.listeners) listener({ data: JSON.stringify(order) } as MessageEvent<string>);
  }
  fail(gaveUp: boolean) {
    this.readyState = gaveUp ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

const order = (status: string, extra: Partial<OrderStatusView> = {}) =>
  ({ id: 'o1', status, acceptSecondsLeft: null, ...extra }) as unknown as OrderStatusView;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanStores($orderStatus);
  FakeStream.opened = [];
  vi.useRealTimers();
});

describe('following an order', () => {
  it('shows every status the stream sends, and says it is live', () => {
    const stop = followOrder('o1', 'tok', { openStream: (url) => new FakeStream(url), network: null });
    const stream = FakeStream.opened[0]!;
    expect(stream.url).toBe('/api/orders/o1/events?token=tok');
    expect($orderStatus.get().connection).toBe('connecting');
    stream.open();
    stream.send(order('new'));
    expect($orderStatus.get()).toMatchObject({ connection: 'live', order: { status: 'new' } });
    stream.send(order('processing'));
    expect($orderStatus.get().order?.status).toBe('processing');
    stop();
    expect(stream.readyState).toBe(2);
  });

  it('after a drop says it is reconnecting, opens a new stream when the browser gave up, and fetches the order again', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => json({ order: order('waiting_for_courier') }));
    const stop = followOrder('o1', 'tok', {
      openStream: (url) => new FakeStream(url),
      network: null,
      client: createApiClient({ fetch }),
      retryDelays: [500],
    });
    FakeStream.opened[0]!.open();
    FakeStream.opened[0]!.fail(true);
    expect($orderStatus.get().connection).toBe('reconnecting');
    expect(FakeStream.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeStream.opened).toHaveLength(2);
    FakeStream.opened[1]!.open();
    await vi.runAllTimersAsync();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('/api/orders/o1?token=tok');
    expect($orderStatus.get()).toMatchObject({ connection: 'live', order: { status: 'waiting_for_courier' } });
    stop();
  });

  it('closes the stream when the network goes and opens it again at once when it is back', () => {
    const network = new EventTarget();
    const stop = followOrder('o1', 'tok', {
      openStream: (url) => new FakeStream(url),
      network: network as unknown as Window,
      client: createApiClient({ fetch: async () => json({ order: order('new') }) }),
    });
    FakeStream.opened[0]!.open();
    network.dispatchEvent(new Event('offline'));
    expect(FakeStream.opened[0]!.readyState).toBe(2);
    expect($orderStatus.get().connection).toBe('reconnecting');
    network.dispatchEvent(new Event('online'));
    expect(FakeStream.opened).toHaveLength(2);
    stop();
  });
});

describe('the acceptance countdown', () => {
  it('counts down from what the server said when the order arrived, never below 0', () => {
    showOrder(order('new', { acceptSecondsLeft: 90 }));
    const { receivedAt } = $orderStatus.get();
    expect(secondsLeft($orderStatus.get(), receivedAt)).toBe(90);
    expect(secondsLeft($orderStatus.get(), receivedAt + 30_500)).toBe(60);
    expect(secondsLeft($orderStatus.get(), receivedAt + 600_000)).toBe(0);
    showOrder(order('processing'));
    expect(secondsLeft($orderStatus.get(), receivedAt)).toBeNull();
  });

  it('never counts up: a tick read just before the order arrived shows the full time, not a second more', () => {
    showOrder(order('new', { acceptSecondsLeft: 600 }));
    const { receivedAt } = $orderStatus.get();
    expect(secondsLeft($orderStatus.get(), receivedAt - 400)).toBe(600);
  });
});
