import { describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../payments/providers/sandbox/index.ts';
import { signBody } from '../payments/signature.ts';
import { accessTokenMatches, hashAccessToken, orderAccessToken } from './access-token.ts';

const orderSecret = 'order-token-secret-0123456789';
const webhookSecret = 'webhook-secret-0123456789';
const bankSecret = 'sandbox-bank-secret-0123456789';
const orderId = '0b5b5c1e-4d8f-4f4e-9a53-1f3c2d7e8a90';

describe('secrets per purpose', () => {
  it('an order link made with another purpose’s secret does not open the order', () => {
    const stored = hashAccessToken(orderAccessToken(orderSecret, orderId));
    expect(accessTokenMatches(orderAccessToken(orderSecret, orderId), stored)).toBe(true);
    expect(accessTokenMatches(orderAccessToken(webhookSecret, orderId), stored)).toBe(false);
    expect(accessTokenMatches(orderAccessToken(bankSecret, orderId), stored)).toBe(false);
  });

  it('the sandbox checks webhook signatures and bank links each with its own secret', () => {
    const sandbox = createSandboxProvider({
      webhookSecret,
      bankLinkSecret: bankSecret,
      publicBaseUrl: 'http://localhost:3000',
      deliver: async () => new Response(null, { status: 200 }),
    });
    const body = '{"id":"ntf_1"}';
    const signed = (secret: string) =>
      sandbox.receiveNotification(body, new Headers({ 'x-signature': signBody(secret, body) })).kind;
    expect(signed(webhookSecret)).not.toBe('invalidSignature');
    expect(signed(bankSecret)).toBe('invalidSignature');
    expect(signed(orderSecret)).toBe('invalidSignature');

    const returnUrl = 'http://localhost:3000/podsumowanie?order=x';
    const link = `bank-return:${orderId}:${returnUrl}`;
    expect(sandbox.verifiedReturnUrl(orderId, returnUrl, signBody(bankSecret, link))).toBe(returnUrl);
    expect(sandbox.verifiedReturnUrl(orderId, returnUrl, signBody(webhookSecret, link))).toBeNull();
  });
});
