import { checkBlikCode } from './checkout.ts';
import { type Channel, type Consent, formConsents, isPaymentAvailable, isPaymentMethod } from './country.ts';
import { type FieldRule, RuleError } from './errors.ts';
import { checkoutFormRules, pickupCheckoutFormRules, validate } from './forms.ts';
import type { Country } from './money.ts';

/**
 * The finalize-order form's fields that carry a rule, as both of its screens hold them: the shop's summary page
 * (channel web) and the call centre's phone order (channel cc). Each screen keeps more (a comment, the order's
 * language, a saved address's id); those have no rule and are not read here.
 */
export type CheckoutFormValues = {
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  street: string;
  streetNo: string;
  city: string;
  zip: string;
  /** '' until one is picked. */
  paymentMethod: string;
  blikCode: string;
} & Record<Consent, boolean>;

export type CheckoutFormField = keyof CheckoutFormValues;

/** The failing rule per field (spec section 5's names, or a catalogue key such as blikCode). */
export type CheckoutFormErrors = Partial<Record<CheckoutFormField, FieldRule>>;

export type CheckoutFormContext = {
  /** The basket's country: its phone and zip rules, its consents, its payment methods. */
  country: Country;
  /** A pickup order asks for no address. */
  pickup: boolean;
  /** Who places the order: the shop (web) or the call centre (cc) offer different payment methods. */
  channel: Channel;
};

/**
 * Every error of the finalize-order form, by the rules the API applies to the same order (forms.ts, checkout.ts,
 * country.ts): the customer's details and, unless picked up, the address by the country's phone and zip rules; a
 * payment method the channel offers in that country; a 6-digit Blik code for Blik; and the consents the country
 * and the method require. One function for the shop and the call centre, so the two forms cannot drift apart.
 */
export function checkoutFormErrors(values: CheckoutFormValues, ctx: CheckoutFormContext): CheckoutFormErrors {
  const rules = ctx.pickup ? pickupCheckoutFormRules : checkoutFormRules;
  const errors: CheckoutFormErrors = { ...validate(rules, values, { country: ctx.country }) };
  const method = values.paymentMethod;
  if (!isPaymentMethod(method)) errors.paymentMethod = 'notEmpty';
  else if (!isPaymentAvailable(method, ctx.channel, ctx.country)) errors.paymentMethod = 'paymentMethodUnavailable';
  else if (method === 'blik') {
    try {
      checkBlikCode(values.blikCode);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      errors.blikCode = error.key;
    }
  }
  for (const consent of formConsents(ctx.country, method)) {
    if (!values[consent]) errors[consent] = 'isTrue';
  }
  return errors;
}
