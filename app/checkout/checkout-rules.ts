import { checkBlikCode } from '#domain/checkout.ts';
import { RuleError } from '#domain/errors.ts';
import { checkoutFormRules, pickupCheckoutFormRules, validate } from '#domain/forms.ts';
import { type CheckoutContext, type CheckoutErrors, type CheckoutValues, visibleConsents } from './checkout-form.ts';

// The form's rules are the API's (server/domain/forms.ts), whose schemas are arktype's: this module is loaded when the
// customer first types or sends (app/stores/checkout.ts), so the page does not load arktype before any interaction.

/**
 * Every error of the form by the rules the API applies to the same order (server/domain/forms.ts, checkout.ts,
 * country.ts): the customer's details and address by the country's rules, a payment method, a 6-digit Blik code,
 * and the consents the country and the method require.
 */
export function checkoutErrors(values: CheckoutValues, ctx: CheckoutContext): CheckoutErrors {
  const rules = ctx.pickup ? pickupCheckoutFormRules : checkoutFormRules;
  const errors: CheckoutErrors = { ...validate(rules, values, { country: ctx.country }) };
  if (!values.paymentMethod) errors.paymentMethod = 'notEmpty';
  if (values.paymentMethod === 'blik') {
    try {
      checkBlikCode(values.blikCode);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      errors.blikCode = error.key;
    }
  }
  for (const consent of visibleConsents(ctx.country, values.paymentMethod)) {
    if (!values[consent]) errors[consent] = 'isTrue';
  }
  return errors;
}
