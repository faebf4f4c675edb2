import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import type { WaitingOrder } from '#app/api-types.ts';
import { $dashboard, followWaiting, loadDashboard } from './dashboard-store.ts';

/** The browser's EventSource, driven by the test: it delivers `waiting` events when told. */
class FakeStream {
  static opened: FakeStream[] = [];
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeStream.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  send(waiting: WaitingOrder[]) {
    const data = JSON.stringify({ waiting, now: new Date().toISOString() });
    for (const listener of this.listeners.get('waiting') ?? []) listener({ data } as MessageEvent<string>);
  }
}

const initial = $dashboard.get();
const waitingOrder = (id: string) => ({ id, displayId: id.slice(0, 5) }) as unknown as WaitingOrder;

afterEach(() => {
  cleanStores($dashboard);
  $dashboard.set(initial);
  FakeStream.opened = [];
  vi.unstubAllGlobals();
});

describe('the dashboard’s waiting orders', () => {
  it('keep what the live stream said when the figures read before it answer after it', async () => {
    // The figures' answer is held back: the server read them before the order reached its restaurant.
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    vi.stubGlobal('EventSource', FakeStream);
    const loading = loadDashboard(1);
    const stop = followWaiting();
    FakeStream.opened[0]!.send([waitingOrder('order-placed-meanwhile')]);
    answer(
      new Response(JSON.stringify({ waiting: [], now: new Date().toISOString(), currencies: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await loading;
    expect($dashboard.get()).toMatchObject({ status: 'ready', online: true });
    expect($dashboard.get().waiting.map((order) => order.id)).toEqual(['order-placed-meanwhile']);
    stop();
  });

  it('take the figures’ list until the stream has spoken', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ waiting: [waitingOrder('read-first')], now: new Date().toISOString(), currencies: [] }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    await loadDashboard(1);
    expect($dashboard.get().waiting.map((order) => order.id)).toEqual(['read-first']);
  });
});
