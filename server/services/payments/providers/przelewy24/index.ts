import { createHash, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '#domain/country.ts';
import { callProvider, type ProviderHttp } from '../http.ts';
import type {
  CreatedPayment,
  PaymentDetails,
  PaymentNotification,
  PaymentOrder,
  PaymentProvider,
  PaymentState,
  Przelewy24Config,
  ReceivedNotification,
  RefundResult,
  StoredPayment,
} from '../../provider.ts';

/**
 * Przelewy24, REST API v1 (docs/decisions/014-payment-providers.md). Every `sign` is SHA-384 of a JSON object
 * with the CRC key, its fields in the documented order; JSON.stringify escapes neither slashes nor non-ASCII,
 * which is what the documentation's JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE asks for. A transaction is
 * settled only after our verify call, so a notification becomes "paid" only once that call succeeds.
 */
const PRZELEWY24 = 'przelewy24';

export const p24Sign = (fields: Record<string, string | number>): string =>
  createHash('sha384').update(JSON.stringify(fields)).digest('hex');

function sameSign(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{96}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

type Registered = { token: string };
type TransactionData = { orderId?: number; status?: number; amount?: number; currency?: string };

// Channels of transaction/register: 64 pay-by-link only, 8192 Blik.
const CHANNEL: Partial<Record<PaymentMethod, number>> = { fastTransfer: 64, blik: 8192 };

export function createPrzelewy24Provider(config: Przelewy24Config, http: ProviderHttp): PaymentProvider {
  const api = `${config.baseUrl}/api/v1`;
  const auth = `Basic ${Buffer.from(`${config.posId}:${config.apiKey}`).toString('base64')}`;
  const init = (method: string, body?: unknown): RequestInit => ({
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const responseCode = (json: unknown) => {
    const body = json as { responseCode?: number; code?: number; error?: unknown } | null;
    return body?.error !== undefined ? `error ${body.code ?? ''}` : `responseCode ${body?.responseCode ?? '?'}`;
  };

  async function transaction(payment: StoredPayment): Promise<TransactionData | null> {
    const answer = await callProvider(http, {
      provider: PRZELEWY24,
      operation: 'transactionBySessionId',
      paymentId: payment.id,
      idempotent: true,
      url: `${api}/transaction/by/sessionId/${encodeURIComponent(payment.id)}`,
      init: init('GET'),
      outcomeOf: (a) => `status ${(a.json as { data?: TransactionData } | null)?.data?.status ?? a.status}`,
    });
    return answer.status === 200 ? ((answer.json as { data?: TransactionData }).data ?? null) : null;
  }

  async function verify(sessionId: string, orderId: number, amount: number, currency: string): Promise<boolean> {
    // Idempotent: verifying a verified transaction confirms it again.
    const answer = await callProvider(http, {
      provider: PRZELEWY24,
      operation: 'verify',
      paymentId: sessionId,
      amount,
      currency,
      idempotent: true,
      url: `${api}/transaction/verify`,
      init: init('PUT', {
        merchantId: config.merchantId,
        posId: config.posId,
        sessionId,
        amount,
        currency,
        orderId,
        sign: p24Sign({ sessionId, orderId, amount, currency, crc: config.crc }),
      }),
      outcomeOf: (a) => (a.json as { data?: { status?: string } } | null)?.data?.status ?? responseCode(a.json),
    });
    return answer.status === 200 && (answer.json as { data?: { status?: string } }).data?.status === 'success';
  }

  const googlePayMethodId = config.googlePayMethodId;

  return {
    name: PRZELEWY24,
    methods: googlePayMethodId ? ['blik', 'googlePay', 'fastTransfer'] : ['blik', 'fastTransfer'],
    // Przelewy24's Google Pay: the gateway "przelewy24", our merchant id as the gateway's merchant id.
    googlePay: googlePayMethodId ? { gateway: PRZELEWY24, gatewayMerchantId: String(config.merchantId) } : null,
    // A payment stores the registration token; the notification names Przelewy24's order id, known only then.
    notificationsNameStoredId: false,

    async createPayment(order: PaymentOrder, method: PaymentMethod, details: PaymentDetails): Promise<CreatedPayment> {
      const googlePay = method === 'googlePay' && googlePayMethodId !== null;
      if (method !== 'blik' && method !== 'fastTransfer' && !googlePay)
        throw new Error(`przelewy24: ${method} is not supported`);
      // Not retried: Przelewy24 does not promise that a repeated sessionId is recognised. A lost answer leaves
      // the payment without a token; the customer's retry of the same order registers again.
      const register = await callProvider(http, {
        provider: PRZELEWY24,
        operation: `register.${method}`,
        paymentId: order.paymentId,
        amount: order.amount,
        currency: order.currency,
        idempotent: false,
        url: `${api}/transaction/register`,
        init: init('POST', {
          merchantId: config.merchantId,
          posId: config.posId,
          sessionId: order.paymentId,
          amount: order.amount,
          currency: order.currency,
          description: order.description.slice(0, 1024),
          email: order.buyer.email.slice(0, 50),
          client: `${order.buyer.firstName} ${order.buyer.lastName}`.slice(0, 40),
          phone: order.buyer.phone.replace(/\D/g, '').slice(0, 12),
          country: 'PL',
          // Przelewy24's pages speak no Ukrainian; English is the closer fit for those customers.
          language: order.buyer.language === 'pl' ? 'pl' : 'en',
          urlReturn: order.returnUrl,
          urlStatus: order.notifyUrl,
          // Our own payment timeout is 15 minutes; the bank should not take money after it.
          timeLimit: 15,
          ...(googlePay
            ? // Google Pay: the method, and the browser's token base64-encoded as the card reference.
              { method: googlePayMethodId, methodRefId: Buffer.from(details.googlePayToken ?? '').toString('base64') }
            : { channel: CHANNEL[method] }),
          waitForResult: true,
          sign: p24Sign({
            sessionId: order.paymentId,
            merchantId: config.merchantId,
            amount: order.amount,
            currency: order.currency,
            crc: config.crc,
          }),
        }),
        outcomeOf: (a) => responseCode(a.json),
      });
      const token = (register.json as { data?: Registered } | null)?.data?.token;
      if (register.status !== 200 || !token) return { status: 'failed', externalId: `failed:${order.paymentId}` };
      if (method === 'fastTransfer')
        return { status: 'pending', externalId: token, redirectUrl: `${config.baseUrl}/trnRequest/${token}` };

      if (googlePay) {
        // The token registered with it is charged; never repeated, as a second charge could take the money twice.
        const charge = await callProvider(http, {
          provider: PRZELEWY24,
          operation: 'cardChargeWith3ds',
          paymentId: order.paymentId,
          amount: order.amount,
          currency: order.currency,
          idempotent: false,
          url: `${api}/card/chargeWith3ds`,
          init: init('POST', { token }),
          outcomeOf: (a) => responseCode(a.json),
        });
        const data = (charge.json as { data?: { orderId?: number; redirectUrl?: string } } | null)?.data;
        // 200: accepted, the notification follows; 201: the card's bank asks for 3-D Secure at redirectUrl.
        if (charge.status === 201 && data?.redirectUrl)
          return { status: 'pending', externalId: token, redirectUrl: data.redirectUrl };
        return { status: charge.status === 200 ? 'pending' : 'failed', externalId: token };
      }

      // Blik Level 0: a code is used once, so the charge is never repeated.
      const charge = await callProvider(http, {
        provider: PRZELEWY24,
        operation: 'blikChargeByCode',
        paymentId: order.paymentId,
        amount: order.amount,
        currency: order.currency,
        idempotent: false,
        url: `${api}/paymentMethod/blik/chargeByCode`,
        init: init('POST', { token, blikCode: details.blikCode ?? '' }),
        outcomeOf: (a) => responseCode(a.json),
      });
      const charged = charge.status === 200 && (charge.json as { data?: { orderId?: number } }).data?.orderId;
      // Accepted means the buyer is asked in the bank's app; the notification says whether they agreed.
      return { status: charged ? 'pending' : 'failed', externalId: token };
    },

    receiveNotification(rawBody: string): ReceivedNotification {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(rawBody);
      } catch {
        return { kind: 'invalidSignature' };
      }
      if (typeof body !== 'object' || body === null) return { kind: 'invalidSignature' };
      if ('refundsUuid' in body) {
        const expected = p24Sign({
          orderId: body['orderId'] as number,
          sessionId: body['sessionId'] as string,
          refundsUuid: body['refundsUuid'] as string,
          merchantId: body['merchantId'] as number,
          amount: body['amount'] as number,
          currency: body['currency'] as string,
          status: body['status'] as number,
          crc: config.crc,
        });
        return sameSign(expected, body['sign']) ? { kind: 'ignored' } : { kind: 'invalidSignature' };
      }
      const expected = p24Sign({
        merchantId: body['merchantId'] as number,
        posId: body['posId'] as number,
        sessionId: body['sessionId'] as string,
        amount: body['amount'] as number,
        originAmount: body['originAmount'] as number,
        currency: body['currency'] as string,
        orderId: body['orderId'] as number,
        methodId: body['methodId'] as number,
        statement: body['statement'] as string,
        crc: config.crc,
      });
      if (!sameSign(expected, body['sign'])) return { kind: 'invalidSignature' };
      if (body['merchantId'] !== config.merchantId || body['posId'] !== config.posId) return { kind: 'malformed' };
      const { sessionId, orderId, amount, currency } = body;
      if (
        typeof sessionId !== 'string' ||
        !Number.isSafeInteger(orderId) ||
        !Number.isSafeInteger(amount) ||
        typeof currency !== 'string'
      )
        return { kind: 'malformed' };
      // Przelewy24 notifies only successful payments, and repeats the notification until it is verified.
      return {
        kind: 'notification',
        notification: {
          id: String(orderId),
          paymentId: sessionId,
          externalId: String(orderId),
          status: 'paid',
          amount: amount as number,
          currency,
        },
      };
    },

    confirmPaid(notification: PaymentNotification): Promise<boolean> {
      return verify(
        notification.paymentId,
        Number(notification.externalId),
        notification.amount,
        notification.currency,
      );
    },

    async fetchState(payment: StoredPayment): Promise<PaymentState> {
      const data = await transaction(payment);
      switch (data?.status) {
        case 2:
          return 'paid';
        case 1:
          // Paid by the buyer but never verified (its notification was lost): verifying settles it.
          return data.orderId && (await verify(payment.id, data.orderId, payment.amount, payment.currency))
            ? 'paid'
            : 'pending';
        case 3:
          return 'canceled';
        default:
          return 'pending';
      }
    },

    async refund(payment: StoredPayment, amount: number, refundId: string): Promise<RefundResult> {
      const data = await transaction(payment);
      if (!data?.orderId) return { externalId: refundId, status: 'failed' };
      // refundsUuid is at most 35 characters: our uuid without its hyphens. Both ids make a retry one refund.
      const uuid = refundId.replace(/-/g, '');
      const answer = await callProvider(http, {
        provider: PRZELEWY24,
        operation: 'refund',
        paymentId: payment.id,
        amount,
        currency: payment.currency,
        idempotent: true,
        url: `${api}/transaction/refund`,
        init: init('POST', {
          requestId: uuid,
          refundsUuid: uuid,
          refunds: [{ orderId: data.orderId, sessionId: payment.id, amount, description: 'Zwrot' }],
        }),
        outcomeOf: (a) => responseCode(a.json),
      });
      const accepted =
        answer.status === 201 &&
        ((answer.json as { data?: { status?: boolean }[] }).data ?? []).every((r) => r.status === true);
      // 409: this refundsUuid was taken before, by our own earlier attempt whose answer was lost.
      return { externalId: uuid, status: accepted || answer.status === 409 ? 'succeeded' : 'failed' };
    },
  };
}
