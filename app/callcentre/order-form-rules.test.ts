import { describe, expect, it } from 'vitest';
import { orderFormErrors, type OrderFormValues } from './order-form-rules.ts';

const filled: OrderFormValues = {
  firstname: 'Jan',
  lastname: 'Kowalski',
  phone: '600 700 800',
  email: 'jan@example.com',
  deliveryMethod: 'door2door',
  street: 'Puławska',
  streetNo: '10',
  aptNo: '',
  city: 'Warszawa',
  zip: '02-512',
  comment: '',
  paymentMethod: 'cashOnDelivery',
  blikCode: '',
  consents: { agree1: true, agree2: true, providerTerms: false, orderWithObligation: true },
  lang: 'pl',
};

describe('orderFormErrors', () => {
  it('passes a complete Polish cash-on-delivery order', () => {
    expect(orderFormErrors(filled, 'pl')).toEqual({});
  });

  it('checks phone and zip with the basket’s country', () => {
    expect(orderFormErrors(filled, 'ua')).toEqual({ phone: 'isValidPhoneNo', zip: 'isValidZipCode' });
  });

  it('needs no address for pickup', () => {
    const pickup = { ...filled, deliveryMethod: 'pickup' as const, street: '', zip: '' };
    expect(orderFormErrors(pickup, 'pl')).toEqual({});
  });

  it('asks Blik for six digits and, in Poland, the provider’s terms', () => {
    expect(orderFormErrors({ ...filled, paymentMethod: 'blik', blikCode: '12a' }, 'pl')).toEqual({
      blikCode: 'blikCodeMustBeNumber',
      'consents.providerTerms': 'isTrue',
    });
    expect(orderFormErrors({ ...filled, paymentMethod: 'blik', blikCode: '1234' }, 'pl')).toMatchObject({
      blikCode: 'blikCode',
    });
  });

  it('needs a payment method, and in Ukraine no agree1/agree2', () => {
    expect(orderFormErrors({ ...filled, paymentMethod: '' }, 'pl')).toEqual({ paymentMethod: 'notEmpty' });
    const ua = {
      ...filled,
      phone: '0501234567',
      zip: '04070',
      consents: { agree1: false, agree2: false, providerTerms: false, orderWithObligation: true },
    };
    expect(orderFormErrors(ua, 'ua')).toEqual({});
  });
});
