import type { PaymentMethod } from '#domain/country.ts';
import { callProvider, type ProviderHttp } from '../http.ts';
import type {
  CreatedPayment,
  PaymentDetails,
  PaymentOrder,
  PaymentState,
  Przelewy24Config,
  StoredPayment,
} from '../../provider.ts';
import { p24Sign } from './sign.ts';

/**
 * Przelewy24's REST API v1 as module functions over one connection (the merchant's configuration, the HTTP
 * settings and the Basic authorization): registering and charging a transaction, reading it back, verifying it.
 * Refunds are `refund.ts`, notifications `notification.ts`; `index.ts` assembles them.
 */
export const PRZELEWY24 = 'przelewy24';

export type P24Connection = { config: Przelewy24Config; http: ProviderHttp; api: string; auth: string };

export const p24Connection = (config: Przelewy24Config, http: ProviderHttp): P24Connection => ({
  config,
  http,
  api: `${config.baseUrl}/api/v1`,
  auth: `Basic ${Buffer.from(`${config.posId}:${config.apiKey}`).toString('base64')}`,
});

export const init = (conn: P24Connection, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { authorization: conn.auth, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

export const responseCode = (json: unknown) => {
  const body = json as { responseCode?: number; code?: number; error?: unknown } | null;
  return body?.error !== undefined ? `error ${body.code ?? ''}` : `responseCode ${body?.responseCode ?? '?'}`;
};

type Registered = { token: string };
type TransactionData = { orderId?: number; status?: number; amount?: number; currency?: string };

// Channels of transaction/register: 64 pay-by-link only, 8192 Blik.
const CHANNEL: Partial<Record<PaymentMethod, number>> = { fastTransfer: 64, blik: 8192 };

/** The payment's transaction as Przelewy24 keeps it (by our payment id, its sessionId); null when not found. */
export async function transaction(conn: P24Connection, payment: StoredPayment): Promise<TransactionData | null> {
  const answer = await callProvider(conn.http, {
    provider: PRZELEWY24,
    operation: 'transactionBySessionId',
    paymentId: payment.id,
    idempotent: true,
    url: `${conn.api}/transaction/by/sessionId/${encodeURIComponent(payment.id)}`,
    init: init(conn, 'GET'),
    outcomeOf: (a) => `status ${(a.json as { data?: TransactionData } | null)?.data?.status ?? a.status}`,
  });
  return answer.status === 200 ? ((answer.json as { data?: TransactionData }).data ?? null) : null;
}

/** Settles a transaction: Przelewy24 keeps the money only once the merchant verifies it. */
export async function verify(
  conn: P24Connection,
  sessionId: string,
  orderId: number,
  amount: number,
  currency: string,
): Promise<boolean> {
  const { config } = conn;
  // Idempotent: verifying a verified transaction confirms it again.
  const answer = await callProvider(conn.http, {
    provider: PRZELEWY24,
    operation: 'verify',
    paymentId: sessionId,
    amount,
    currency,
    idempotent: true,
    url: `${conn.api}/transaction/verify`,
    init: init(conn, 'PUT', {
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

/** Registers the transaction, then charges a Blik code or a Google Pay token; a fast transfer is sent to the bank. */
export async function registerPayment(
  conn: P24Connection,
  order: PaymentOrder,
  method: PaymentMethod,
  details: PaymentDetails,
): Promise<CreatedPayment> {
  const { config, api } = conn;
  const googlePayMethodId = config.googlePayMethodId;
  const googlePay = method === 'googlePay' && googlePayMethodId !== null;
  if (method !== 'blik' && method !== 'fastTransfer' && !googlePay)
    throw new Error(`przelewy24: ${method} is not supported`);
  // Not retried: Przelewy24 does not promise that a repeated sessionId is recognised. A lost answer leaves
  // the payment without a token; the customer's retry of the same order registers again.
  const register = await callProvider(conn.http, {
    provider: PRZELEWY24,
    operation: `register.${method}`,
    paymentId: order.paymentId,
    amount: order.amount,
    currency: order.currency,
    idempotent: false,
    url: `${api}/transaction/register`,
    init: init(conn, 'POST', {
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
    const charge = await callProvider(conn.http, {
      provider: PRZELEWY24,
      operation: 'cardChargeWith3ds',
      paymentId: order.paymentId,
      amount: order.amount,
      currency: order.currency,
      idempotent: false,
      url: `${api}/card/chargeWith3ds`,
      init: init(conn, 'POST', { token }),
      outcomeOf: (a) => responseCode(a.json),
    });
    const data = (charge.json as { data?: { orderId?: number; redirectUrl?: string } } | null)?.data;
    // 200: accepted, the notification follows; 201: the card's bank asks for 3-D Secure at redirectUrl.
    if (charge.status === 201 && data?.redirectUrl)
      return { status: 'pending', externalId: token, redirectUrl: data.redirectUrl };
    return { status: charge.status === 200 ? 'pending' : 'failed', externalId: token };
  }

  // Blik Level 0: a code is used once, so the charge is never repeated.
  const charge = await callProvider(conn.http, {
    provider: PRZELEWY24,
    operation: 'blikChargeByCode',
    paymentId: order.paymentId,
    amount: order.amount,
    currency: order.currency,
    idempotent: false,
    url: `${api}/paymentMethod/blik/chargeByCode`,
    init: init(conn, 'POST', { token, blikCode: details.blikCode ?? '' }),
    outcomeOf: (a) => responseCode(a.json),
  });
  const charged = charge.status === 200 && (charge.json as { data?: { orderId?: number } }).data?.orderId;
  // Accepted means the buyer is asked in the bank's app; the notification says whether they agreed.
  return { status: charged ? 'pending' : 'failed', externalId: token };
}

/** The transaction's state as Przelewy24 tells it now; a paid one its notification never settled is verified. */
export async function transactionState(conn: P24Connection, payment: StoredPayment): Promise<PaymentState> {
  const data = await transaction(conn, payment);
  switch (data?.status) {
    case 2:
      return 'paid';
    case 1:
      // Paid by the buyer but never verified (its notification was lost): verifying settles it.
      return data.orderId && (await verify(conn, payment.id, data.orderId, payment.amount, payment.currency))
        ? 'paid'
        : 'pending';
    case 3:
      return 'canceled';
    default:
      return 'pending';
  }
}
