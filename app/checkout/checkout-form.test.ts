import { describe, expect, it } from 'vitest';
import { SPEC_ERROR_KEYS } from '#domain/errors.ts';
import { errorMessage } from '#i18n/messages.ts';
import { checkoutFormErrors } from '#domain/checkout-form.ts';
import {
  type CheckoutContext,
  type CheckoutValues,
  EMPTY_CHECKOUT,
  firstErrorField,
  placeErrors,
  placeOrderBody,
  visibleConsents,
} from './checkout-form.ts';

const filled: CheckoutValues = {
  ...EMPTY_CHECKOUT,
  firstname: 'Anna',
  lastname: 'Nowak',
  email: 'anna@example.com',
  phone: '600 100 200',
  street: 'Puławska',
  streetNo: '10',
  zip: '02-512',
  city: 'Warszawa',
  paymentMethod: 'blik',
  blikCode: '123456',
  agree1: true,
  agree2: true,
  providerTerms: true,
  orderWithObligation: true,
};
const pl = { country: 'pl', pickup: false } as const;
/** The shop's values under the domain's rules, as the checkout store checks them (channel web). */
const checkoutErrors = (values: CheckoutValues, ctx: CheckoutContext) =>
  checkoutFormErrors(values, { ...ctx, channel: 'web' });

describe('the finalize-order form', () => {
  it('passes a complete Polish order', () => {
    expect(checkoutErrors(filled, pl)).toEqual({});
  });

  it('checks phone and zip by the basket country’s rules', () => {
    expect(checkoutErrors({ ...filled, phone: '0501234567', zip: '01001' }, pl)).toEqual({
      phone: 'isValidPhoneNo',
      zip: 'isValidZipCode',
    });
    const ua = { ...filled, phone: '050 123 45 67', zip: '01001', paymentMethod: 'cashOnDelivery' as const };
    expect(checkoutErrors(ua, { country: 'ua', pickup: false })).toEqual({});
  });

  it('asks no address for pickup', () => {
    const pickup = { ...filled, street: '', streetNo: '', zip: '', city: '' };
    expect(checkoutErrors(pickup, { country: 'pl', pickup: true })).toEqual({});
    expect(checkoutErrors(pickup, pl)).toMatchObject({ street: 'notEmpty', zip: 'notEmpty' });
  });

  it('wants a method, and for Blik 6 digits (letters first: digits only)', () => {
    expect(checkoutErrors({ ...filled, paymentMethod: '' }, pl).paymentMethod).toBe('notEmpty');
    expect(checkoutErrors({ ...filled, blikCode: '12345' }, pl).blikCode).toBe('blikCode');
    expect(checkoutErrors({ ...filled, blikCode: '12a456' }, pl).blikCode).toBe('blikCodeMustBeNumber');
    expect(checkoutErrors({ ...filled, paymentMethod: 'fastTransfer', blikCode: '' }, pl).blikCode).toBeUndefined();
  });

  it('hides agree1 and agree2 in Ukraine and asks the provider’s terms only where the method needs them', () => {
    expect(visibleConsents('pl', 'blik')).toEqual(['agree1', 'agree2', 'providerTerms', 'orderWithObligation']);
    expect(visibleConsents('pl', '')).toEqual(['agree1', 'agree2', 'orderWithObligation']);
    expect(visibleConsents('ua', 'cashOnDelivery')).toEqual(['orderWithObligation']);
    const none = { ...filled, agree1: false, agree2: false, providerTerms: false, orderWithObligation: false };
    expect(checkoutErrors(none, pl)).toEqual({
      agree1: 'isTrue',
      agree2: 'isTrue',
      providerTerms: 'isTrue',
      orderWithObligation: 'isTrue',
    });
    const ua = { ...none, phone: '0501234567', zip: '01001', paymentMethod: 'cashOnDelivery' as const };
    expect(checkoutErrors(ua, { country: 'ua', pickup: false })).toEqual({ orderWithObligation: 'isTrue' });
  });

  it('names the first field with an error in page order, the basket before all', () => {
    expect(firstErrorField({ city: 'notEmpty', email: 'isValidEmail' })).toBe('email');
    expect(firstErrorField({ orderWithObligation: 'isTrue', address: 'addressOutOfRestaurantsDeliveryArea' })).toBe(
      'address',
    );
    expect(firstErrorField({ blikCode: 'blikCode', basket: 'restaurantClosed' })).toBe('basket');
    expect(firstErrorField({})).toBeNull();
  });
});

describe('where the API’s refusal shows', () => {
  it('puts every checkout key of spec section 8 next to what caused it, translated in each language', () => {
    const checkoutKeys = SPEC_ERROR_KEYS.filter((key) =>
      [
        'discountCode',
        'blikCode',
        'blikCodeMustBeNumber',
        'restaurantLocation',
        'minBasketValueError',
        'mishmashedLocations',
        'restaurantClosed',
        'productUnavailable',
        'addressOutOfRestaurantsDeliveryArea',
        'discountNotActive',
      ].includes(key),
    );
    expect(checkoutKeys).toHaveLength(10);
    const where = Object.fromEntries(checkoutKeys.map((key) => [key, placeErrors({ key: key })]));
    expect(where['blikCode']).toEqual({ fields: { blikCode: 'blikCode' }, form: null });
    expect(where['blikCodeMustBeNumber']).toEqual({ fields: { blikCode: 'blikCodeMustBeNumber' }, form: null });
    expect(where['addressOutOfRestaurantsDeliveryArea']).toEqual({
      fields: { address: 'addressOutOfRestaurantsDeliveryArea' },
      form: null,
    });
    for (const key of [
      'discountCode',
      'discountNotActive',
      'minBasketValueError',
      'restaurantClosed',
      'productUnavailable',
      'restaurantLocation',
      'mishmashedLocations',
    ])
      expect(where[key]).toEqual({ fields: { basket: key }, form: null });
    for (const key of checkoutKeys) {
      const texts = (['pl', 'en', 'ua'] as const).map((locale) => errorMessage(key, locale));
      expect(new Set(texts).size, key).toBe(3);
      expect(texts).not.toContain(errorMessage('internalError', 'en'));
    }
  });

  it('maps validation details, missing consents and the method to their fields', () => {
    expect(placeErrors({ key: 'validation', details: { phone: 'isValidPhoneNo', zip: 'notEmpty' } })).toEqual({
      fields: { phone: 'isValidPhoneNo', zip: 'notEmpty' },
      form: null,
    });
    expect(placeErrors({ key: 'validation', details: { googlePayToken: 'notEmpty' } }).fields).toEqual({
      paymentMethod: 'notEmpty',
    });
    expect(placeErrors({ key: 'consentRequired', details: { missing: ['agree2', 'providerTerms'] } })).toEqual({
      fields: { agree2: 'isTrue', providerTerms: 'isTrue' },
      form: null,
    });
    expect(placeErrors({ key: 'paymentMethodUnavailable' }).fields).toEqual({
      paymentMethod: 'paymentMethodUnavailable',
    });
    expect(placeErrors({ key: 'tooManyRequests' })).toEqual({ fields: {}, form: 'tooManyRequests' });
    expect(placeErrors({ key: 'internalError' })).toEqual({ fields: {}, form: 'internalError' });
  });
});

describe('the place-order body', () => {
  it('sends what the API reads, trimmed, with the Blik code only for Blik', () => {
    const body = placeOrderBody(
      { ...filled, firstname: ' Anna ', aptNo: ' ', comment: '' },
      { ...pl, lang: 'en', coordinates: { lat: 52.2, lng: 21 } },
    );
    expect(body).toEqual({
      firstname: 'Anna',
      lastname: 'Nowak',
      phone: '600 100 200',
      email: 'anna@example.com',
      street: 'Puławska',
      streetNo: '10',
      city: 'Warszawa',
      zip: '02-512',
      lat: 52.2,
      lng: 21,
      consents: {
        agree1: true,
        agree2: true,
        providerTerms: true,
        orderWithObligation: true,
        marketingSms: false,
        marketingEmail: false,
      },
      paymentMethod: 'blik',
      blikCode: '123456',
      lang: 'en',
    });
    const pickup = placeOrderBody(
      { ...filled, paymentMethod: 'googlePay' },
      { country: 'pl', pickup: true, lang: 'pl', googlePayToken: 'sandbox-ok-1' },
    );
    expect(pickup).not.toHaveProperty('street');
    expect(pickup).not.toHaveProperty('blikCode');
    expect(pickup).toMatchObject({ paymentMethod: 'googlePay', googlePayToken: 'sandbox-ok-1' });
  });
});
