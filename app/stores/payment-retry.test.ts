import { describe, expect, it } from 'vitest';
import { $sandboxSheet, paymentDataRequest, sandboxGooglePay, GooglePayClosed } from '#app/checkout/google-pay.ts';
import type { OfferedMethod } from './checkout.ts';
import { retryErrors } from './payment-retry.ts';

const method = (id: OfferedMethod['id'], providerTermsRequired: boolean) =>
  ({ id, providerTermsRequired, availableNow: true }) as OfferedMethod;
const methods = [method('blik', true), method('cashOnDelivery', false)];

describe('paying again', () => {
  it('asks for an offered method, a 6-digit Blik code and the provider’s terms where the method needs them', () => {
    expect(retryErrors({ method: '', blikCode: '', providerTerms: false }, methods)).toEqual({ method: 'notEmpty' });
    expect(retryErrors({ method: 'googlePay', blikCode: '', providerTerms: true }, methods)).toEqual({
      method: 'notEmpty',
    });
    expect(retryErrors({ method: 'blik', blikCode: '12a', providerTerms: false }, methods)).toEqual({
      blikCode: 'blikCodeMustBeNumber',
      providerTerms: 'isTrue',
    });
    expect(retryErrors({ method: 'blik', blikCode: '123456', providerTerms: true }, methods)).toEqual({});
    expect(retryErrors({ method: 'cashOnDelivery', blikCode: '', providerTerms: false }, methods)).toEqual({});
  });
});

describe('Google Pay through the sandbox’s sheet', () => {
  const config = {
    gateway: 'example',
    gatewayMerchantId: 'exampleGatewayMerchantId',
    environment: 'TEST' as const,
    merchantId: null,
    paymentMethodSpecification: {
      type: 'CARD',
      parameters: { allowedCardNetworks: ['VISA', 'MASTERCARD'] },
      tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'example' } },
    },
  };
  const request = paymentDataRequest(config, { total: 11298, currency: 'PLN', country: 'pl', merchantName: 'Pasta' });

  it('builds Google’s PaymentDataRequest from the gateway and the total', () => {
    expect(request.transactionInfo).toEqual({
      totalPriceStatus: 'FINAL',
      totalPrice: '112.98',
      currencyCode: 'PLN',
      countryCode: 'PL',
    });
    expect(request.allowedPaymentMethods[0]?.tokenizationSpecification.parameters).toEqual({ gateway: 'example' });
    expect(request.merchantInfo).toEqual({ merchantName: 'Pasta' });
  });

  it('answers a token the sandbox charges, one it declines, or closes without one', async () => {
    const approved = sandboxGooglePay.loadPaymentData(request);
    $sandboxSheet.get()?.answer('approve');
    expect(await approved).toMatch(/^sandbox-ok-/);
    expect($sandboxSheet.get()).toBeNull();
    const declined = sandboxGooglePay.loadPaymentData(request);
    $sandboxSheet.get()?.answer('decline');
    expect(await declined).not.toMatch(/^sandbox-ok/);
    const closed = sandboxGooglePay.loadPaymentData(request);
    $sandboxSheet.get()?.answer('close');
    await expect(closed).rejects.toBeInstanceOf(GooglePayClosed);
  });
});
