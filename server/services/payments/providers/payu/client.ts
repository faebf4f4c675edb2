import { isIP } from 'node:net';
import type { PaymentMethod } from '#domain/country.ts';
import { callProvider, type ProviderAnswer, type ProviderHttp } from '../http.ts';
import {
  ProviderUnavailableError,
  type CreatedPayment,
  type PaymentDetails,
  type PaymentOrder,
  type PaymentState,
  type PayuConfig,
  type StoredPayment,
} from '../../provider.ts';

/**
 * PayU's REST API 2.1 as module functions over one connection (the POS's configuration, the HTTP settings and the
 * OAuth token it caches): the order's creation and its state. Refunds are `refund.ts`, notifications
 * `notification.ts`; `index.ts` assembles them.
 */
export const PAYU = 'payu';

/** One POS's connection: its OAuth client-credentials token is cached until a minute before it expires. */
export type PayuConnection = {
  config: PayuConfig;
  http: ProviderHttp;
  token: { value: string; expiresAt: number } | null;
};

export const payuConnection = (config: PayuConfig, http: ProviderHttp): PayuConnection => ({
  config,
  http,
  token: null,
});

type PayuStatus = { statusCode?: string; codeLiteral?: string };
type PayuOrderAnswer = { status?: PayuStatus; orderId?: string; redirectUri?: string };

export const statusCode = (answer: ProviderAnswer) =>
  (answer.json as { status?: PayuStatus } | null)?.status?.statusCode ?? '';

/** What a PayU order status (its notification's or its retrieval's) says of the payment. */
export function payuOrderState(status: string | undefined): PaymentState {
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

async function accessToken(conn: PayuConnection): Promise<string> {
  // A minute's margin, so a token never expires between being read here and reaching PayU.
  if (conn.token && conn.token.expiresAt - 60_000 > Date.now()) return conn.token.value;
  const { config } = conn;
  const answer = await callProvider(conn.http, {
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
  conn.token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 0) * 1000 };
  return conn.token.value;
}

/** `init` with the bearer token and a JSON body. */
export const authorized = async (conn: PayuConnection, init: RequestInit = {}): Promise<RequestInit> => ({
  ...init,
  headers: {
    ...(init.headers as Record<string, string>),
    authorization: `Bearer ${await accessToken(conn)}`,
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

/** One PayU order per payment, `extOrderId` = our payment id, so a retried create is refused as a duplicate. */
export async function createOrder(
  conn: PayuConnection,
  order: PaymentOrder,
  method: PaymentMethod,
  details: PaymentDetails,
): Promise<CreatedPayment> {
  const { config } = conn;
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
  const answer = await callProvider(conn.http, {
    provider: PAYU,
    operation: `createOrder.${method}`,
    paymentId: order.paymentId,
    amount: order.amount,
    currency: order.currency,
    idempotent: true,
    url: `${config.baseUrl}/api/v2_1/orders`,
    init: await authorized(conn, { method: 'POST', body: JSON.stringify(body) }),
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
}

/** A stored id PayU never gave (`ext:…` after a lost answer, `failed:…`) names no order to ask about. */
export const payuOrderId = (payment: StoredPayment): string | null =>
  payment.externalId && !payment.externalId.includes(':') ? payment.externalId : null;

/** The order's state as PayU tells it now (the poll for a notification that never came). */
export async function orderState(conn: PayuConnection, payment: StoredPayment): Promise<PaymentState> {
  const orderId = payuOrderId(payment);
  if (!orderId) return 'pending';
  const answer = await callProvider(conn.http, {
    provider: PAYU,
    operation: 'retrieveOrder',
    paymentId: payment.id,
    idempotent: true,
    url: `${conn.config.baseUrl}/api/v2_1/orders/${encodeURIComponent(orderId)}`,
    init: await authorized(conn, { method: 'GET' }),
    outcomeOf: (a) => (a.json as { orders?: { status?: string }[] } | null)?.orders?.[0]?.status ?? statusCode(a),
  });
  const found = (answer.json as { orders?: { status?: string; totalAmount?: string }[] } | null)?.orders?.[0];
  return answer.status === 200 ? payuOrderState(found?.status) : 'pending';
}
