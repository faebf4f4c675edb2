import type { ErrorKey, FieldRule } from '#domain/errors.ts';
import { isErrorKey } from '#domain/error-catalogue.ts';
import type { RuleName } from '#domain/forms.ts';
import { m } from '#i18n/paraglide/messages.js';
import type { Locale as MessageLocale } from '#i18n/paraglide/runtime.js';

/** The interface's languages as URLs and the `lang` cookie name them. */
export type UiLocale = 'pl' | 'en' | 'ua';

/** Paraglide's locale for an interface language: ISO 639-1 `uk` for `ua`, as `<html lang>` says (decision 010). */
export const messageLocale = (locale: UiLocale): MessageLocale => (locale === 'ua' ? 'uk' : locale);

type Message = (inputs: Record<string, never>, options: { locale: MessageLocale }) => string;

// Each message named statically, not as m[`error_${key}`]: a computed name makes the bundler keep every message of the
// catalogue (about 30 KB gzip in each island that shows an error), where these keep only the error and rule texts.
// The Record types make a key of the catalogue without its message a type error.
const ERROR_MESSAGES: Record<ErrorKey, Message> = {
  Unauthorized: m.error_Unauthorized,
  UserIsNotActivated: m.error_UserIsNotActivated,
  UserDoesNotExists: m.error_UserDoesNotExists,
  duplicateEntry: m.error_duplicateEntry,
  notUniqueEmail: m.error_notUniqueEmail,
  notUniqueCode: m.error_notUniqueCode,
  discountCode: m.error_discountCode,
  blikCode: m.error_blikCode,
  blikCodeMustBeNumber: m.error_blikCodeMustBeNumber,
  restaurantLocation: m.error_restaurantLocation,
  minBasketValueError: m.error_minBasketValueError,
  mishmashedLocations: m.error_mishmashedLocations,
  restaurantClosed: m.error_restaurantClosed,
  kitchenPaused: m.error_kitchenPaused,
  slotUnavailable: m.error_slotUnavailable,
  productUnavailable: m.error_productUnavailable,
  addressOutOfRestaurantsDeliveryArea: m.error_addressOutOfRestaurantsDeliveryArea,
  discountNotActive: m.error_discountNotActive,
  discountNotYetValid: m.error_discountNotYetValid,
  discountExpired: m.error_discountExpired,
  discountNotHere: m.error_discountNotHere,
  discountNoEligibleItems: m.error_discountNoEligibleItems,
  discountBelowMinimum: m.error_discountBelowMinimum,
  discountFirstOrderOnly: m.error_discountFirstOrderOnly,
  discountAlreadyUsed: m.error_discountAlreadyUsed,
  invalidNip: m.error_invalidNip,
  invoiceUnavailable: m.error_invoiceUnavailable,
  invoiceNotReady: m.error_invoiceNotReady,
  requiredOptions: m.error_requiredOptions,
  invalidStatusTransition: m.error_invalidStatusTransition,
  paymentMethodUnavailable: m.error_paymentMethodUnavailable,
  consentRequired: m.error_consentRequired,
  validation: m.error_validation,
  basketEmpty: m.error_basketEmpty,
  basketAlreadyOrdered: m.error_basketAlreadyOrdered,
  idempotencyKeyRequired: m.error_idempotencyKeyRequired,
  idempotencyKeyReused: m.error_idempotencyKeyReused,
  imageNotAccepted: m.error_imageNotAccepted,
  imageTooLarge: m.error_imageTooLarge,
  pickupUnavailable: m.error_pickupUnavailable,
  deliveryUnavailable: m.error_deliveryUnavailable,
  orderNotAwaitingPayment: m.error_orderNotAwaitingPayment,
  paymentInProgress: m.error_paymentInProgress,
  invalidToken: m.error_invalidToken,
  activeOrders: m.error_activeOrders,
  tooManyAddresses: m.error_tooManyAddresses,
  minLength: m.error_minLength,
  wrongPassword: m.error_wrongPassword,
  tooLong: m.error_tooLong,
  outOfRange: m.error_outOfRange,
  invalid: m.error_invalid,
  unknown: m.error_unknown,
  otherBrand: m.error_otherBrand,
  currencyMismatch: m.error_currencyMismatch,
  Forbidden: m.error_Forbidden,
  notFound: m.error_notFound,
  payloadTooLarge: m.error_payloadTooLarge,
  tooManyRequests: m.error_tooManyRequests,
  invalidSignature: m.error_invalidSignature,
  paymentUnconfirmed: m.error_paymentUnconfirmed,
  serverBusy: m.error_serverBusy,
  databaseUnavailable: m.error_databaseUnavailable,
  internalError: m.error_internalError,
  reorderUnavailable: m.error_reorderUnavailable,
  userDeactivated: m.error_userDeactivated,
  orderNotCancellable: m.error_orderNotCancellable,
  orderSearchQuery: m.error_orderSearchQuery,
  ownAdminRole: m.error_ownAdminRole,
  inUse: m.error_inUse,
  notUniqueSlug: m.error_notUniqueSlug,
  editedInTenantConfig: m.error_editedInTenantConfig,
  rejectionReasonRequired: m.error_rejectionReasonRequired,
  escalationNotBeforeAcceptance: m.error_escalationNotBeforeAcceptance,
};
const RULE_MESSAGES: Record<RuleName, Message> = {
  isTrue: m.rule_isTrue,
  notEmpty: m.rule_notEmpty,
  isValidEmail: m.rule_isValidEmail,
  isValidZipCode: m.rule_isValidZipCode,
  isValidPhoneNo: m.rule_isValidPhoneNo,
  isFloat: m.rule_isFloat,
  isInt: m.rule_isInt,
  isPositiveNumber: m.rule_isPositiveNumber,
  isEqual: m.rule_isEqual,
};

const isRuleName = (value: unknown): value is RuleName =>
  typeof value === 'string' && Object.hasOwn(RULE_MESSAGES, value);

/** The user's sentence for an error key the API answered; an unknown key reads as internalError. */
export function errorMessage(key: string, locale: UiLocale): string {
  const known: ErrorKey = isErrorKey(key) ? key : 'internalError';
  return ERROR_MESSAGES[known]({}, { locale: messageLocale(locale) });
}

/** The sentence under a form field for the rule a `validation` answer names for it. */
export function fieldMessage(rule: FieldRule, locale: UiLocale): string {
  return isRuleName(rule) ? RULE_MESSAGES[rule]({}, { locale: messageLocale(locale) }) : errorMessage(rule, locale);
}

/** The sentences for a refusal (readAnswer): its key's, and one per field of its details that names a rule. */
export function errorAnswerMessages(
  refusal: { key: string; details: Record<string, unknown> },
  locale: UiLocale,
): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const [field, rule] of Object.entries(refusal.details)) {
    if (isRuleName(rule) || isErrorKey(rule)) fields[field] = fieldMessage(rule, locale);
  }
  return { message: errorMessage(refusal.key, locale), fields };
}
