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

/**
 * A broken business rule. `key` is what the client translates; `message` is for logs and developers.
 * The HTTP status comes from the error catalogue at the edge; the domain knows no HTTP.
 * (Written without parameter properties because Node runs this file with type stripping only.)
 */
export class RuleError extends Error {
  readonly key: ErrorKey;
  readonly details: Record<string, unknown> | undefined;

  constructor(key: ErrorKey, message?: string, details?: Record<string, unknown>) {
    super(message ?? key);
    this.name = 'RuleError';
    this.key = key;
    this.details = details;
  }
}

export function isRuleError(error: unknown): error is RuleError {
  return error instanceof RuleError;
}
