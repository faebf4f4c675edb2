import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orders, paymentNotifications, payments, refunds } from '#db/schema/index.ts';
import { SYSTEM } from '#server/services/actor.ts';
import { changeOrderStatus } from '#server/services/orders/change-status.ts';
import { signBody } from '#server/services/payments/signature.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, orderStatus, placeOrder, plCustomer, settle } from '../helpers/orders.ts';
import { captureWarnings, stopCapturingWarnings } from '../helpers/log.ts';

const ctx = useTestApp();
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));
afterEach(() => {
  stopCapturingWarnings();
});

/** An order paid by fast transfer, still waiting for the bank's notification. */
async function waitingOrder() {
  const b = await makeBasket(ctx.database.db);
  const body = await (
    await placeOrder(ctx, b.basketId, {
      ...plCustomer,
      zip: b.zip,
      consents: allConsents,
      paymentMethod: 'fastTransfer',
    })
  ).json();
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, body.order.id));
  return { order: body.order, token: body.accessToken as string, payment: payment! };
}

const notify = (raw: string, signature: string | null) =>
  request(ctx, '/api/payments/notify', {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature': signature } : {}) },
  });

const notificationFor = (payment: { id: string; externalId: string | null; amount: number }, status = 'paid') =>
  JSON.stringify({
    id: `ntf_${crypto.randomUUID()}`,
    paymentId: payment.id,
    externalId: payment.externalId,
    status,
    amount: payment.amount,
    currency: 'PLN',
  });

/** What the audit log says about the late 'paid' of a payment. */
async function latePaidAudit(paymentId: string) {
  const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, paymentId));
  const late = rows.filter((row) => row.action === 'payment.latePaid');
  expect(late).toHaveLength(1);
  return late[0]!.data;
}

describe('payment webhook', () => {
  it('refuses a bad or missing signature with 401 and changes nothing', async () => {
    const { order, token, payment } = await waitingOrder();
    const raw = notificationFor(payment);
    const secret = ctx.deps.env.paymentWebhookSecret;
    for (const signature of [null, 'abc', signBody('another-secret-of-16+', raw), signBody(secret, `${raw} `)]) {
      const response = await notify(raw, signature);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'invalidSignature' });
    }
    expect((await orderStatus(ctx, order.id, token)).status).toBe('waiting_for_payment');
    expect(await ctx.database.db.select().from(paymentNotifications)).toHaveLength(0);
    const [after] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.status).toBe('pending');
  });

  it('applies a signed notification once; a replay answers 200 and changes nothing', async () => {
    const { order, token, payment } = await waitingOrder();
    const raw = notificationFor(payment);
    const signature = signBody(ctx.deps.env.paymentWebhookSecret, raw);
    const first = await notify(raw, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, duplicate: false });
    const paid = await orderStatus(ctx, order.id, token);
    expect(paid.status).toBe('new');
    const replay = await notify(raw, signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ ok: true, duplicate: true });
    const again = await orderStatus(ctx, order.id, token);
    expect(again).toEqual(paid);
    // A later "failed" about a settled payment does not undo it either.
    const late = notificationFor(payment, 'failed');
    expect((await notify(late, signBody(ctx.deps.env.paymentWebhookSecret, late))).status).toBe(200);
    expect((await orderStatus(ctx, order.id, token)).status).toBe('new');
  });

  it('a paid notification with another amount is not applied', async () => {
    const { order, token, payment } = await waitingOrder();
    const raw = notificationFor({ ...payment, amount: payment.amount - 1 });
    const warn = captureWarnings();
    expect((await notify(raw, signBody(ctx.deps.env.paymentWebhookSecret, raw))).status).toBe(200);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/not applied: amountMismatch$/));
    expect((await orderStatus(ctx, order.id, token)).status).toBe('waiting_for_payment');
  });

  it('a notification refused for its amount is not recorded: the right one that follows, same id, pays the order', async () => {
    const { order, token, payment } = await waitingOrder();
    const id = `ntf_${crypto.randomUUID()}`;
    const body = (amount: number) =>
      JSON.stringify({
        id,
        paymentId: payment.id,
        externalId: payment.externalId,
        status: 'paid',
        amount,
        currency: 'PLN',
      });
    const warn = captureWarnings();
    const wrong = body(payment.amount - 100);
    expect(await (await notify(wrong, signBody(ctx.deps.env.paymentWebhookSecret, wrong))).json()).toEqual({
      ok: true,
      duplicate: false,
    });
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/not applied: amountMismatch$/),
    ]);
    expect(await ctx.database.db.select().from(paymentNotifications)).toHaveLength(0);
    expect((await orderStatus(ctx, order.id, token)).status).toBe('waiting_for_payment');
    // The provider sends it again, right this time (and Przelewy24 has already taken the money by then).
    const right = body(payment.amount);
    expect(await (await notify(right, signBody(ctx.deps.env.paymentWebhookSecret, right))).json()).toEqual({
      ok: true,
      duplicate: false,
    });
    expect((await orderStatus(ctx, order.id, token)).status).toBe('new');
    expect(await ctx.database.db.select().from(paymentNotifications)).toHaveLength(1);
  });

  it('a notification naming another of the provider’s orders is refused and audited; the payment’s own one pays', async () => {
    const { order, token, payment } = await waitingOrder();
    expect(payment.externalId).toBeTruthy();
    const warn = captureWarnings();
    const forged = notificationFor({ ...payment, externalId: 'sbx_someone_elses_order' });
    expect(await (await notify(forged, signBody(ctx.deps.env.paymentWebhookSecret, forged))).json()).toEqual({
      ok: true,
      duplicate: false,
    });
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/not applied: otherProviderOrder$/),
    ]);
    expect((await orderStatus(ctx, order.id, token)).status).toBe('waiting_for_payment');
    expect(await ctx.database.db.select().from(paymentNotifications)).toHaveLength(0);
    const audited = (await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, payment.id))).filter(
      (row) => row.action === 'payment.otherProviderOrder',
    );
    expect(audited.map((row) => row.data)).toEqual([
      { stored: payment.externalId, notified: 'sbx_someone_elses_order', status: 'paid', provider: 'sandbox' },
    ]);
    const own = notificationFor(payment);
    expect((await notify(own, signBody(ctx.deps.env.paymentWebhookSecret, own))).status).toBe(200);
    expect((await orderStatus(ctx, order.id, token)).status).toBe('new');
  });

  it('a signed notification about another provider’s payment, or one that is not ours, changes and keeps nothing', async () => {
    const { order, token, payment } = await waitingOrder();
    // The same payment as PayU's: the sandbox's signature cannot settle it.
    await ctx.database.db.update(payments).set({ provider: 'payu' }).where(eq(payments.id, payment.id));
    const warn = captureWarnings();
    for (const raw of [
      notificationFor({ ...payment, externalId: 'sbx_other' }),
      notificationFor({ ...payment, id: crypto.randomUUID() }),
    ]) {
      const response = await notify(raw, signBody(ctx.deps.env.paymentWebhookSecret, raw));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, duplicate: false });
    }
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/not applied: unknownPayment$/),
      expect.stringMatching(/not applied: unknownPayment$/),
    ]);
    expect(await ctx.database.db.select().from(paymentNotifications)).toHaveLength(0);
    const [after] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'pending', externalId: payment.externalId });
    expect((await orderStatus(ctx, order.id, token)).status).toBe('waiting_for_payment');
  });

  it('fills in the provider’s id of a payment whose creation answer was lost; a replay does not change it', async () => {
    const { order, token, payment } = await waitingOrder();
    await ctx.database.db.update(payments).set({ externalId: null }).where(eq(payments.id, payment.id));
    const raw = notificationFor({ ...payment, externalId: 'sbx_first' });
    expect((await notify(raw, signBody(ctx.deps.env.paymentWebhookSecret, raw))).status).toBe(200);
    // The same notification again: a replay.
    expect(await (await notify(raw, signBody(ctx.deps.env.paymentWebhookSecret, raw))).json()).toEqual({
      ok: true,
      duplicate: true,
    });
    // Another provider id for the same payment is another notification, about a payment already settled: it changes
    // nothing, the id filled in first stays, and it is not recorded.
    const other = JSON.stringify({ ...(JSON.parse(raw) as object), externalId: 'sbx_second' });
    const response = await notify(other, signBody(ctx.deps.env.paymentWebhookSecret, other));
    expect(await response.json()).toEqual({ ok: true, duplicate: false });
    expect(await ctx.database.db.select().from(paymentNotifications)).toHaveLength(1);
    const [after] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'paid', externalId: 'sbx_first' });
    expect((await orderStatus(ctx, order.id, token)).status).toBe('new');
  });

  it('accepts a signed form-encoded notification, as providers post them', async () => {
    const { order, token, payment } = await waitingOrder();
    const raw = new URLSearchParams({
      id: `ntf_${crypto.randomUUID()}`,
      paymentId: payment.id,
      externalId: payment.externalId!,
      status: 'paid',
      amount: String(payment.amount),
      currency: 'PLN',
    }).toString();
    const response = await request(ctx, '/api/payments/notify', {
      method: 'POST',
      body: raw,
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'x-signature': signBody(ctx.deps.env.paymentWebhookSecret, raw),
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, duplicate: false });
    expect((await orderStatus(ctx, order.id, token)).status).toBe('new');
  });

  it('is exempt from the CSRF check: a cross-site post is refused by its signature, and nothing changes', async () => {
    const { order, token, payment } = await waitingOrder();
    const raw = new URLSearchParams({
      id: `ntf_${crypto.randomUUID()}`,
      paymentId: payment.id,
      externalId: payment.externalId!,
      status: 'paid',
      amount: String(payment.amount),
      currency: 'PLN',
    }).toString();
    const crossSite = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' };
    const response = await request(ctx, '/api/payments/notify', { method: 'POST', body: raw, headers: crossSite });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'invalidSignature' });
    expect((await orderStatus(ctx, order.id, token)).status).toBe('waiting_for_payment');
    // The exemption is the webhook's alone: the same cross-site form post elsewhere in the API is refused.
    const login = await request(ctx, '/api/auth/login', {
      method: 'POST',
      body: 'email=a%40example.com&password=x',
      headers: crossSite,
    });
    expect(login.status).toBe(403);
  });

  it('answers 400 to a signed form-encoded body that is not a notification', async () => {
    const raw = new URLSearchParams({ id: 'ntf_1', paymentId: crypto.randomUUID(), amount: '12.50' }).toString();
    const response = await request(ctx, '/api/payments/notify', {
      method: 'POST',
      body: raw,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-signature': signBody(ctx.deps.env.paymentWebhookSecret, raw),
      },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'validation' });
  });

  it('answers 400 to a signed body that is not a notification', async () => {
    const raw = JSON.stringify({ hello: 'world' });
    expect((await notify(raw, signBody(ctx.deps.env.paymentWebhookSecret, raw))).status).toBe(400);
  });

  it('a payment that arrives after the order was canceled for non-payment is refunded and recorded', async () => {
    const { order, token, payment } = await waitingOrder();
    ctx.setNow(new Date('2026-03-04T11:16:00Z'));
    // The timeout (as the sweep would do it) …
    await changeOrderStatus(ctx.deps, {
      orderId: order.id,
      to: 'canceled',
      reason: 'paymentTimeout',
      actor: SYSTEM,
      now: ctx.deps.now(),
    });
    // … and then the bank says it was paid after all.
    const raw = notificationFor(payment);
    const warn = captureWarnings();
    expect((await notify(raw, signBody(ctx.deps.env.paymentWebhookSecret, raw))).status).toBe(200);
    const view = await orderStatus(ctx, order.id, token);
    expect(view.status).toBe('canceled');
    expect(view.refund).toMatchObject({ amount: payment.amount, status: 'succeeded' });
    const [refund] = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ reason: 'latePayment', status: 'succeeded' });
    const [after] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.status).toBe('refunded');
    expect(await latePaidAudit(payment.id)).toMatchObject({ reason: 'paidAfterCanceled', orderStatus: 'canceled' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`order ${order.id} paid late (paidAfterCanceled)`));
  });

  it.each([
    ['failed', 'paidAfterFailed'],
    ['canceled', 'paidAfterCanceled'],
  ])(
    'a payment paid after the provider said %s is refunded, with the reason in the audit log and a log line',
    async (first, reason) => {
      const { order, token, payment } = await waitingOrder();
      const gaveUp = notificationFor(payment, first);
      expect((await notify(gaveUp, signBody(ctx.deps.env.paymentWebhookSecret, gaveUp))).status).toBe(200);
      // Issue 15: the order waits for another payment until the payment timeout cancels it.
      expect((await orderStatus(ctx, order.id, token)).status).toBe('waiting_for_payment');
      ctx.setNow(new Date('2026-03-04T11:16:00Z'));
      await changeOrderStatus(ctx.deps, {
        orderId: order.id,
        to: 'canceled',
        reason: 'paymentTimeout',
        actor: SYSTEM,
        now: ctx.deps.now(),
      });

      const warn = captureWarnings();
      const paid = notificationFor(payment, 'paid');
      const response = await notify(paid, signBody(ctx.deps.env.paymentWebhookSecret, paid));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, duplicate: false });

      // The customer sees the money going back on the order's page; the order stays canceled.
      const view = await orderStatus(ctx, order.id, token);
      expect(view.status).toBe('canceled');
      expect(view.refund).toMatchObject({ amount: payment.amount, status: 'succeeded' });
      const [after] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(after!.status).toBe('refunded');
      const [refund] = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
      expect(refund).toMatchObject({ amount: payment.amount, status: 'succeeded', reason: 'latePayment' });
      expect(await latePaidAudit(payment.id)).toEqual({
        reason,
        orderId: order.id,
        paymentStatus: first,
        orderStatus: 'canceled',
        amount: payment.amount,
        currency: 'PLN',
        refundQueued: true,
      });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toBe(
        `payment ${payment.id} of order ${order.id} paid late (${reason}): refunding ${payment.amount} PLN`,
      );

      // The provider repeating itself refunds nothing twice.
      expect((await notify(paid, signBody(ctx.deps.env.paymentWebhookSecret, paid))).status).toBe(200);
      expect(await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
    },
  );

  it('the sandbox’s own notifications go through the same webhook and are recorded', async () => {
    const b = await makeBasket(ctx.database.db);
    const body = await (
      await placeOrder(ctx, b.basketId, {
        ...plCustomer,
        zip: b.zip,
        consents: allConsents,
        paymentMethod: 'blik',
        blikCode: '000000',
      })
    ).json();
    await settle(ctx);
    const recorded = await ctx.database.db.select().from(paymentNotifications);
    expect(recorded).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(row!.status).toBe('new');
  });
});
