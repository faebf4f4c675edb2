import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { SYSTEM } from '#server/services/actor.ts';
import { changeOrderStatus } from '#server/services/orders/change-status.ts';
import { subscribeToOrder } from '#server/services/orders/events.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, settle, UA, uaCustomer } from '../helpers/orders.ts';

const ctx = useTestApp();
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

async function cashOrder(headers: Record<string, string> = {}, userId?: string) {
  const b = await makeBasket(ctx.database.db, { restaurant: UA, ...(userId ? { userId } : {}) });
  const response = await placeOrder(
    ctx,
    b.basketId,
    { ...uaCustomer, zip: b.zip, consents: { orderWithObligation: true }, paymentMethod: 'cashOnDelivery' },
    crypto.randomUUID(),
    headers,
  );
  expect(response.status).toBe(201);
  return response.json();
}

const login = async (email: string, password: string) => {
  const response = await request(ctx, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { 'content-type': 'application/json' },
  });
  return response.headers.get('set-cookie')!.split(';')[0]!;
};

type Event = { event: string; data: { status: string; refund: { status: string } | null } };

/** Reads Server-Sent Events until `enough` says so (or the stream ends). */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  enough: (events: Event[]) => boolean,
  onEvent: (event: Event) => void = () => {},
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Event[] = [];
  while (!enough(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const chunk = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(chunk)?.[1];
      const data = /^data: (.*)$/m.exec(chunk)?.[1];
      if (event && data) {
        events.push({ event, data: JSON.parse(data) });
        onEvent(events.at(-1)!);
      }
    }
  }
  return { events, close: () => reader.cancel() };
}

describe('order status', () => {
  it('shows status, groups, items with emoji-free names, totals in the order’s currency and deadlines', async () => {
    const placed = await cashOrder();
    const response = await request(ctx, `/api/orders/${placed.order.id}?token=${placed.accessToken}`);
    expect(response.status).toBe(200);
    const { order } = await response.json();
    expect(order).toMatchObject({
      id: placed.order.id,
      status: 'new',
      currency: 'UAH',
      pickupMinutes: 30,
      acceptDeadline: '2026-03-04T11:10:00.000Z',
      acceptSecondsLeft: 600,
      groups: {
        waitingForPayment: false,
        waitingForRestaurantAccept: true,
        finished: false,
        rejected: false,
        readyToPickup: false,
        selfPickup: false,
      },
    });
    expect(new Date(order.estimatedReadyAt).getTime()).toBe(
      new Date('2026-03-04T11:00:00Z').getTime() + order.preparationMinutes * 60_000,
    );
    expect(order.total).toBe(
      order.value + order.deliveryCosts + order.serviceFee + order.extraFee - order.discountValue,
    );
    for (const item of order.items) expect(item.name).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('is 404 notFound with a wrong or missing token, and for someone else’s session', async () => {
    const placed = await cashOrder();
    const other = await login('admin@example.com', 'admin-demo-2026');
    for (const [path, headers] of [
      [`/api/orders/${placed.order.id}`, {}],
      [`/api/orders/${placed.order.id}?token=${placed.accessToken.slice(1)}x`, {}],
      [`/api/orders/${placed.order.id}`, { cookie: other }],
      [`/api/orders/not-an-id?token=${placed.accessToken}`, {}],
      [`/api/orders/${crypto.randomUUID()}?token=${placed.accessToken}`, {}],
      [`/api/orders/${placed.order.id}/events`, {}],
    ] as const) {
      const response = await request(ctx, path, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'notFound' });
    }
  });

  it('a logged-in customer sees their order without a token, and lists it in my-orders', async () => {
    const cookie = await login('user@example.com', 'user-demo-2026');
    const [user] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select id from users where email = 'user@example.com'`,
    );
    const placed = await cashOrder({ cookie: `${cookie}` }, user!.id);
    const response = await request(ctx, `/api/orders/${placed.order.id}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const mine = await request(ctx, '/api/my-orders', { headers: { cookie } });
    expect(mine.status).toBe(200);
    expect((await mine.json()).orders.map((o: { id: string }) => o.id)).toEqual([placed.order.id]);
    const guest = await request(ctx, '/api/my-orders');
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ requestId: expect.any(String), error: 'Unauthorized' });
  });

  it('streams the status on connect and every change after it (LISTEN/NOTIFY across connections)', async () => {
    const b = await makeBasket(ctx.database.db);
    const placed = await (
      await placeOrder(ctx, b.basketId, {
        ...plCustomer,
        zip: b.zip,
        consents: allConsents,
        paymentMethod: 'fastTransfer',
      })
    ).json();
    const response = await request(ctx, `/api/orders/${placed.order.id}/events?token=${placed.accessToken}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    let connected = () => {};
    const snapshot = new Promise<void>((resolve) => (connected = resolve));
    const reading = readEvents(
      response.body!,
      (events) => events.at(-1)?.data.refund?.status === 'succeeded',
      () => connected(),
    );
    // The status at connect is read once the stream starts: the payment comes after it, so it is a change to push.
    await snapshot;
    // The bank's notification moves it to new; then the restaurant does not accept in time.
    const bank = new URL(placed.redirectUrl);
    const paidAt = Date.now();
    await request(ctx, bank.pathname, {
      method: 'POST',
      body: new URLSearchParams({
        action: 'pay',
        return: bank.searchParams.get('return')!,
        sig: bank.searchParams.get('sig')!,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    });
    await settle(ctx);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await changeOrderStatus(ctx.deps, {
      orderId: placed.order.id,
      to: 'rejected',
      reason: 'test',
      actor: SYSTEM,
      now: ctx.deps.now(),
    });
    const { events, close } = await reading;
    await close();
    // The refund's progress may come as its own event or already in the rejection's.
    expect([...new Set(events.map((e) => e.data.status))]).toEqual(['waiting_for_payment', 'new', 'rejected']);
    expect(events.every((e) => e.event === 'status')).toBe(true);
    // Pushed, not found by the 10 s safety-net poll.
    expect(Date.now() - paidAt).toBeLessThan(5_000);
  });

  it('wakes a stream that subscribed before PostgreSQL confirmed its LISTEN, so a change announced in between is read', async () => {
    // Nothing is announced here: the only wake-up can be the one that says the LISTEN now holds.
    await new Promise<void>((resolve) => {
      const stop = subscribeToOrder(ctx.database.db, crypto.randomUUID(), () => {
        stop();
        resolve();
      });
    });
  });
});
