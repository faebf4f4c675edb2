import { randomBytes } from 'node:crypto';
import { type } from 'arktype';
import type { PaymentMethod } from '#domain/country.ts';
import type {
  CreatedPayment,
  DeliveredNotification,
  NotificationDelivery,
  PaymentDetails,
  PaymentNotification,
  PaymentOrder,
  ReceivedNotification,
  RefundResult,
  SandboxProvider,
} from '../../provider.ts';
import { signBody, verifyBodySignature } from '../../signature.ts';
import { errorOf, log } from '#server/observability/log.ts';

/**
 * The built-in sandbox provider. It behaves like a Polish payment gateway, and these are its test inputs:
 *
 * - Blik: any 6-digit code is authorised (the customer "confirms" at once and a signed `paid` notification
 *   follows), except SANDBOX_FAILING_BLIK_CODE, which the bank always refuses.
 * - Fast transfer: answers a redirect to our sandbox bank page (/sandbox-bank/:paymentId), where the customer
 *   presses Pay or Cancel; either sends a signed notification and returns the customer to the summary page.
 * - Google Pay: a token starting with SANDBOX_GOOGLE_PAY_OK_PREFIX is charged at once (`paid`, plus the
 *   notification a gateway also sends); any other token is declined.
 * - Refunds always succeed at once.
 */
const SANDBOX_FAILING_BLIK_CODE = '777123';
const SANDBOX_GOOGLE_PAY_OK_PREFIX = 'sandbox-ok';
const SANDBOX_PROVIDER = 'sandbox';

export const WEBHOOK_PATH = '/api/payments/notify';

const notificationSchema = type({
  id: '0 < string <= 100',
  paymentId: 'string.uuid',
  externalId: '0 < string <= 100',
  status: "'paid' | 'failed' | 'canceled'",
  amount: 'number.integer >= 0',
  currency: "'PLN' | 'UAH' | 'EUR'",
});

const DELIVERED_KEPT = 200;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export function createSandboxProvider(options: {
  /** Signs the notifications posted to our webhook. */
  webhookSecret: string;
  /** Signs the bank page's links: a purpose of its own, so neither key can stand in for the other. */
  bankLinkSecret: string;
  publicBaseUrl: string;
  deliver?: NotificationDelivery;
}): SandboxProvider {
  const { webhookSecret, bankLinkSecret, publicBaseUrl } = options;
  let deliver: NotificationDelivery = options.deliver ?? ((request) => fetch(request));
  const inFlight = new Set<Promise<unknown>>();
  const delivered: DeliveredNotification[] = [];

  async function post(notification: PaymentNotification): Promise<DeliveredNotification> {
    const body = JSON.stringify(notification);
    // A real gateway retries a failed delivery; three tries are enough to ride over a restart.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await deliver(
          new Request(new URL(WEBHOOK_PATH, publicBaseUrl), {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json', 'x-signature': signBody(webhookSecret, body) },
          }),
        );
        await response.body?.cancel();
        if (response.status < 500 || attempt >= 3) {
          const result = { notification, status: response.status };
          delivered.push(result);
          // The sandbox serves `npm start` for as long as it runs: a record of every notification would grow without
          // bound (one per online order), so it keeps the latest ones, which is all anyone looks at.
          if (delivered.length > DELIVERED_KEPT) delivered.splice(0, delivered.length - DELIVERED_KEPT);
          return result;
        }
      } catch (error) {
        if (attempt >= 3) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  }

  /** Sent after the current transaction has had the chance to commit, as a gateway's callback would be. */
  function notifyLater(notification: Omit<PaymentNotification, 'id'>): void {
    track(
      new Promise((resolve) => setTimeout(resolve, 0))
        .then(() => post({ id: newId('ntf'), ...notification }))
        .catch((error: unknown) => {
          log.error({ err: errorOf(error) }, 'sandbox: payment notification could not be delivered');
        }),
    );
  }

  function bankSignature(paymentId: string, returnUrl: string): string {
    return signBody(bankLinkSecret, `bank-return:${paymentId}:${returnUrl}`);
  }

  return {
    name: SANDBOX_PROVIDER,
    methods: ['blik', 'googlePay', 'fastTransfer'],
    // Google's own test gateway: its TEST environment hands out tokens for it without any merchant account.
    googlePay: { gateway: 'example', gatewayMerchantId: 'exampleGatewayMerchantId' },
    notificationsNameStoredId: true,
    delivered,

    async createPayment(order: PaymentOrder, method: PaymentMethod, details: PaymentDetails): Promise<CreatedPayment> {
      const externalId = newId('sbx');
      const paid = { paymentId: order.paymentId, externalId, amount: order.amount, currency: order.currency };
      switch (method) {
        case 'blik':
          if (details.blikCode === SANDBOX_FAILING_BLIK_CODE) return { status: 'failed', externalId };
          notifyLater({ ...paid, status: 'paid' });
          return { status: 'pending', externalId };
        case 'googlePay':
          if (!details.googlePayToken?.startsWith(SANDBOX_GOOGLE_PAY_OK_PREFIX))
            return { status: 'failed', externalId };
          notifyLater({ ...paid, status: 'paid' });
          return { status: 'paid', externalId };
        case 'fastTransfer': {
          const url = new URL(`/sandbox-bank/${order.paymentId}`, publicBaseUrl);
          url.searchParams.set('return', order.returnUrl);
          url.searchParams.set('sig', bankSignature(order.paymentId, order.returnUrl));
          return { status: 'pending', externalId, redirectUrl: url.toString() };
        }
        case 'cashOnDelivery':
        case 'cardOnDelivery':
          throw new Error(`sandbox: ${method} is paid to the courier, not online`);
      }
    },

    receiveNotification(rawBody: string, headers: Headers): ReceivedNotification {
      if (!verifyBodySignature(webhookSecret, rawBody, headers.get('x-signature') ?? undefined))
        return { kind: 'invalidSignature' };
      let parsed: unknown;
      // Providers post JSON or form-encoded bodies; a form carries text only, so the amount is read back as
      // the whole number it was.
      if (headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded') {
        const fields = Object.fromEntries(new URLSearchParams(rawBody));
        const amount = fields['amount'];
        parsed = { ...fields, amount: amount !== undefined && /^\d{1,12}$/.test(amount) ? Number(amount) : amount };
      } else {
        try {
          parsed = JSON.parse(rawBody);
        } catch {
          return { kind: 'malformed' };
        }
      }
      const result = notificationSchema(parsed);
      return result instanceof type.errors ? { kind: 'malformed' } : { kind: 'notification', notification: result };
    },

    // The sandbox's notifications are sent at once and never lost: there is nothing more to ask it.
    async fetchState() {
      return 'pending';
    },

    async refund(): Promise<RefundResult> {
      return { externalId: newId('sbx_rf'), status: 'succeeded' };
    },

    notify(notification) {
      return track(post({ id: newId('ntf'), ...notification }));
    },

    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    deliverThrough(next) {
      deliver = next;
    },

    verifiedReturnUrl(paymentId, returnUrl, signature) {
      if (!returnUrl || !verifyBodySignature(bankLinkSecret, `bank-return:${paymentId}:${returnUrl}`, signature))
        return null;
      return returnUrl;
    },
  };
}
