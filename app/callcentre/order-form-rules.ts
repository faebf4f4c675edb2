import { type Country, isPaymentMethod, requiredConsents } from '#domain/country.ts';
import type { FieldRule } from '#domain/errors.ts';
import { checkoutFormRules, pickupCheckoutFormRules, validate } from '#domain/forms.ts';

export type OrderFormValues = {
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  deliveryMethod: 'door2door' | 'outside' | 'leave@door' | 'pickup';
  street: string;
  streetNo: string;
  aptNo: string;
  city: string;
  zip: string;
  comment: string;
  paymentMethod: string;
  blikCode: string;
  consents: { agree1: boolean; agree2: boolean; providerTerms: boolean; orderWithObligation: boolean };
  lang: 'pl' | 'en' | 'ua';
};

/** Field path → the rule (or error key) it fails; consents as `consents.<name>`. */
export type OrderFormErrors = Partial<Record<string, FieldRule>>;

/**
 * The phone order's form checked by the rules the server applies (server/domain): the customer details and, unless
 * picked up, the address with the basket's country's phone and zip patterns; a payment method; a 6-digit Blik code
 * for Blik; and the consents that country and method require. The server checks all of it again.
 */
export function orderFormErrors(values: OrderFormValues, country: Country): OrderFormErrors {
  const rules = values.deliveryMethod === 'pickup' ? pickupCheckoutFormRules : checkoutFormRules;
  const errors: OrderFormErrors = { ...validate(rules, values, { country }) };
  const method = values.paymentMethod;
  if (!isPaymentMethod(method)) {
    errors['paymentMethod'] = 'notEmpty';
    return errors;
  }
  if (method === 'blik' && !/^\d{6}$/.test(values.blikCode)) {
    errors['blikCode'] = /^\d*$/.test(values.blikCode) ? 'blikCode' : 'blikCodeMustBeNumber';
  }
  for (const consent of requiredConsents(country, method)) {
    if (!values.consents[consent]) errors[`consents.${consent}`] = 'isTrue';
  }
  return errors;
}
