import { afterEach, describe, expect, it } from 'vitest';
import {
  GooglePayClosed,
  googleButtonOptions,
  googleGooglePay,
  googlePayAdapter,
  paymentDataRequest,
  sandboxGooglePay,
  type GooglePayConfig,
} from './google-pay.ts';

/** What GET /api/payments/config answers for a gateway (server/services/payments/providers.ts builds it). */
const configFor = (
  gateway: 'payu' | 'przelewy24',
  gatewayMerchantId: string,
  google: { environment: 'TEST' | 'PRODUCTION'; merchantId: string | null } = { environment: 'TEST', merchantId: null },
): GooglePayConfig => ({
  gateway,
  gatewayMerchantId,
  ...google,
  paymentMethodSpecification: {
    type: 'CARD',
    parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['VISA', 'MASTERCARD'] },
    tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway, gatewayMerchantId } },
  },
});
const order = { total: 4599, currency: 'PLN', country: 'pl', merchantName: 'Pasta Fresca' };

describe('PaymentDataRequest', () => {
  it.each([
    ['payu', '300746'],
    ['przelewy24', '123456'],
  ] as const)('tokenizes the card for the %s gateway with its merchant id', (gateway, merchantId) => {
    const request = paymentDataRequest(configFor(gateway, merchantId), order);
    expect(request).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: ['VISA', 'MASTERCARD'],
          },
          tokenizationSpecification: {
            type: 'PAYMENT_GATEWAY',
            parameters: { gateway, gatewayMerchantId: merchantId },
          },
        },
      ],
      // TEST needs no Google merchant id, and none is sent.
      merchantInfo: { merchantName: 'Pasta Fresca' },
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '45.99', currencyCode: 'PLN', countryCode: 'PL' },
    });
  });

  it('names Google’s merchant id in production', () => {
    const request = paymentDataRequest(
      configFor('payu', '300746', { environment: 'PRODUCTION', merchantId: 'BCR2DN4T7' }),
      order,
    );
    expect(request.merchantInfo).toEqual({ merchantName: 'Pasta Fresca', merchantId: 'BCR2DN4T7' });
  });

  it('gives Google’s button the page’s language (Google calls Ukrainian "uk") and the request’s card methods', () => {
    const request = paymentDataRequest(configFor('przelewy24', '1'), order);
    const onClick = () => {};
    expect(googleButtonOptions(request, { locale: 'ua', onClick })).toEqual({
      onClick,
      allowedPaymentMethods: request.allowedPaymentMethods,
      buttonColor: 'default',
      buttonType: 'pay',
      buttonSizeMode: 'fill',
      buttonLocale: 'uk',
    });
    expect(googleButtonOptions(request, { locale: 'pl', onClick }).buttonLocale).toBe('pl');
  });
});

/**
 * Google's pay.js, as far as the page uses it: PaymentsClient with isReadyToPay, createButton and loadPaymentData
 * (https://developers.google.com/pay/api/web/reference/client). It is already on the page, as after its script
 * has loaded, so no script is fetched.
 */
function installGoogle(behaviour: { ready: boolean; answer: () => Promise<unknown> }) {
  const seen = { environments: [] as string[], buttons: [] as Record<string, unknown>[], requests: [] as object[] };
  class PaymentsClient {
    constructor(options: { environment: string }) {
      seen.environments.push(options.environment);
    }
    isReadyToPay() {
      return Promise.resolve({ result: behaviour.ready });
    }
    createButton(options: Record<string, unknown>) {
      seen.buttons.push(options);
      return { tagName: 'DIV', options } as unknown as HTMLElement;
    }
    loadPaymentData(request: object) {
      seen.requests.push(request);
      return behaviour.answer();
    }
  }
  (globalThis as { google?: unknown }).google = { payments: { api: { PaymentsClient } } };
  return seen;
}

describe('Google’s adapter', () => {
  afterEach(() => {
    delete (globalThis as { google?: unknown }).google;
  });
  const request = paymentDataRequest(configFor('payu', '300746'), order);

  it('runs in the configured environment, shows Google’s button and returns the token of Google’s sheet', async () => {
    const seen = installGoogle({
      ready: true,
      answer: async () => ({ paymentMethodData: { tokenizationData: { token: '{"signedMessage":"x"}' } } }),
    });
    const adapter = googleGooglePay('TEST');
    let clicked = 0;
    const button = await adapter.button(request, { locale: 'en', onClick: () => (clicked += 1) });
    expect(button).not.toBeNull();
    expect(seen.buttons[0]).toMatchObject({ buttonType: 'pay', buttonLocale: 'en' });
    (seen.buttons[0]!['onClick'] as () => void)();
    expect(clicked).toBe(1);
    expect(await adapter.loadPaymentData(request)).toBe('{"signedMessage":"x"}');
    expect(seen.requests).toEqual([request]);
    // One client for the button and the sheet.
    expect(seen.environments).toEqual(['TEST']);

    installGoogle({ ready: true, answer: async () => ({}) });
    const production = installGoogle({ ready: true, answer: async () => ({}) });
    await googleGooglePay('PRODUCTION').isReadyToPay(request);
    expect(production.environments).toEqual(['PRODUCTION']);
  });

  it('no button where the browser cannot pay with Google Pay; a closed sheet is GooglePayClosed', async () => {
    installGoogle({ ready: false, answer: () => Promise.reject({ statusCode: 'CANCELED' }) });
    const adapter = googleGooglePay('TEST');
    expect(await adapter.button(request, { locale: 'pl', onClick: () => {} })).toBeNull();
    expect(await adapter.isReadyToPay(request)).toBe(false);
    await expect(adapter.loadPaymentData(request)).rejects.toBeInstanceOf(GooglePayClosed);
  });

  it('the sandbox keeps its own sheet and the page’s own button; real gateways get Google’s', async () => {
    expect(googlePayAdapter({ sandbox: true, googlePay: configFor('payu', '1') })).toBe(sandboxGooglePay);
    expect(await sandboxGooglePay.button(request, { locale: 'pl', onClick: () => {} })).toBeNull();
    const real = googlePayAdapter({ sandbox: false, googlePay: configFor('payu', '1') });
    expect(real).not.toBe(sandboxGooglePay);
    expect(googlePayAdapter({ sandbox: false, googlePay: configFor('przelewy24', '1') })).toBe(real);
  });
});
