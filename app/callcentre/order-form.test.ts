import { afterEach, describe, expect, it } from 'vitest';
import { $basket, type StaffBasket } from './phone-order.ts';
import {
  type PhoneOrderValues,
  phoneOrderForm,
  phoneOrderInput,
  refusePhoneOrder,
  startPhoneOrderForm,
} from './order-form.ts';

/** Types into the form as the agent would, field by field. */
const fill = (values: Partial<PhoneOrderValues>) => {
  for (const [field, value] of Object.entries(values)) phoneOrderForm.setField(field as 'firstname', value as string);
};

const caller = {
  firstname: 'Jan',
  lastname: 'Kowalski',
  phone: '600 700 800',
  email: 'jan@example.com',
  street: 'Puławska',
  streetNo: '10',
  zip: '02-512',
  city: 'Warszawa',
  paymentMethod: 'cashOnDelivery',
} as const;

afterEach(() => {
  startPhoneOrderForm('pl');
  $basket.set(null);
});

describe('the call centre’s order form: the shop’s rules with the channel cc', () => {
  it('checks a field on change, and the whole form on submit, first error first', () => {
    phoneOrderForm.setField('email', 'jan@');
    expect(phoneOrderForm.$state.get().errors).toEqual({ email: 'isValidEmail' });
    expect(phoneOrderForm.check()).toBe('firstname');
    expect(phoneOrderForm.$state.get().errors).toMatchObject({ paymentMethod: 'notEmpty', agree1: 'isTrue' });
  });

  it('passes a Polish cash-on-delivery order with its consents, and sends only the consents shown', () => {
    fill({ ...caller, agree1: true, agree2: true, orderWithObligation: true });
    expect(phoneOrderForm.check()).toBeNull();
    const input = phoneOrderInput(phoneOrderForm.$state.get().values);
    expect(input.consents).toEqual({ agree1: true, agree2: true, orderWithObligation: true });
    expect(input).toMatchObject({ street: 'Puławska', paymentMethod: 'cashOnDelivery', lang: 'pl' });
  });

  it('follows the basket’s country: Ukraine’s phone and zip rules, no agree1/agree2', () => {
    $basket.set({ country: 'ua' } as StaffBasket);
    fill({ ...caller, orderWithObligation: true });
    expect(phoneOrderForm.check()).toBe('phone');
    expect(phoneOrderForm.$state.get().errors).toEqual({ phone: 'isValidPhoneNo', zip: 'isValidZipCode' });
  });

  it('asks Blik for 6 digits by the domain’s check, and the provider’s terms in Poland', () => {
    fill({ ...caller, paymentMethod: 'blik', blikCode: '12a', agree1: true, agree2: true, orderWithObligation: true });
    expect(phoneOrderForm.check()).toBe('blikCode');
    expect(phoneOrderForm.$state.get().errors).toEqual({ blikCode: 'blikCodeMustBeNumber', providerTerms: 'isTrue' });
  });

  it('puts the server’s refusal at its field, or above the button', () => {
    expect(refusePhoneOrder({ ok: false, status: 400, key: 'consentRequired', details: { missing: ['agree2'] } })).toBe(
      'agree2',
    );
    expect(refusePhoneOrder({ ok: false, status: 400, key: 'restaurantClosed', details: {} })).toBeNull();
    expect(phoneOrderForm.$state.get().error).toBe('restaurantClosed');
  });
});
