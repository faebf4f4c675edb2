import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, payments, refunds } from '#db/schema/index.ts';
import { SYSTEM } from '#server/services/actor.ts';
import { changeOrderStatus } from '#server/services/orders/change-status.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { PAYU_CREDENTIALS, startFakePayu } from '../helpers/fake-providers.ts';
import { allConsents, makeBasket, orderStatus, placeOrder, plCustomer } from '../helpers/orders.ts';

let payu: Awaited<ReturnType<typeof startFakePayu>>;
const env: Record<string, string> = {};
beforeAll(async () => {
  payu = await startFakePayu();
  Object.assign(env, {
    ...PAYU_CREDENTIALS,
    PAYU_BASE_URL: payu.url,
    PAYMENTS: 'configured',
    PAYMENT_ROUTES: 'pl.blik=payu,pl.googlePay=payu,pl.fastTransfer=payu',
    // The shop behind one proxy, so the buyer's address PayU is given comes from X-Forwarded-For.
    TRUST_PROXY: '1',
  });
});
afterAll(() => payu.close());
const ctx = useTestApp(env);
beforeEach(() => {
  ctx.setNow(new Date('2026-03-04T11:00:00Z'));
  payu.resetFaults();
});

async function order(paymentMethod: string, extra: Record<string, unknown> = {}) {
  const b = await makeBasket(ctx.database.db);
  const response = await placeOrder(
    ctx,
    b.basketId,
    { ...plCustomer, zip: b.zip, consents: allConsents, paymentMethod, ...extra },
    crypto.randomUUID(),
    { 'x-forwarded-for': '203.0.113.9' },
  );
  const body = await response.json();
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, body.order.id));
  return { status: response.status, body, token: body.accessToken as string, payment: payment! };
}

const notify = (n: { body: string; header: string }) =>
  request(ctx, '/api/payments/notify/payu', {
    method: 'POST',
    body: n.body,
    headers: { 'content-type': 'application/json', 'openpayu-signature': n.header },
  });

describe('PayU', () => {
  it('Blik: the code goes with the order; the signed COMPLETED notification pays it once; replays and forgeries change nothing', async () => {
    const { body, token, payment } = await order('blik', { blikCode: '123456' });
    expect(body.order.status).toBe('waiting_for_payment');
    const created = payu.seen.filter((s) => s.path === '/api/v2_1/orders').at(-1)!;
    const sent = JSON.parse(created.body);
    expect(sent).toMatchObject({
      extOrderId: payment.id,
      totalAmount: String(payment.amount),
      currencyCode: 'PLN',
      merchantPosId: PAYU_CREDENTIALS.PAYU_POS_ID,
      customerIp: '203.0.113.9',
      notifyUrl: 'http://localhost:3000/api/payments/notify/payu',
      buyer: { email: plCustomer.email, firstName: 'Jan', lastName: 'Kowalski', language: 'pl' },
      payMethods: { payMethod: { type: 'BLIK_AUTHORIZATION_CODE', value: '123456' } },
    });
    expect(sent.products.length).toBeGreaterThan(0);
    expect(payment.externalId).toBe(payu.orders.values().next() && [...payu.orders.values()].at(-1)!.orderId);

    const forged = payu.notification(payment.externalId!, 'COMPLETED', 'MD5', 'not-the-second-key');
    expect((await notify(forged)).status).toBe(401);
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('waiting_for_payment');

    const good = payu.notification(payment.externalId!, 'COMPLETED');
    const first = await notify(good);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, duplicate: false });
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('new');
    expect(await (await notify(good)).json()).toEqual({ ok: true, duplicate: true });

    // Support sees every call and notification, never the Blik code.
    await ctx.deps.payments.recorded();
    const log = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, payment.id));
    expect(log.map((row) => row.action)).toEqual(
      expect.arrayContaining(['payment.createOrder.blik', 'payment.notification']),
    );
    expect(JSON.stringify(log)).not.toContain('123456');
  });

  it('Blik: a refused code fails the payment and says so; the order waits for another payment', async () => {
    const { body, token } = await order('blik', { blikCode: '500500' });
    const view = await orderStatus(ctx, body.order.id, token);
    expect(view.payment.status).toBe('failed');
    // Issue 15: the customer may pay again (payment-retry.test.ts) until the payment timeout cancels the order.
    expect(view.status).toBe('waiting_for_payment');
  });

  it('pay-by-link: the customer is sent to PayU and a SHA-256-signed notification brings the order in', async () => {
    const { body, token, payment } = await order('fastTransfer');
    expect(body.redirectUrl).toBe(`${payu.url}/pay/${payment.externalId}`);
    expect(JSON.parse(payu.seen.filter((s) => s.path === '/api/v2_1/orders').at(-1)!.body).payMethods).toBeUndefined();
    const canceled = await notify(payu.notification(payment.externalId!, 'PENDING', 'SHA-256'));
    expect(canceled.status).toBe(200);
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('waiting_for_payment');
    expect((await notify(payu.notification(payment.externalId!, 'COMPLETED', 'SHA-256'))).status).toBe(200);
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('new');
  });

  it('Google Pay: the browser’s token goes base64-encoded as pay method "ap"; the API names the gateway', async () => {
    await order('googlePay', { googlePayToken: '{"signature":"MEUC","protocolVersion":"ECv2"}' });
    const sent = JSON.parse(payu.seen.filter((s) => s.path === '/api/v2_1/orders').at(-1)!.body);
    expect(sent.payMethods.payMethod).toEqual({
      type: 'PBL',
      value: 'ap',
      authorizationCode: Buffer.from('{"signature":"MEUC","protocolVersion":"ECv2"}').toString('base64'),
    });
    const config = await (await request(ctx, '/api/payments/config?country=pl')).json();
    expect(config).toEqual({
      methods: ['blik', 'googlePay', 'fastTransfer'],
      googlePay: {
        gateway: 'payu',
        gatewayMerchantId: PAYU_CREDENTIALS.PAYU_POS_ID,
        environment: 'TEST',
        merchantId: null,
        paymentMethodSpecification: {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: ['VISA', 'MASTERCARD'],
          },
          tokenizationSpecification: {
            type: 'PAYMENT_GATEWAY',
            parameters: { gateway: 'payu', gatewayMerchantId: PAYU_CREDENTIALS.PAYU_POS_ID },
          },
        },
      },
      sandbox: false,
    });
    expect((await request(ctx, '/api/payments/config?country=ua')).status).toBe(200);
    // Google's pay.js, its button and its pop-up sheet may run on the shop's and the brands' pages.
    for (const host of ['localhost', 'pasta-fresca.localhost']) {
      const page = await request(ctx, '/', { host });
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'[^;]* https:\/\/pay\.google\.com/);
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    }
  });

  it('a 5xx and a timeout are retried under the same extOrderId: one PayU order; the token is fetched once', async () => {
    const tokensBefore = payu.tokens.length;
    await order('blik', { blikCode: '111111' });
    payu.failNext('503', 'timeout');
    const { body, payment } = await order('blik', { blikCode: '222222' });
    expect(body.order.status).toBe('waiting_for_payment');
    expect([...payu.orders.values()].filter((o) => o.extOrderId === payment.id)).toHaveLength(1);
    expect(payment.externalId).toBe([...payu.orders.values()].find((o) => o.extOrderId === payment.id)!.orderId);
    expect(payu.tokens.length - tokensBefore).toBe(1);
    await ctx.deps.payments.recorded();
    const attempts = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, payment.id));
    // Written without waiting (provider-http.ts), so in any order: read by attempt.
    const outcomes = attempts
      .map((row) => row.data as { attempt: number; outcome: string })
      .sort((a, b) => a.attempt - b.attempt)
      .map((record) => record.outcome);
    expect(outcomes).toEqual(['503', 'timeout', 'SUCCESS']);
  });

  it('an order PayU created but whose answer was lost: the retry is refused as a duplicate, no second order; the notification completes it', async () => {
    await order('blik', { blikCode: '111111' }); // fetches the token
    payu.failNext('lost');
    const { body, token, payment } = await order('blik', { blikCode: '444444' });
    const created = [...payu.orders.values()].filter((o) => o.extOrderId === payment.id);
    expect(created).toHaveLength(1);
    expect(body.order.status).toBe('waiting_for_payment');
    expect((await notify(payu.notification(created[0]!.orderId, 'COMPLETED'))).status).toBe(200);
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('new');
    const [after] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
    // Now known by PayU's id, so a refund can reach it.
    expect(after!.externalId).toBe(created[0]!.orderId);
  });

  it('a provider that never answers leaves the order waiting; the sandbox bank is not there', async () => {
    // Three attempts (the test app waits 20 and 40 ms between them), each past its time limit.
    payu.failNext('timeout', 'timeout', 'timeout');
    const { status, body } = await order('blik', { blikCode: '333333' });
    expect(status).toBe(201);
    expect(body.order.status).toBe('waiting_for_payment');
    expect((await request(ctx, `/sandbox-bank/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('a lost notification: the sweep asks PayU and settles the order; a rejected paid order is refunded through PayU', async () => {
    const { body, token, payment } = await order('fastTransfer');
    payu.orders.get(payment.externalId!)!.status = 'COMPLETED';
    ctx.setNow(new Date('2026-03-04T11:04:00Z'));
    await sweepOverdueOrders(ctx.deps);
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('new');

    await changeOrderStatus(ctx.deps, {
      orderId: body.order.id,
      to: 'rejected',
      reason: 'restaurant',
      actor: SYSTEM,
      now: ctx.deps.now(),
    });
    const [refund] = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ status: 'succeeded' });
    expect(payu.refunds.at(-1)).toMatchObject({
      orderId: payment.externalId,
      amount: String(payment.amount),
      extRefundId: refund!.id,
    });
  });
});
