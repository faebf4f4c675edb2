import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CheckoutFormValues, checkoutFormErrors } from './checkout-form.ts';
import { PAYMENT_METHODS, availablePaymentMethods, formConsents, requiredConsents } from './country.ts';

const filled: CheckoutFormValues = {
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
const web = { country: 'pl', pickup: false, channel: 'web' } as const;
const cc = { country: 'pl', pickup: false, channel: 'cc' } as const;

describe('checkoutFormErrors: the finalize-order form of the shop and of the call centre', () => {
  it('passes a complete Polish Blik order on both channels', () => {
    expect(checkoutFormErrors(filled, web)).toEqual({});
    expect(checkoutFormErrors(filled, cc)).toEqual({});
  });

  it('checks phone and zip by the basket country’s rules', () => {
    expect(checkoutFormErrors(filled, { ...web, country: 'ua' })).toMatchObject({
      phone: 'isValidPhoneNo',
      zip: 'isValidZipCode',
    });
    const ua = { ...filled, phone: '050 123 45 67', zip: '01001', paymentMethod: 'cashOnDelivery' };
    expect(checkoutFormErrors(ua, { ...web, country: 'ua' })).toEqual({});
  });

  it('asks no address for pickup', () => {
    const pickup = { ...filled, street: '', streetNo: '', zip: '', city: '' };
    expect(checkoutFormErrors(pickup, { ...cc, pickup: true })).toEqual({});
    expect(checkoutFormErrors(pickup, cc)).toMatchObject({ street: 'notEmpty', zip: 'notEmpty' });
  });

  it('wants a method the channel offers: on delivery in Poland for the call centre only', () => {
    expect(checkoutFormErrors({ ...filled, paymentMethod: '' }, web).paymentMethod).toBe('notEmpty');
    const cash = { ...filled, paymentMethod: 'cashOnDelivery' };
    expect(checkoutFormErrors(cash, cc)).toEqual({});
    expect(checkoutFormErrors(cash, web).paymentMethod).toBe('paymentMethodUnavailable');
    expect(checkoutFormErrors({ ...filled, paymentMethod: 'fastTransfer' }, cc).paymentMethod).toBe(
      'paymentMethodUnavailable',
    );
  });

  it('asks Blik for 6 digits (anything else than digits first), and only for Blik', () => {
    expect(checkoutFormErrors({ ...filled, blikCode: '12345' }, cc).blikCode).toBe('blikCode');
    expect(checkoutFormErrors({ ...filled, blikCode: '12a456' }, cc).blikCode).toBe('blikCodeMustBeNumber');
    expect(checkoutFormErrors({ ...filled, blikCode: '12a' }, web).blikCode).toBe('blikCodeMustBeNumber');
    expect(checkoutFormErrors({ ...filled, paymentMethod: 'fastTransfer', blikCode: '' }, web)).toEqual({});
  });

  it('hides agree1 and agree2 in Ukraine and asks the provider’s terms only where the method needs them', () => {
    const none = { ...filled, agree1: false, agree2: false, providerTerms: false, orderWithObligation: false };
    expect(checkoutFormErrors(none, web)).toEqual({
      agree1: 'isTrue',
      agree2: 'isTrue',
      providerTerms: 'isTrue',
      orderWithObligation: 'isTrue',
    });
    const ua = { ...none, phone: '050 123 45 67', zip: '01001', paymentMethod: 'cashOnDelivery' };
    expect(checkoutFormErrors(ua, { ...cc, country: 'ua' })).toEqual({ orderWithObligation: 'isTrue' });
  });

  it('before a method is picked, asks the consents every method asks for', () => {
    expect(formConsents('pl', '')).toEqual(['agree1', 'agree2', 'orderWithObligation']);
    expect(formConsents('pl', 'blik')).toContain('providerTerms');
  });

  it('for any offered method, its required consents are exactly the consent errors of an unticked form', () => {
    const channels = ['web', 'cc'] as const;
    const countries = ['pl', 'ua'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...channels), fc.constantFrom(...countries), (channel, country) => {
        for (const method of availablePaymentMethods(channel, country)) {
          const values = {
            ...filled,
            paymentMethod: method,
            agree1: false,
            agree2: false,
            providerTerms: false,
            orderWithObligation: false,
          };
          const errors = checkoutFormErrors(values, { country, pickup: true, channel });
          const consents = Object.keys(errors).filter((key) => key !== 'phone');
          expect(consents.sort()).toEqual([...requiredConsents(country, method)].sort());
        }
      }),
    );
  });

  it('a method outside the list is never accepted', () => {
    fc.assert(
      fc.property(
        fc.string().filter((method) => !(PAYMENT_METHODS as readonly string[]).includes(method)),
        (method) => {
          expect(checkoutFormErrors({ ...filled, paymentMethod: method }, web).paymentMethod).toBe('notEmpty');
        },
      ),
    );
  });
});
