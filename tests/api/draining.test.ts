import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { useTestApp, type TestContext } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plCustomer } from '../helpers/orders.ts';

const ctx = useTestApp();

/** The app as a draining process has it: `stopping` is aborted when SIGTERM arrives (server/main.ts). */
const appStopping = (signal: AbortSignal) => createApp({ ...ctx.deps, stopping: signal });

async function anOrder(context: TestContext) {
  const basket = await makeBasket(context.deps.db);
  const response = await placeOrder(context, basket.basketId, {
    ...plCustomer,
    zip: basket.zip,
    lat: basket.lat,
    lng: basket.lng,
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '123456',
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { order: { id: string }; accessToken: string };
}

// Issue 31, decision 047: a server stopping for a rolling restart tells the proxy it is not ready, opens no live
// stream, and ends those it has, so every status page reconnects to a server that stays.
describe('a server that is draining', () => {
  it('fails /readyz and refuses new live streams with 503 and Retry-After', async () => {
    const app = appStopping(AbortSignal.abort());
    const ready = await app.request('http://localhost/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', server: 'stopping' });

    const { order, accessToken } = await anOrder(ctx);
    const events = await app.request(`http://localhost/api/orders/${order.id}/events?token=${accessToken}`);
    expect(events.status).toBe(503);
    expect(events.headers.get('retry-after')).toBe('1');
    expect(await events.json()).toEqual({ requestId: expect.any(String), error: 'serverBusy' });
  });

  it('ends the live streams it holds cleanly when it begins to drain', async () => {
    const stopping = new AbortController();
    const app = appStopping(stopping.signal);
    expect((await app.request('http://localhost/readyz')).status).toBe(200);
    const { order, accessToken } = await anOrder(ctx);
    const events = await app.request(`http://localhost/api/orders/${order.id}/events?token=${accessToken}`);
    expect(events.status).toBe(200);
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('event: status')) received += (await reader.read()).value ?? '';
    stopping.abort();
    // The stream finishes (the browser's EventSource then reconnects by itself); it is not left open nor cut.
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    expect((await app.request('http://localhost/readyz')).status).toBe(503);
  });
});
