import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, payments, refunds } from '#db/schema/index.ts';
import { SYSTEM } from '#server/services/actor.ts';
import { changeOrderStatus } from '#server/services/orders/change-status.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { P24_CREDENTIALS, P24_GOOGLE_PAY_METHOD_ID, startFakeP24 } from '../helpers/fake-providers.ts';
import { allConsents, makeBasket, orderStatus, placeOrder, plCustomer, UA, uaCustomer } from '../helpers/orders.ts';
import { captureWarnings } from '../helpers/log.ts';

let p24: Awaited<ReturnType<typeof startFakeP24>>;
const env: Record<string, string> = {};
beforeAll(async () => {
  p24 = await startFakeP24();
  Object.assign(env, {
    ...P24_CREDENTIALS,
    P24_BASE_URL: p24.url,
    P24_GOOGLE_PAY_METHOD_ID,
    PAYMENT_ROUTES: 'pl.blik=przelewy24,pl.googlePay=przelewy24,pl.fastTransfer=przelewy24',
  });
});
afterAll(() => p24.close());
const ctx = useTestApp(env);
beforeEach(() => {
  ctx.setNow(new Date('2026-03-04T11:00:00Z'));
  p24.state.verifyRefuses = false;
  p24.resetFaults();
});

async function order(paymentMethod: string, extra: Record<string, unknown> = {}) {
  const b = await makeBasket(ctx.database.db);
  const response = await placeOrder(ctx, b.basketId, {
    ...plCustomer,
    zip: b.zip,
    consents: allConsents,
    paymentMethod,
    ...extra,
  });
  const body = await response.json();
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, body.order.id));
  return { body, token: body.accessToken as string, payment: payment! };
}

const notify = (raw: string) =>
  request(ctx, '/api/payments/notify/przelewy24', {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json' },
  });

describe('Przelewy24', () => {
  it('pay-by-link round trip: signed register, redirect, signed notification, verify, then paid; replays and forgeries change nothing', async () => {
    const { body, token, payment } = await order('fastTransfer');
    expect(body.redirectUrl).toBe(`${p24.url}/trnRequest/${payment.externalId}`);
    const forged = p24.pay(payment.id, 'not-the-crc');
    expect((await notify(forged)).status).toBe(401);
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('waiting_for_payment');

    const raw = p24.pay(payment.id);
    // Verify refused: not paid, and an error answer so that Przelewy24 notifies again.
    p24.state.verifyRefuses = true;
    expect((await notify(raw)).status).toBe(503);
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('waiting_for_payment');
    p24.state.verifyRefuses = false;
    const first = await notify(raw);
    expect(await first.json()).toEqual({ ok: true, duplicate: false });
    expect([...p24.transactions.values()].find((t) => t.sessionId === payment.id)!.verified).toBe(true);
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('new');
    expect(await (await notify(raw)).json()).toEqual({ ok: true, duplicate: true });
    // Przelewy24's order id, known only from the notification, is kept next to the registration token.
    const [paid] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(paid).toMatchObject({
      externalId: payment.externalId,
      providerOrderId: String(JSON.parse(raw).orderId),
      status: 'paid',
    });

    await changeOrderStatus(ctx.deps, {
      orderId: body.order.id,
      to: 'rejected',
      reason: 'restaurant',
      actor: SYSTEM,
      now: ctx.deps.now(),
    });
    const [refund] = await ctx.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ status: 'succeeded' });
    expect(p24.refunds.at(-1)).toMatchObject({ refunds: [{ sessionId: payment.id, amount: payment.amount }] });
  });

  it('a notification naming another Przelewy24 order than the one the payment was paid as is refused and audited', async () => {
    const { body, token, payment } = await order('fastTransfer');
    // Przelewy24 once named order 299999999 for this payment (its first applied notification, say, before a
    // cancellation); the buyer's transaction is another one.
    await ctx.database.db.update(payments).set({ providerOrderId: '299999999' }).where(eq(payments.id, payment.id));
    const warn = captureWarnings();
    const raw = p24.pay(payment.id);
    expect(await (await notify(raw)).json()).toEqual({ ok: true, duplicate: false });
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/not applied: otherProviderOrder$/),
    ]);
    warn.mockRestore();
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('waiting_for_payment');
    const audited = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, payment.id));
    expect(audited.filter((row) => row.action === 'payment.otherProviderOrder').map((row) => row.data)).toEqual([
      { stored: '299999999', notified: String(JSON.parse(raw).orderId), status: 'paid', provider: 'przelewy24' },
    ]);
    const [after] = await ctx.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: 'pending', providerOrderId: '299999999' });
  });

  it('Blik by code: accepted waits for the notification; a refused code fails the payment', async () => {
    const accepted = await order('blik', { blikCode: '123456' });
    expect(accepted.body.order.status).toBe('waiting_for_payment');
    expect(JSON.parse(p24.seen.filter((s) => s.path.endsWith('/chargeByCode')).at(-1)!.body)).toEqual({
      token: accepted.payment.externalId,
      blikCode: '123456',
    });
    const refused = await order('blik', { blikCode: '000000' });
    expect((await orderStatus(ctx, refused.body.order.id, refused.token)).payment.status).toBe('failed');
  });

  it('a lost notification: the sweep finds the transaction paid but unverified, verifies it, and the order comes in', async () => {
    const { body, token, payment } = await order('fastTransfer');
    p24.pay(payment.id); // the buyer paid; the notification never reaches us
    ctx.setNow(new Date('2026-03-04T11:04:00Z'));
    await sweepOverdueOrders(ctx.deps);
    expect([...p24.transactions.values()].find((t) => t.sessionId === payment.id)!.verified).toBe(true);
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('new');
  });

  it('a 5xx on register is not retried (not idempotent): one attempt, the order waits', async () => {
    p24.failNext('503');
    const before = p24.seen.filter((s) => s.path.endsWith('/register')).length;
    const { body, payment } = await order('fastTransfer');
    expect(p24.seen.filter((s) => s.path.endsWith('/register')).length - before).toBe(1);
    expect(body.order.status).toBe('waiting_for_payment');
    expect(payment.externalId).toBeNull();
  });

  it('a method no provider takes in the country cannot be ordered: paymentMethodUnavailable', async () => {
    // PAYMENT_ROUTES names Poland only: Ukraine has no provider for Blik here.
    const b = await makeBasket(ctx.database.db, { restaurant: UA });
    const response = await placeOrder(ctx, b.basketId, {
      ...uaCustomer,
      zip: b.zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'paymentMethodUnavailable' });
  });

  it('Google Pay: the token registered base64-encoded with the Google Pay method, then charged; the page’s PaymentDataRequest names the przelewy24 gateway', async () => {
    const config = await (await request(ctx, '/api/payments/config?country=pl')).json();
    expect(config.methods).toEqual(['blik', 'googlePay', 'fastTransfer']);
    expect(config.sandbox).toBe(false);
    expect(config.googlePay).toMatchObject({
      gateway: 'przelewy24',
      gatewayMerchantId: P24_CREDENTIALS.P24_MERCHANT_ID,
      environment: 'TEST',
      paymentMethodSpecification: {
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: 'przelewy24', gatewayMerchantId: P24_CREDENTIALS.P24_MERCHANT_ID },
        },
      },
    });

    const googleToken = '{"signature":"MEYCIQ","protocolVersion":"ECv2","signedMessage":"{}"}';
    const { body, token, payment } = await order('googlePay', { googlePayToken: googleToken });
    expect(body.order.status).toBe('waiting_for_payment');
    expect(body.redirectUrl).toBeNull();
    const registered = JSON.parse(p24.seen.filter((s) => s.path.endsWith('/register')).at(-1)!.body);
    expect(registered).toMatchObject({
      sessionId: payment.id,
      method: Number(P24_GOOGLE_PAY_METHOD_ID),
      methodRefId: Buffer.from(googleToken).toString('base64'),
    });
    expect(registered.channel).toBeUndefined();
    expect(JSON.parse(p24.seen.filter((s) => s.path.endsWith('/card/chargeWith3ds')).at(-1)!.body)).toEqual({
      token: payment.externalId,
    });
    // Paid once the notification is verified, as every Przelewy24 payment.
    expect(await (await notify(p24.pay(payment.id))).json()).toEqual({ ok: true, duplicate: false });
    expect((await orderStatus(ctx, body.order.id, token)).status).toBe('new');
    // Support sees the calls, never the token.
    await ctx.deps.payments.recorded();
    const log = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, payment.id));
    expect(log.map((row) => row.action)).toEqual(
      expect.arrayContaining(['payment.register.googlePay', 'payment.cardChargeWith3ds', 'payment.notification']),
    );
    expect(JSON.stringify(log)).not.toContain('MEYCIQ');
  });

  it('Google Pay: a declined card fails the payment (the order waits for another); one asking for 3-D Secure sends the customer to the bank', async () => {
    const declined = await order('googlePay', { googlePayToken: '{"card":"declined"}' });
    const view = await orderStatus(ctx, declined.body.order.id, declined.token);
    expect(view).toMatchObject({ status: 'waiting_for_payment', payment: { status: 'failed' } });
    const secure = await order('googlePay', { googlePayToken: '{"card":"3ds"}' });
    expect(secure.body.redirectUrl).toBe(`${p24.url}/3ds/${secure.payment.externalId}`);
    expect(secure.body.order.status).toBe('waiting_for_payment');
  });
});
