// The order view read in one statement (server/services/orders/view.ts: the status read, the status page) is
// compared with the same view read the drizzle way (loadOrderViews, which staff screens use), for orders that
// differ in every part the view shows: items with and without options, a discount-free cash order, an online
// payment paid and then refunded, a declined payment tried again. And who may read it is the same rule as before.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { basketItems, orders, users } from '#db/schema/index.ts';
import type { Actor } from '#server/context.ts';
import { GUEST, SYSTEM } from '#server/services/actor.ts';
import { changeOrderStatus } from '#server/services/orders/change-status.ts';
import { loadOrderView, loadOrderViews, loadViewableOrder } from '#server/services/orders/view.ts';
import { request, restaurantMenuItems, useTestApp } from '../helpers/app.ts';
import {
  allConsents,
  holdNotifications,
  makeBasket,
  placeOrder,
  plCustomer,
  settle,
  UA,
  uaCustomer,
} from '../helpers/orders.ts';

const ctx = useTestApp();
// Midday on a Wednesday in Warsaw: the seeded kitchens are open.
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

type Item = { id: number; unavailable: boolean; groups: { required: boolean; min: number; options: Opt[] }[] };
type Opt = { id: number; unavailable: boolean };

/** A Warsaw basket with a plain item and one with its required options chosen. */
async function basketWithOptions(): Promise<{ basketId: string; zip: string }> {
  const b = await makeBasket(ctx.database.db, { quantity: 3 });
  const items = await restaurantMenuItems<Item>(ctx, 'pasta-fresca-warszawa-mokotow');
  const item = items.find((i) => !i.unavailable && i.groups.some((g) => g.required))!;
  const optionIds = item.groups.flatMap((g) =>
    g.options
      .filter((o) => !o.unavailable)
      .slice(0, Math.max(g.min, g.required ? 1 : 0))
      .map((o) => o.id),
  );
  await ctx.database.db
    .insert(basketItems)
    .values({ basketId: b.basketId, menuItemId: item.id, quantity: 2, optionIds });
  return b;
}

async function placed(basketId: string, body: Record<string, unknown>) {
  const response = await placeOrder(ctx, basketId, body);
  expect(response.status).toBe(201);
  return (await response.json()) as { order: { id: string }; accessToken: string };
}

/** A cash order at the Kyiv kitchen. */
async function cashOrder(extra: Record<string, unknown> = {}) {
  const ua = await makeBasket(ctx.database.db, { restaurant: UA });
  return placed(ua.basketId, {
    ...uaCustomer,
    zip: ua.zip,
    consents: { orderWithObligation: true },
    paymentMethod: 'cashOnDelivery',
    ...extra,
  });
}

/** An order paid online at the Warsaw kitchen, of a basket with an item's options chosen. */
async function onlineOrder(paymentMethod: 'blik' | 'fastTransfer', blikCode?: string) {
  const b = await basketWithOptions();
  return placed(b.basketId, {
    ...plCustomer,
    zip: b.zip,
    consents: allConsents,
    paymentMethod,
    ...(blikCode ? { blikCode } : {}),
  });
}

const bothWays = async (orderId: string) => {
  const deps = { db: ctx.database.db, now: ctx.deps.now };
  const [drizzleWay] = await loadOrderViews(deps, { ids: [orderId] });
  return { oneStatement: await loadOrderView(deps, { orderId }), drizzleWay };
};

describe('the order view in one statement', () => {
  it('is the view the drizzle reads give, for cash, paid, refunded and retried orders', async () => {
    const cash = await cashOrder({ comment: 'Домофон 12 🔔' });

    const blik = await onlineOrder('blik', '123456');
    await settle(ctx);
    // Rejected after it was paid: the payment is refunded, and the view shows the refund.
    await changeOrderStatus(ctx.deps, {
      orderId: blik.order.id,
      to: 'rejected',
      reason: 'test',
      actor: SYSTEM,
      now: ctx.deps.now(),
    });

    // The sandbox declines this code: the order waits for payment, and a second attempt is a second payment.
    const retried = await onlineOrder('blik', '777123');
    const retry = await request(
      ctx,
      `/api/orders/${retried.order.id}/payments?token=${encodeURIComponent(retried.accessToken)}`,
      {
        method: 'POST',
        body: JSON.stringify({ method: 'blik', blikCode: '123456', consents: { providerTerms: true } }),
        headers: {
          'content-type': 'application/json',
          origin: 'http://localhost',
          'idempotency-key': crypto.randomUUID(),
        },
      },
    );
    expect(retry.status).toBeLessThan(300);
    await settle(ctx);

    const cashView = await bothWays(cash.order.id);
    expect(cashView.oneStatement).toEqual(cashView.drizzleWay);
    expect(cashView.oneStatement).toMatchObject({ comment: 'Домофон 12 🔔', payment: null, refund: null });

    const refunded = await bothWays(blik.order.id);
    expect(refunded.oneStatement).toEqual(refunded.drizzleWay);
    expect(refunded.oneStatement).toMatchObject({ status: 'rejected', refund: { status: 'succeeded' } });
    expect(refunded.oneStatement!.items.some((i) => i.mods.length > 0)).toBe(true);
    expect(refunded.oneStatement!.paidAt).not.toBeNull();

    const twoPayments = await bothWays(retried.order.id);
    expect(twoPayments.oneStatement).toEqual(twoPayments.drizzleWay);
    // The latest attempt is the one shown.
    expect(twoPayments.oneStatement!.payment).toMatchObject({ method: 'blik', status: 'paid' });
  });

  it('answers placing an order with the view a read gives: cash, Blik before its notification, a bank redirect', async () => {
    const notifications = holdNotifications(ctx);
    const cash = await cashOrder();
    const blik = await onlineOrder('blik', '123456');
    const transfer = await onlineOrder('fastTransfer');
    const deps = { db: ctx.database.db, now: ctx.deps.now };
    for (const answer of [cash, blik, transfer])
      expect(answer.order).toEqual(await loadOrderView(deps, { orderId: answer.order.id }));
    expect(blik.order).toMatchObject({ status: 'waiting_for_payment', payment: { method: 'blik', status: 'pending' } });
    expect(transfer.order).toMatchObject({
      payment: { method: 'fastTransfer', status: 'pending', redirectUrl: expect.stringContaining('/sandbox-bank/') },
    });
    await notifications.release();
    expect(await loadOrderView(deps, { orderId: blik.order.id })).toMatchObject({ status: 'new' });
  });

  it('opens to the order’s token or its customer, and to no one else, not even to say it exists', async () => {
    const cash = await cashOrder();
    const [owner] = await ctx.database.db
      .insert(users)
      .values({ email: 'owner-view@example.com', passwordHash: 'x', role: 'user' })
      .returning();
    await ctx.database.db.update(orders).set({ userId: owner!.id }).where(eq(orders.id, cash.order.id));
    const customer = (user: typeof owner): Actor => ({ kind: 'customer', user: { ...user!, role: 'user' } });
    const read = (token: string | undefined, actor: Actor = GUEST, orderId = cash.order.id) =>
      loadViewableOrder({ db: ctx.database.db, now: ctx.deps.now, actor }, { orderId, token });

    expect((await read(cash.accessToken))?.id).toBe(cash.order.id);
    expect(await read(undefined)).toBeNull();
    expect(await read(`${cash.accessToken}x`)).toBeNull();
    expect(await read(cash.accessToken, GUEST, 'not-a-uuid')).toBeNull();
    expect(await read(cash.accessToken, GUEST, crypto.randomUUID())).toBeNull();
    // The customer it belongs to reads it without the token; another customer does not.
    expect((await read(undefined, customer(owner)))?.id).toBe(cash.order.id);
    expect(await read(undefined, customer({ ...owner!, id: crypto.randomUUID() }))).toBeNull();
  });
});
