import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { PaymentMethod } from '#domain/country.ts';
import { callProvider, type ProviderAnswer, type ProviderHttp } from '../http.ts';
import {
  ProviderUnavailableError,
  type CreatedPayment,
  type PaymentDetails,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentState,
  type PayuConfig,
  type ReceivedNotification,
  type RefundResult,
  type StoredPayment,
} from '../../provider.ts';

/**
 * PayU, REST API 2.1 (docs/decisions/014-payment-providers.md cites the references). OAuth client-credentials
 * token cached until it expires; one order per payment, `extOrderId` = our payment id, so a retried create is
 * refused as a duplicate instead of charging twice; notifications signed in `OpenPayu-Signature` with the POS's
 * second key; refunds keyed by our `extRefundId`.
 */
const PAYU = 'payu';

type PayuStatus = { statusCode?: string; codeLiteral?: string };
type PayuOrderAnswer = { status?: PayuStatus; orderId?: string; redirectUri?: string };

const statusCode = (answer: ProviderAnswer) =>
  (answer.json as { status?: PayuStatus } | null)?.status?.statusCode ?? '';

function payuOrderState(status: string | undefined): PaymentState {
  switch (status) {
    case 'COMPLETED':
      return 'paid';
    case 'CANCELED':
      return 'canceled';
    default:
      // NEW, PENDING, WAITING_FOR_CONFIRMATION: the buyer or the bank has yet to act.
      return 'pending';
  }
}

/** `OpenPayu-Signature: sender=…;signature=…;algorithm=MD5|SHA-256;content=DOCUMENT`, hash of body + second key. */
export function verifyPayuSignature(rawBody: string, header: string | null, secondKey: string): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(';').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()];
    }),
  );
  const algorithm = ({ MD5: 'md5', 'SHA-256': 'sha256', SHA256: 'sha256' } as Record<string, string>)[
    (parts['algorithm'] ?? 'MD5').toUpperCase()
  ];
  const signature = parts['signature'];
  if (!algorithm || !signature || !/^[0-9a-f]+$/i.test(signature)) return false;
  const expected = createHash(algorithm)
    .update(rawBody + secondKey)
    .digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createPayuProvider(config: PayuConfig, http: ProviderHttp): PaymentProvider {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    // A minute's margin, so a token never expires between being read here and reaching PayU.
    if (token && token.expiresAt - 60_000 > Date.now()) return token.value;
    const answer = await callProvider(http, {
      provider: PAYU,
      operation: 'oauth',
      idempotent: true,
      url: `${config.baseUrl}/pl/standard/user/oauth/authorize`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: config.clientId,
          client_secret: config.clientSecret,
        }).toString(),
      },
    });
    const body = answer.json as { access_token?: string; expires_in?: number } | null;
    // Wrong credentials look to the customer like an unreachable PayU: the order waits, the log says why.
    if (answer.status !== 200 || !body?.access_token)
      throw new ProviderUnavailableError(PAYU, 'oauth', `refused (HTTP ${answer.status})`);
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 0) * 1000 };
    return token.value;
  }

  const authorized = async (init: RequestInit = {}): Promise<RequestInit> => ({
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      authorization: `Bearer ${await accessToken()}`,
      'content-type': 'application/json',
    },
  });

  function payMethods(method: PaymentMethod, details: PaymentDetails) {
    switch (method) {
      case 'blik':
        // Blik Level 0: the code travels with the order; the buyer confirms in the bank's app.
        return { payMethod: { type: 'BLIK_AUTHORIZATION_CODE', value: details.blikCode ?? '' } };
      case 'googlePay':
        // Google Pay is PayU's pay-by-link "ap", the browser's token base64-encoded.
        return {
          payMethod: {
            type: 'PBL',
            value: 'ap',
            authorizationCode: Buffer.from(details.googlePayToken ?? '').toString('base64'),
          },
        };
      case 'fastTransfer':
        // No method: PayU's page lists the banks and sends the buyer to the chosen one.
        return undefined;
      case 'cashOnDelivery':
      case 'cardOnDelivery':
        throw new Error(`payu: ${method} is paid to the courier, not online`);
    }
  }

  return {
    name: PAYU,
    methods: ['blik', 'googlePay', 'fastTransfer'],
    googlePay: { gateway: 'payu', gatewayMerchantId: config.posId },
    // A payment stores PayU's orderId, which every notification names.
    notificationsNameStoredId: true,

    async createPayment(order: PaymentOrder, method: PaymentMethod, details: PaymentDetails): Promise<CreatedPayment> {
      const body = {
        notifyUrl: order.notifyUrl,
        continueUrl: order.returnUrl,
        // Required by PayU; an order placed in-process (tests, the call centre's tools) has no address of its own.
        customerIp: details.customerIp && isIP(details.customerIp) ? details.customerIp : '127.0.0.1',
        merchantPosId: config.posId,
        description: order.description.slice(0, 4000),
        currencyCode: order.currency,
        totalAmount: String(order.amount),
        extOrderId: order.paymentId,
        buyer: {
          email: order.buyer.email,
          phone: order.buyer.phone,
          firstName: order.buyer.firstName,
          lastName: order.buyer.lastName,
          language: order.buyer.language,
        },
        products: order.products.map((p) => ({
          name: p.name,
          unitPrice: String(p.unitPrice),
          quantity: String(p.quantity),
        })),
        payMethods: payMethods(method, details),
      };
      // Retried: a repeat of the same extOrderId cannot create a second order.
      const answer = await callProvider(http, {
        provider: PAYU,
        operation: `createOrder.${method}`,
        paymentId: order.paymentId,
        amount: order.amount,
        currency: order.currency,
        idempotent: true,
        url: `${config.baseUrl}/api/v2_1/orders`,
        init: await authorized({ method: 'POST', body: JSON.stringify(body) }),
        outcomeOf: statusCode,
      });
      const result = answer.json as PayuOrderAnswer | null;
      const code = result?.status?.statusCode ?? '';
      if (code === 'ERROR_ORDER_NOT_UNIQUE') {
        // An earlier attempt reached PayU but its answer did not reach us: the order exists and its
        // notification (or the status poll) will tell how it ends.
        return { status: 'pending', externalId: `ext:${order.paymentId}` };
      }
      // PayU answers a created order with 302 (or 201/200) and a JSON body; WARNING_CONTINUE_* ask the buyer to
      // continue at redirectUri (3-D Secure, the bank).
      if ((code === 'SUCCESS' || code.startsWith('WARNING_CONTINUE')) && result?.orderId) {
        return {
          status: 'pending',
          externalId: result.orderId,
          ...(result.redirectUri && (method === 'fastTransfer' || code !== 'SUCCESS')
            ? { redirectUrl: result.redirectUri }
            : {}),
        };
      }
      // A refused Blik code, a declined token, a bad request: the customer may try again or pay otherwise.
      return { status: 'failed', externalId: result?.orderId ?? `failed:${order.paymentId}` };
    },

    receiveNotification(rawBody: string, headers: Headers): ReceivedNotification {
      if (!verifyPayuSignature(rawBody, headers.get('openpayu-signature'), config.secondKey))
        return { kind: 'invalidSignature' };
      let parsed: {
        order?: { orderId?: string; extOrderId?: string; status?: string; totalAmount?: string; currencyCode?: string };
        refund?: unknown;
      };
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return { kind: 'malformed' };
      }
      if (parsed.refund && !parsed.order) return { kind: 'ignored' };
      const order = parsed.order;
      if (!order?.orderId || !order.extOrderId || !order.status || !/^\d+$/.test(order.totalAmount ?? ''))
        return { kind: 'malformed' };
      const state = payuOrderState(order.status);
      if (state === 'pending') return { kind: 'ignored' };
      return {
        kind: 'notification',
        notification: {
          // PayU repeats a notification until it is answered 200: the same order in the same status is one.
          id: `${order.orderId}:${order.status}`,
          paymentId: order.extOrderId,
          externalId: order.orderId,
          status: state,
          amount: Number(order.totalAmount),
          currency: order.currencyCode ?? '',
        },
      };
    },

    async fetchState(payment: StoredPayment): Promise<PaymentState> {
      if (!payment.externalId || payment.externalId.includes(':')) return 'pending';
      const answer = await callProvider(http, {
        provider: PAYU,
        operation: 'retrieveOrder',
        paymentId: payment.id,
        idempotent: true,
        url: `${config.baseUrl}/api/v2_1/orders/${encodeURIComponent(payment.externalId)}`,
        init: await authorized({ method: 'GET' }),
        outcomeOf: (a) => (a.json as { orders?: { status?: string }[] } | null)?.orders?.[0]?.status ?? statusCode(a),
      });
      const found = (answer.json as { orders?: { status?: string; totalAmount?: string }[] } | null)?.orders?.[0];
      return answer.status === 200 ? payuOrderState(found?.status) : 'pending';
    },

    async refund(payment: StoredPayment, amount: number, refundId: string): Promise<RefundResult> {
      if (!payment.externalId || payment.externalId.includes(':')) return { externalId: refundId, status: 'failed' };
      const answer = await callProvider(http, {
        provider: PAYU,
        operation: 'refund',
        paymentId: payment.id,
        amount,
        currency: payment.currency,
        idempotent: true,
        url: `${config.baseUrl}/api/v2_1/orders/${encodeURIComponent(payment.externalId)}/refunds`,
        init: await authorized({
          method: 'POST',
          body: JSON.stringify({ refund: { description: 'Zwrot', amount: String(amount), extRefundId: refundId } }),
        }),
        outcomeOf: statusCode,
      });
      const body = answer.json as { status?: PayuStatus; refund?: { refundId?: string } } | null;
      // Accepted is as far as PayU's answer goes; it pays the refund out within days, as the spec promises.
      if (body?.status?.statusCode === 'SUCCESS')
        return { externalId: body.refund?.refundId ?? refundId, status: 'succeeded' };
      return { externalId: refundId, status: 'failed' };
    },
  };
}
