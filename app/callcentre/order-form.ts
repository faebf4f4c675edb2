import { checkoutFormErrors } from '#domain/checkout-form.ts';
import { type Consent, formConsents } from '#domain/country.ts';
import type { DeliveryMethod } from '#domain/pricing.ts';
import type { Refusal } from '#app/api-answer.ts';
import { createForm } from '#app/forms/form.ts';
import { type CheckoutValues, EMPTY_CHECKOUT, placeErrors } from '#app/checkout/checkout-form.ts';
import { $basket, type Lang, type OrderInput, type Prefill } from './phone-order.ts';

/**
 * The phone order's form: the shop's finalize-order fields (server/domain/checkout-form.ts, channel cc) plus how the
 * food travels, the comment and the order's language. Field order is the order on the screen, so the whole-form
 * check's first error is the first one the agent sees.
 */
export type PhoneOrderValues = Omit<
  CheckoutValues,
  'marketingSms' | 'marketingEmail' | 'addressChoice' | 'saveAddress'
> & {
  deliveryMethod: DeliveryMethod;
  lang: Lang;
};

export type PhoneOrderField = keyof PhoneOrderValues;

// The shop's fields in this screen's order: the phone before the e-mail, how the food travels before the address.
const {
  firstname,
  lastname,
  phone,
  email,
  marketingSms: _sms,
  marketingEmail: _email,
  addressChoice: _choice,
  saveAddress: _save,
  ...shopFields
} = EMPTY_CHECKOUT;
const EMPTY: PhoneOrderValues = {
  firstname,
  lastname,
  phone,
  email,
  deliveryMethod: 'door2door',
  ...shopFields,
  lang: 'pl',
};

/** The basket's country (its kitchen's) decides the phone and zip rules, the methods and the consents. */
const country = () => $basket.get()?.country ?? 'pl';

/** The consents the form shows: those the basket's country and the chosen method require (as the shop's). */
export const shownConsents = (values: PhoneOrderValues): Consent[] => formConsents(country(), values.paymentMethod);

export const phoneOrderForm = createForm<PhoneOrderValues>(EMPTY, (values) =>
  checkoutFormErrors(values, { country: country(), pickup: values.deliveryMethod === 'pickup', channel: 'cc' }),
);

/** A fresh form for a new call, in the agent's screen language until they pick the caller's. */
export const startPhoneOrderForm = (lang: Lang): void => phoneOrderForm.reset({ lang });

/**
 * Copies details the agent chose (an account, an earlier order, a known address) into the form, unchecked as typed;
 * a field showing an error is checked again with what came in.
 */
export function prefillPhoneOrder(values: Prefill): void {
  phoneOrderForm.fill(Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value ?? ''])));
}

/** The body of the call centre's order for these values: the address unless picked up, the consents shown. */
export function phoneOrderInput(values: PhoneOrderValues): OrderInput {
  const pickup = values.deliveryMethod === 'pickup';
  return {
    firstname: values.firstname,
    lastname: values.lastname,
    phone: values.phone,
    email: values.email,
    ...(pickup ? {} : phoneOrderAddress(values)),
    comment: values.comment,
    paymentMethod: values.paymentMethod as OrderInput['paymentMethod'],
    ...(values.paymentMethod === 'blik' ? { blikCode: values.blikCode } : {}),
    consents: Object.fromEntries(shownConsents(values).map((consent) => [consent, values[consent]])),
    lang: values.lang,
  };
}

/** The delivery address the basket is set to, or null for pickup. */
export function phoneOrderAddress(values: PhoneOrderValues) {
  if (values.deliveryMethod === 'pickup') return null;
  return {
    street: values.street,
    streetNo: values.streetNo,
    city: values.city,
    zip: values.zip,
    ...(values.aptNo.trim() ? { aptNo: values.aptNo } : {}),
  };
}

/**
 * Shows the API's refusal where the shop's form shows it (app/checkout/checkout-form.ts placeErrors): at the field
 * that caused it, else as the whole form's error (the address outside the delivery area and the basket's problems
 * too: this screen's basket and address sit beside the form). Answers the first field with an error.
 */
export function refusePhoneOrder(failure: Refusal): PhoneOrderField | null {
  const placed = placeErrors(failure);
  const { address: _address, basket: _basket, ...fields } = placed.fields;
  if (Object.keys(fields).length === 0) return phoneOrderForm.refuse({}, failure.key);
  return phoneOrderForm.refuse(fields as Partial<Record<PhoneOrderField, (typeof fields)[keyof typeof fields]>>);
}
