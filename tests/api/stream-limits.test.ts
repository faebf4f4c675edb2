import { describe, expect, it } from 'vitest';
import { createTestApp, request } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, UA, uaCustomer } from '../helpers/orders.ts';

// Issue 39: nothing capped the live streams (SSE) a client, or everybody together, could hold open.
describe('live streams per client and in all', () => {
  it('refuses a client past its streams (429) and everybody past the total (503), and frees a slot when one closes', async () => {
    const ctx = await createTestApp({ SSE_STREAMS_PER_CLIENT: '2', SSE_STREAMS_TOTAL: '3', TRUST_PROXY: '1' });
    const open: ReadableStreamDefaultReader<Uint8Array>[] = [];
    try {
      const b = await makeBasket(ctx.database.db, { restaurant: UA });
      const placed = await placeOrder(ctx, b.basketId, {
        ...uaCustomer,
        zip: b.zip,
        consents: { ...allConsents },
        paymentMethod: 'cashOnDelivery',
      });
      expect(placed.status).toBe(201);
      const { order, accessToken } = (await placed.json()) as { order: { id: string }; accessToken: string };
      const follow = async (address: string) => {
        const response = await request(ctx, `/api/orders/${order.id}/events?token=${accessToken}`, {
          headers: { 'x-forwarded-for': address },
        });
        if (response.status === 200) {
          const reader = response.body!.getReader();
          // The snapshot at connect: the stream is running.
          await reader.read();
          open.push(reader);
        }
        return response;
      };
      expect((await follow('192.0.2.1')).status).toBe(200);
      expect((await follow('192.0.2.1')).status).toBe(200);
      const third = await follow('192.0.2.1');
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('30');
      expect(await third.json()).toEqual({ requestId: expect.any(String), error: 'tooManyRequests' });

      expect((await follow('192.0.2.2')).status).toBe(200);
      const full = await follow('192.0.2.3');
      expect(full.status).toBe(503);
      expect(await full.json()).toEqual({ requestId: expect.any(String), error: 'serverBusy' });

      // A screen closes: its slot is free for the next one.
      await open.shift()!.cancel();
      let again = await follow('192.0.2.3');
      for (let i = 0; i < 20 && again.status !== 200; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        again = await follow('192.0.2.3');
      }
      expect(again.status).toBe(200);
    } finally {
      for (const reader of open) await reader.cancel().catch(() => {});
      await ctx.close();
    }
  });
});
