import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, orders, paymentOptions, payments, refunds } from '#db/schema/index.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';
import { signBody } from '#server/services/payments/signature.ts';
import { request, useTestApp } from '../helpers/app.ts';
import {
  allConsents,
  makeBasket,
  orderStatus,
  placeOrder,
  plCustomer,
  settle,
  holdNotifications,
  UA,
  uaCustomer,
} from '../helpers/orders.ts';
import { captureWarnings, stopCapturingWarnings } from '../helpers/log.ts';

const ctx = useTestApp();
const START = new Date('2026-03-04T11:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
// Midday on a Wednesday: every seeded restaurant is open, in Warsaw and in Kyiv.
beforeEach(() => ctx.setNow(START));
afterEach(() => {
  stopCapturingWarnings();
});

type Placed = { id: string; token: string; displayId: string };

/** A Polish guest order paid online; 777123 is the sandbox's refused Blik code. */
async function placed(paymentMethod: string, extra: Record<string, unknown> = {}): Promise<Placed> {
  const b = await makeBasket(ctx.database.db);
  const response = await placeOrder(ctx, b.basketId, {
    ...plCustomer,
    zip: b.zip,
    consents: allConsents,
    paymentMethod,
    lang: 'en',
    ...extra,
  });
  expect(response.status).toBe(201);
  const body = await response.json();
  return { id: body.order.id, token: body.accessToken, displayId: body.order.displayId };
}

const declinedBlik = () => placed('blik', { blikCode: '777123' });

function retry(
  order: Placed,
  body: Record<string, unknown>,
  key: string | null = crypto.randomUUID(),
  options: { token?: string | null } = {},
) {
  const token = options.token === undefined ? order.token : options.token;
  return request(ctx, `/api/orders/${order.id}/payments${token ? `?token=${encodeURIComponent(token)}` : ''}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      // What the shop's own page sends with a state-changing call.
      origin: 'http://localhost',
      ...(key !== null ? { 'idempotency-key': key } : {}),
    },
  });
}

const paymentsOf = (orderId: string) =>
  ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);

/** The sandbox bank page's Pay or Cancel button, as the customer's browser presses it. */
async function bank(redirectUrl: string, action: 'pay' | 'cancel') {
  const url = new URL(redirectUrl);
  const form = new URLSearchParams({
    action,
    return: url.searchParams.get('return')!,
    sig: url.searchParams.get('sig')!,
  });
  const back = await request(ctx, url.pathname, {
    method: 'POST',
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
  });
  expect(back.status).toBe(303);
}

/** A signed sandbox notification, as the gateway posts it to the webhook. */
async function notify(payment: { id: string; externalId: string | null; amount: number }, status: string) {
  const raw = JSON.stringify({
    id: `ntf_${crypto.randomUUID()}`,
    paymentId: payment.id,
    externalId: payment.externalId,
    status,
    amount: payment.amount,
    currency: 'PLN',
  });
  const response = await request(ctx, '/api/payments/notify', {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(ctx.deps.env.paymentWebhookSecret, raw) },
  });
  expect(response.status).toBe(200);
}

const confirmations = async (order: Placed) =>
  (
    await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.to, plCustomer.email),
          eq(emailOutbox.template, 'orderConfirmation'),
          like(emailOutbox.text, `%${order.displayId}%`),
        ),
      )
  ).length;

describe('POST /api/orders/:id/payments: paying again after a declined or canceled payment', () => {
  it('Blik 777123, then a good code: one order, paid, sent to the restaurant, one confirmation', async () => {
    const order = await declinedBlik();
    expect(await orderStatus(ctx, order.id, order.token)).toMatchObject({
      status: 'waiting_for_payment',
      payment: { method: 'blik', status: 'failed' },
    });
    const notifications = holdNotifications(ctx);
    const response = await retry(order, { method: 'blik', blikCode: '123456' });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      order: { id: order.id, status: 'waiting_for_payment', payment: { method: 'blik', status: 'pending' } },
      replayed: false,
    });
    await notifications.release();
    const view = await orderStatus(ctx, order.id, order.token);
    expect(view).toMatchObject({ status: 'new', payment: { method: 'blik', status: 'paid' }, refund: null });
    expect(view.paidAt).not.toBeNull();
    expect(view.acceptSecondsLeft).toBe(600);
    const rows = await paymentsOf(order.id);
    expect(rows.map((p) => p.status)).toEqual(['failed', 'paid']);
    // The same amount as the declined attempt: the order is not priced again.
    expect(rows[1]!.amount).toBe(rows[0]!.amount);
    expect(await confirmations(order)).toBe(1);
  });

  it('a fast transfer canceled on the bank page, then paid on a second try', async () => {
    const b = await makeBasket(ctx.database.db);
    const first = await (
      await placeOrder(ctx, b.basketId, {
        ...plCustomer,
        zip: b.zip,
        consents: allConsents,
        paymentMethod: 'fastTransfer',
        lang: 'en',
      })
    ).json();
    const order = { id: first.order.id, token: first.accessToken, displayId: first.order.displayId };
    await bank(first.redirectUrl, 'cancel');
    expect(await orderStatus(ctx, order.id, order.token)).toMatchObject({
      status: 'waiting_for_payment',
      payment: { status: 'canceled' },
    });

    const body = await (await retry(order, { method: 'fastTransfer' })).json();
    expect(body.redirectUrl).toMatch(/\/sandbox-bank\/[0-9a-f-]{36}\?/);
    expect(body.redirectUrl).not.toBe(first.redirectUrl);
    expect(body.order).toMatchObject({ status: 'waiting_for_payment', payment: { status: 'pending' } });
    await bank(body.redirectUrl, 'pay');
    expect(await orderStatus(ctx, order.id, order.token)).toMatchObject({
      status: 'new',
      payment: { method: 'fastTransfer', status: 'paid' },
    });
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['canceled', 'paid']);
  });

  it('switches to another method: Google Pay declined, then Blik; the order says which method paid', async () => {
    const order = await placed('googlePay', { googlePayToken: 'tok_declined' });
    expect((await orderStatus(ctx, order.id, order.token)).payment.status).toBe('failed');
    expect((await retry(order, { method: 'googlePay' })).status).toBe(400);
    expect((await retry(order, { method: 'blik', blikCode: '123456' })).status).toBe(201);
    await settle(ctx);
    expect(await orderStatus(ctx, order.id, order.token)).toMatchObject({
      status: 'new',
      paymentMethod: 'blik',
      paymentType: 'online',
      payment: { method: 'blik', status: 'paid' },
    });
  });

  it('cash on delivery where the web offers it (Ukraine): the order goes to the restaurant at once', async () => {
    // A Ukrainian shop that also takes Blik online (configuration data; the sandbox takes any country).
    await ctx.database.db.insert(paymentOptions).values({
      country: 'ua',
      name: 'blik',
      group: 'online',
      translateKey: 'payment.blik',
      availableFor: ['web', 'cc', 'bot'],
      position: 5,
    });
    const b = await makeBasket(ctx.database.db, { restaurant: UA });
    const placedBody = await (
      await placeOrder(ctx, b.basketId, {
        ...uaCustomer,
        zip: b.zip,
        consents: { orderWithObligation: true },
        paymentMethod: 'blik',
        blikCode: '777123',
      })
    ).json();
    expect(placedBody.order).toMatchObject({ status: 'waiting_for_payment', payment: { status: 'failed' } });
    const order = { id: placedBody.order.id, token: placedBody.accessToken, displayId: placedBody.order.displayId };
    const response = await retry(order, { method: 'cashOnDelivery' });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.redirectUrl).toBeNull();
    expect(body.order).toMatchObject({
      status: 'new',
      paymentMethod: 'cashOnDelivery',
      paymentType: 'cash',
      acceptSecondsLeft: 600,
      groups: { waitingForPayment: false, waitingForRestaurantAccept: true },
    });
    const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, uaCustomer.email));
    expect(mails.filter((m) => m.text.includes(order.displayId))).toHaveLength(1);
    // No new payment: the courier takes the money.
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('refuses cash on delivery on the web in Poland (call centre only) and a method no option lists', async () => {
    const order = await declinedBlik();
    for (const method of ['cashOnDelivery', 'cardOnDelivery']) {
      const response = await retry(order, { method });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'paymentMethodUnavailable' });
    }
    expect((await retry(order, { method: 'paypal' })).status).toBe(400);
    expect((await orderStatus(ctx, order.id, order.token)).status).toBe('waiting_for_payment');
  });

  it('refuses a method outside its availability hours', async () => {
    await ctx.database.db
      .update(paymentOptions)
      .set({ availabilityHours: { mondayToFriday: { from: '18:00', to: '22:00' }, saturday: null, sunday: null } })
      .where(and(eq(paymentOptions.country, 'pl'), eq(paymentOptions.name, 'fastTransfer')));
    const order = await declinedBlik();
    const response = await retry(order, { method: 'fastTransfer' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'paymentMethodUnavailable' });
    // 18:30 in Warsaw.
    ctx.setNow(new Date('2026-03-04T17:30:00Z'));
    const late = await declinedBlik();
    expect((await retry(late, { method: 'fastTransfer' })).status).toBe(201);
  });

  it('checks the Blik code as place-order does', async () => {
    const order = await declinedBlik();
    for (const [blikCode, error] of [
      ['12a456', 'blikCodeMustBeNumber'],
      ['12345', 'blikCode'],
      [undefined, 'blikCode'],
    ] as const) {
      const response = await retry(order, { method: 'blik', ...(blikCode ? { blikCode } : {}) });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error });
    }
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('asks for the provider’s terms when the order holds no acceptance of them', async () => {
    const order = await declinedBlik();
    // As a call-centre order taken without the customer's acceptance would be stored.
    await ctx.database.db
      .update(orders)
      .set({ consents: { ...allConsents, providerTerms: false } })
      .where(eq(orders.id, order.id));
    const refused = await retry(order, { method: 'blik', blikCode: '123456' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'consentRequired', details: { missing: ['providerTerms'] } });
    const accepted = await retry(order, { method: 'blik', blikCode: '123456', consents: { providerTerms: true } });
    expect(accepted.status).toBe(201);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.consents['providerTerms']).toBe(true);
    await settle(ctx);
  });

  it('needs the order’s token or its customer’s session, and an Idempotency-Key', async () => {
    const order = await declinedBlik();
    expect((await retry(order, { method: 'blik', blikCode: '123456' }, undefined, { token: null })).status).toBe(404);
    expect(
      (await retry(order, { method: 'blik', blikCode: '123456' }, undefined, { token: 'x'.repeat(43) })).status,
    ).toBe(404);
    const keyless = await retry(order, { method: 'blik', blikCode: '123456' }, null);
    expect(keyless.status).toBe(400);
    expect(await keyless.json()).toEqual({ requestId: expect.any(String), error: 'idempotencyKeyRequired' });
    // Another site's page cannot make the customer's browser pay.
    const forged = await request(ctx, `/api/orders/${order.id}/payments?token=${order.token}`, {
      method: 'POST',
      body: JSON.stringify({ method: 'blik', blikCode: '123456' }),
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'idempotency-key': crypto.randomUUID(),
      },
    });
    expect(forged.status).toBe(403);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });
});

describe('what a retry refuses', () => {
  it('an order that is paid, on delivery or canceled: orderNotAwaitingPayment', async () => {
    const paid = await placed('blik', { blikCode: '123456' });
    await settle(ctx);
    expect((await orderStatus(ctx, paid.id, paid.token)).status).toBe('new');

    const b = await makeBasket(ctx.database.db, { restaurant: UA });
    const cash = await (
      await placeOrder(ctx, b.basketId, {
        ...uaCustomer,
        zip: b.zip,
        consents: { orderWithObligation: true },
        paymentMethod: 'cashOnDelivery',
      })
    ).json();

    const canceled = await declinedBlik();
    ctx.setNow(at(15));
    await sweepOverdueOrders(ctx.deps);
    expect((await orderStatus(ctx, canceled.id, canceled.token)).status).toBe('canceled');

    for (const order of [paid, { id: cash.order.id, token: cash.accessToken, displayId: '' }, canceled]) {
      const response = await retry(order, { method: 'blik', blikCode: '123456' });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'orderNotAwaitingPayment' });
    }
  });

  it('a Blik approval still pending: paymentInProgress, and nothing new is started', async () => {
    const notifications = holdNotifications(ctx);
    const order = await placed('blik', { blikCode: '123456' });
    expect((await orderStatus(ctx, order.id, order.token)).payment).toMatchObject({ status: 'pending' });
    const response = await retry(order, { method: 'fastTransfer' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'paymentInProgress' });
    expect(await paymentsOf(order.id)).toHaveLength(1);
    await notifications.release();
  });

  it('a transfer left at the bank page: paid another way, with the deadline shown till then; the bank’s late money goes back', async () => {
    const order = await placed('fastTransfer');
    const waiting = await orderStatus(ctx, order.id, order.token);
    expect(waiting).toMatchObject({
      status: 'waiting_for_payment',
      payment: { method: 'fastTransfer', status: 'pending', redirectUrl: expect.stringContaining('/sandbox-bank/') },
      // 15 minutes from the order: until then it can be paid.
      paymentDeadline: at(15).toISOString(),
    });
    const abandoned = waiting.payment.redirectUrl as string;

    const response = await retry(order, { method: 'blik', blikCode: '123456' });
    expect(response.status).toBe(201);
    await settle(ctx);
    const paid = await orderStatus(ctx, order.id, order.token);
    expect(paid).toMatchObject({ status: 'new', payment: { method: 'blik', status: 'paid' }, paymentDeadline: null });
    expect((await paymentsOf(order.id)).map((p) => [p.method, p.status])).toEqual([
      ['fastTransfer', 'pending'],
      ['blik', 'paid'],
    ]);

    // The customer pays at the bank page they had left after all: that money is refunded, the order paid once.
    const warn = captureWarnings();
    await bank(abandoned, 'pay');
    await settle(ctx);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['refunded', 'paid']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('paid late (paidTwice)'));
    expect(await confirmations(order)).toBe(1);
  });

  it('past the 15 minutes, even before the sweep has canceled the order', async () => {
    const order = await declinedBlik();
    ctx.setNow(at(15));
    const response = await retry(order, { method: 'blik', blikCode: '123456' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'orderNotAwaitingPayment' });
  });
});

describe('two clicks, late money, the timeout', () => {
  it('two submits with one Idempotency-Key start one payment; the key with another method is refused', async () => {
    const order = await declinedBlik();
    const key = crypto.randomUUID();
    const answers = await Promise.all([
      retry(order, { method: 'fastTransfer' }, key),
      retry(order, { method: 'fastTransfer' }, key),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const [a, b] = await Promise.all(answers.map((r) => r.json()));
    expect(a.redirectUrl).toBe(b.redirectUrl);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['failed', 'pending']);
    const reused = await retry(order, { method: 'blik', blikCode: '123456' }, key);
    expect(reused.status).toBe(409);
    expect(await reused.json()).toEqual({ requestId: expect.any(String), error: 'idempotencyKeyReused' });
  });

  it('the declined attempt paid late after the retry paid: that attempt alone is refunded, with the reason', async () => {
    const order = await declinedBlik();
    expect((await retry(order, { method: 'blik', blikCode: '123456' })).status).toBe(201);
    await settle(ctx);
    const [declined, retried] = await paymentsOf(order.id);
    expect(retried!.status).toBe('paid');

    const warn = captureWarnings();
    await notify(declined!, 'paid');
    const rows = await paymentsOf(order.id);
    expect(rows.map((p) => p.status)).toEqual(['refunded', 'paid']);
    const given = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, declined!.id));
    expect(given).toEqual([expect.objectContaining({ amount: declined!.amount, reason: 'latePayment' })]);
    expect(await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, retried!.id))).toEqual([]);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, declined!.id), eq(auditLog.action, 'payment.latePaid')));
    expect(audit!.data).toMatchObject({ reason: 'paidAfterFailed', orderStatus: 'new', refundQueued: true });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('paid late (paidAfterFailed)'));
    // The order goes on, paid once.
    expect(await orderStatus(ctx, order.id, order.token)).toMatchObject({ status: 'new', payment: { status: 'paid' } });
  });

  it('the declined attempt paid late while the retry was pending: the order goes on, the retry’s money goes back', async () => {
    const order = await declinedBlik();
    const body = await (await retry(order, { method: 'fastTransfer' })).json();
    const [declined] = await paymentsOf(order.id);
    await notify(declined!, 'paid');
    expect((await orderStatus(ctx, order.id, order.token)).status).toBe('new');

    const warn = captureWarnings();
    await bank(body.redirectUrl, 'pay');
    await settle(ctx);
    const [first, second] = await paymentsOf(order.id);
    expect(first!.status).toBe('paid');
    expect(second!.status).toBe('refunded');
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, second!.id), eq(auditLog.action, 'payment.latePaid')));
    expect(audit!.data).toMatchObject({ reason: 'paidTwice', orderStatus: 'new' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('paid late (paidTwice)'));
    expect(await confirmations(order)).toBe(1);
  });

  it('the 15-minute sweep still cancels an order whose retries never paid', async () => {
    const order = await declinedBlik();
    ctx.setNow(at(5));
    expect((await retry(order, { method: 'blik', blikCode: '777123' })).status).toBe(201);
    ctx.setNow(at(10));
    const pending = await (await retry(order, { method: 'fastTransfer' })).json();
    expect(pending.order.payment.status).toBe('pending');
    ctx.setNow(at(14.9));
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ canceled: 0 });
    // Counted from when the order was placed, not from the last attempt.
    ctx.setNow(at(15));
    expect(await sweepOverdueOrders(ctx.deps)).toMatchObject({ canceled: 1 });
    expect(await orderStatus(ctx, order.id, order.token)).toMatchObject({
      status: 'canceled',
      payment: { method: 'fastTransfer', status: 'canceled' },
    });
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['failed', 'failed', 'canceled']);
  });
});

describe('GET /api/payment-methods', () => {
  it('Poland on the web: the online methods, Blik highlighted first, all needing the provider’s terms', async () => {
    const response = await request(ctx, '/api/payment-methods?country=pl&channel=web');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.methods.map((m: { id: string }) => m.id)).toEqual(['blik', 'googlePay', 'fastTransfer']);
    expect(body.methods[0]).toMatchObject({
      id: 'blik',
      group: 'online',
      online: true,
      highlighted: true,
      availableNow: true,
      providerTermsRequired: true,
      availabilityHours: { mondayToFriday: { from: '00:00', to: '24:00' } },
    });
    expect(body.methods.every((m: { providerTermsRequired: boolean }) => m.providerTermsRequired)).toBe(true);
    expect(body.hiddenConsents).toEqual([]);
  });

  it('the call centre in Poland also gets payment on delivery; Ukraine on the web gets it, with agree1/2 hidden', async () => {
    const cc = await (await request(ctx, '/api/payment-methods?country=pl&channel=cc')).json();
    expect(cc.methods.map((m: { id: string }) => m.id)).toEqual(['blik', 'cashOnDelivery', 'cardOnDelivery']);
    const ua = await (await request(ctx, '/api/payment-methods?country=ua')).json();
    expect(ua).toMatchObject({ country: 'ua', channel: 'web', hiddenConsents: ['agree1', 'agree2'] });
    expect(ua.methods).toEqual([
      expect.objectContaining({ id: 'cashOnDelivery', group: 'cash', online: false, providerTermsRequired: false }),
      expect.objectContaining({ id: 'cardOnDelivery', group: 'card', online: false, providerTermsRequired: false }),
    ]);
  });

  it('follows the configured options: an inactive one is gone, one outside its hours is not available now', async () => {
    await ctx.database.db
      .update(paymentOptions)
      .set({ status: 'inactive' })
      .where(and(eq(paymentOptions.country, 'pl'), eq(paymentOptions.name, 'googlePay')));
    await ctx.database.db
      .update(paymentOptions)
      .set({ availabilityHours: { mondayToFriday: { from: '18:00', to: '22:00' }, saturday: null, sunday: null } })
      .where(and(eq(paymentOptions.country, 'pl'), eq(paymentOptions.name, 'fastTransfer')));
    const body = await (await request(ctx, '/api/payment-methods?country=pl')).json();
    expect(body.methods.map((m: { id: string; availableNow: boolean }) => [m.id, m.availableNow])).toEqual([
      ['blik', true],
      ['fastTransfer', false],
    ]);
  });

  it('refuses an unknown country or channel', async () => {
    for (const query of ['', '?country=de', '?country=pl&channel=fax']) {
      const response = await request(ctx, `/api/payment-methods${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe('validation');
    }
  });
});
