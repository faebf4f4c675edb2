/**
 * Every rule in server/domain reports a broken rule by throwing (or returning) one of these keys.
 * The first group is the spec's error catalogue (section 8), spelled exactly as the UI translates
 * them; the rest are keys this codebase adds where the spec names a rule but no key.
 */
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
] as const;

export const EXTRA_ERROR_KEYS = [
  'requiredOptions',
  'invalidStatusTransition',
  'paymentMethodUnavailable',
  'consentRequired',
  'validation',
] as const;

export const ERROR_KEYS = [...SPEC_ERROR_KEYS, ...EXTRA_ERROR_KEYS] as const;

export type ErrorKey = (typeof ERROR_KEYS)[number];

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && (ERROR_KEYS as readonly string[]).includes(value);
}

/**
 * A broken business rule. `key` is what the client translates; `message` is for logs and developers.
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
