import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local servers that speak PayU's REST API 2.1 and Przelewy24's REST API v1 as their public references describe
 * them (request shapes, signatures, answers), so the adapters are tested over real HTTP. `failNext` makes the
 * next calls answer 503 or never answer (a timeout).
 */
/** 503: answers 503; timeout: never answers; lost: does the work, then never answers. */
export type Fault = '503' | 'timeout' | 'lost';
export type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: string };

type Handler = (seen: Seen, json: Record<string, unknown>) => { status: number; body: unknown };

async function serve(handler: Handler) {
  const seen: Seen[] = [];
  const faults: Fault[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const call = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      seen.push(call);
      const fault = faults.shift();
      if (fault === 'timeout') return; // never answers; the client's time limit ends it
      if (fault === '503') {
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
        return;
      }
      let json: Record<string, unknown>;
      try {
        json = body && req.headers['content-type']?.includes('json') ? JSON.parse(body) : {};
      } catch {
        json = {};
      }
      const answer = handler(call, json);
      if (fault === 'lost') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    failNext: (...next: Fault[]) => faults.push(...next),
    /** Forgets faults a failed test left unused, so they cannot break the next test. */
    resetFaults: () => faults.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const PAYU_CREDENTIALS = {
  PAYU_POS_ID: '300746',
  PAYU_CLIENT_ID: '300746',
  PAYU_CLIENT_SECRET: '2ee86a66e5d97e3fadc400c9f19b065d',
  PAYU_SECOND_KEY: 'b6ca15b0d1020e8094d9b5f8d163db54',
};

/** PayU: BLIK code 500500 is refused, as a wrong code is. */
export async function startFakePayu() {
  const orders = new Map<
    string,
    { orderId: string; extOrderId: string; status: string; totalAmount: string; currencyCode: string }
  >();
  const tokens: string[] = [];
  const refunds: Record<string, unknown>[] = [];
  const authorized = (seen: Seen) => tokens.includes((seen.headers.authorization ?? '').replace('Bearer ', ''));
  const fake = await serve((seen, json) => {
    if (seen.path === '/pl/standard/user/oauth/authorize' && seen.method === 'POST') {
      const form = new URLSearchParams(seen.body);
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_secret') !== PAYU_CREDENTIALS.PAYU_CLIENT_SECRET
      )
        return { status: 401, body: { error: 'invalid_client' } };
      const token = randomUUID();
      tokens.push(token);
      return {
        status: 200,
        body: { access_token: token, token_type: 'bearer', expires_in: 43199, grant_type: 'client_credentials' },
      };
    }
    if (!authorized(seen)) return { status: 401, body: { status: { statusCode: 'UNAUTHORIZED' } } };
    if (seen.path === '/api/v2_1/orders' && seen.method === 'POST') {
      const ext = String(json['extOrderId']);
      if ([...orders.values()].some((o) => o.extOrderId === ext))
        return { status: 400, body: { status: { statusCode: 'ERROR_ORDER_NOT_UNIQUE' } } };
      const payMethod = (json['payMethods'] as { payMethod?: { type: string; value: string } } | undefined)?.payMethod;
      if (payMethod?.type === 'BLIK_AUTHORIZATION_CODE' && payMethod.value === '500500')
        return {
          status: 400,
          body: { status: { statusCode: 'ERROR_VALUE_INVALID', codeLiteral: 'INVALID_BLIK_CODE' } },
        };
      const orderId = randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase();
      orders.set(orderId, {
        orderId,
        extOrderId: ext,
        status: 'NEW',
        totalAmount: String(json['totalAmount']),
        currencyCode: String(json['currencyCode']),
      });
      return {
        status: 302,
        body: {
          status: { statusCode: 'SUCCESS' },
          redirectUri: `${fake.url}/pay/${orderId}`,
          orderId,
          extOrderId: ext,
        },
      };
    }
    const refund = /^\/api\/v2_1\/orders\/([^/]+)\/refunds$/.exec(seen.path);
    if (refund && seen.method === 'POST') {
      if (!orders.has(refund[1]!)) return { status: 404, body: { status: { statusCode: 'DATA_NOT_FOUND' } } };
      refunds.push({ orderId: refund[1], ...(json['refund'] as object) });
      return {
        status: 200,
        body: {
          orderId: refund[1],
          refund: { refundId: '5000000142', status: 'PENDING' },
          status: { statusCode: 'SUCCESS' },
        },
      };
    }
    const get = /^\/api\/v2_1\/orders\/([^/]+)$/.exec(seen.path);
    if (get && seen.method === 'GET') {
      const order = orders.get(get[1]!);
      return order
        ? { status: 200, body: { orders: [order], status: { statusCode: 'SUCCESS' } } }
        : { status: 404, body: { status: { statusCode: 'DATA_NOT_FOUND' } } };
    }
    return { status: 404, body: {} };
  });
  /** The notification PayU posts when an order changes status, with its OpenPayu-Signature header. */
  const notification = (
    orderId: string,
    status: string,
    algorithm: 'MD5' | 'SHA-256' = 'MD5',
    key = PAYU_CREDENTIALS.PAYU_SECOND_KEY,
  ) => {
    const order = orders.get(orderId)!;
    order.status = status;
    const body = JSON.stringify({
      order: { ...order, merchantPosId: PAYU_CREDENTIALS.PAYU_POS_ID, description: 'x', payMethod: { type: 'PBL' } },
      localReceiptDateTime: new Date().toISOString(),
      properties: [{ name: 'PAYMENT_ID', value: '5000000001' }],
    });
    const signature = createHash(algorithm === 'MD5' ? 'md5' : 'sha256')
      .update(body + key)
      .digest('hex');
    return { body, header: `sender=checkout;signature=${signature};algorithm=${algorithm};content=DOCUMENT` };
  };
  return { ...fake, orders, tokens, refunds, notification };
}

export const P24_CREDENTIALS = {
  P24_MERCHANT_ID: '123456',
  P24_POS_ID: '123456',
  P24_API_KEY: 'f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6',
  P24_CRC: 'c0ffee1234567890',
};
/** The Google Pay method's id in the fake merchant's panel. */
export const P24_GOOGLE_PAY_METHOD_ID = '266';
const crc = P24_CREDENTIALS.P24_CRC;
const merchantId = Number(P24_CREDENTIALS.P24_MERCHANT_ID);
export const sha384 = (fields: object) => createHash('sha384').update(JSON.stringify(fields)).digest('hex');

/**
 * Przelewy24: Blik code 000000 is refused; `verifyRefuses` makes verify answer as for a bad transaction. Google
 * Pay: a token registered with the Google Pay method and `methodRefId` (base64) is charged by card/chargeWith3ds;
 * a token containing "declined" is refused, one containing "3ds" asks for 3-D Secure.
 */
export async function startFakeP24() {
  const transactions = new Map<
    string,
    {
      token: string;
      sessionId: string;
      amount: number;
      currency: string;
      orderId: number;
      status: number;
      verified: boolean;
      methodRefId: string | null;
    }
  >();
  const refunds: Record<string, unknown>[] = [];
  const state = { verifyRefuses: false };
  const basic = `Basic ${Buffer.from(`${P24_CREDENTIALS.P24_POS_ID}:${P24_CREDENTIALS.P24_API_KEY}`).toString('base64')}`;
  const bad = { status: 400, body: { error: 'Invalid input data', code: 400 } };
  const fake = await serve((seen, json) => {
    if (seen.headers.authorization !== basic)
      return { status: 401, body: { error: 'Incorrect authentication', code: 401 } };
    if (seen.path === '/api/v1/transaction/register' && seen.method === 'POST') {
      const sign = sha384({
        sessionId: json['sessionId'],
        merchantId: json['merchantId'],
        amount: json['amount'],
        currency: json['currency'],
        crc,
      });
      if (json['sign'] !== sign || json['merchantId'] !== merchantId) return bad;
      for (const key of ['posId', 'description', 'email', 'country', 'language', 'urlReturn'])
        if (json[key] === undefined) return bad;
      const methodRefId = typeof json['methodRefId'] === 'string' ? json['methodRefId'] : null;
      if (methodRefId !== null && (json['method'] !== Number(P24_GOOGLE_PAY_METHOD_ID) || !methodRefId)) return bad;
      const token = randomUUID().toUpperCase();
      transactions.set(token, {
        token,
        sessionId: String(json['sessionId']),
        amount: Number(json['amount']),
        currency: String(json['currency']),
        orderId: 300000000 + transactions.size,
        status: 0,
        verified: false,
        methodRefId,
      });
      return { status: 200, body: { data: { token }, responseCode: 0 } };
    }
    if (seen.path === '/api/v1/paymentMethod/blik/chargeByCode' && seen.method === 'POST') {
      const t = transactions.get(String(json['token']));
      if (!t || json['blikCode'] === '000000') return { status: 400, body: { error: 'Invalid BLIK code', code: 400 } };
      return { status: 200, body: { data: { orderId: t.orderId, message: 'success' }, responseCode: 0 } };
    }
    if (seen.path === '/api/v1/card/chargeWith3ds' && seen.method === 'POST') {
      const t = transactions.get(String(json['token']));
      if (!t?.methodRefId) return bad;
      const card = Buffer.from(t.methodRefId, 'base64').toString();
      if (card.includes('declined')) return { status: 400, body: { error: 'Card declined', code: 400 } };
      if (card.includes('3ds'))
        return {
          status: 201,
          body: { data: { orderId: t.orderId, redirectUrl: `${fake.url}/3ds/${t.token}` }, responseCode: 0 },
        };
      return { status: 200, body: { data: { orderId: t.orderId }, responseCode: 0 } };
    }
    if (seen.path === '/api/v1/transaction/verify' && seen.method === 'PUT') {
      const t = [...transactions.values()].find((x) => x.sessionId === json['sessionId']);
      const sign = sha384({
        sessionId: json['sessionId'],
        orderId: json['orderId'],
        amount: json['amount'],
        currency: json['currency'],
        crc,
      });
      if (
        state.verifyRefuses ||
        !t ||
        json['sign'] !== sign ||
        t.orderId !== json['orderId'] ||
        t.amount !== json['amount']
      )
        return bad;
      t.verified = true;
      t.status = 2;
      return { status: 200, body: { data: { status: 'success' }, responseCode: 0 } };
    }
    const bySession = /^\/api\/v1\/transaction\/by\/sessionId\/(.+)$/.exec(seen.path);
    if (bySession && seen.method === 'GET') {
      const t = [...transactions.values()].find((x) => x.sessionId === decodeURIComponent(bySession[1]!));
      return t
        ? {
            status: 200,
            body: {
              data: {
                orderId: t.orderId,
                sessionId: t.sessionId,
                status: t.status,
                amount: t.amount,
                currency: t.currency,
              },
              responseCode: 0,
            },
          }
        : { status: 404, body: { error: 'Transaction not exist', code: 404 } };
    }
    if (seen.path === '/api/v1/transaction/refund' && seen.method === 'POST') {
      if (typeof json['refundsUuid'] !== 'string' || (json['refundsUuid'] as string).length > 35) return bad;
      refunds.push(json);
      return {
        status: 201,
        body: {
          data: (json['refunds'] as object[]).map((r) => ({ ...r, status: true, message: 'success' })),
          responseCode: 0,
        },
      };
    }
    return { status: 404, body: {} };
  });
  /** The buyer pays: the transaction awaits verification and P24 posts its signed notification. */
  const pay = (sessionId: string, key = crc) => {
    const t = [...transactions.values()].find((x) => x.sessionId === sessionId)!;
    t.status = 1;
    const fields = {
      merchantId,
      posId: Number(P24_CREDENTIALS.P24_POS_ID),
      sessionId,
      amount: t.amount,
      originAmount: t.amount,
      currency: t.currency,
      orderId: t.orderId,
      methodId: 25,
      statement: `p24-A1-B2-C3/ęą`,
    };
    return JSON.stringify({ ...fields, sign: sha384({ ...fields, crc: key }) });
  };
  return { ...fake, transactions, refunds, state, pay };
}
