import type { ErrorKey } from './error-catalogue.ts';
import type { RuleName } from './forms.ts';

export { ERROR_KEYS, type ErrorKey, errorStatus, isErrorKey } from './error-catalogue.ts';

/** Spec section 8's keys, spelled exactly as the spec writes them; all of them are in the catalogue. */
export const SPEC_ERROR_KEYS = [
  'Unauthorized',
  'UserIsNotActivated',
  'UserDoesNotExists',
  'duplicateEntry',
  'notUniqueEmail',
  'notUniqueCode',
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
] as const satisfies readonly ErrorKey[];

/**
 * What a `validation` answer names for one field: a spec section 5 rule (notEmpty, isValidEmail, …) or,
 * where no rule fits, a catalogue key (tooLong, invalid, …). Never a sentence and never the input, so the
 * shop can translate it (`rule_<name>` or `error_<key>`).
 */
export type FieldRule = RuleName | ErrorKey;

// In a module of its own, which imports no value: rules that a brand page's menu script uses (money, order texts)
// throw it, and that page must not load the error catalogue with it (decision 039's 5 KB).
export { RuleError } from './rule-error.ts';
import { RuleError } from './rule-error.ts';

export function isRuleError(error: unknown): error is RuleError {
  return error instanceof RuleError;
}
