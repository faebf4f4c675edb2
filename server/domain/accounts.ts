import { checkoutFormRules, validate, type FormRules, type RuleName, type Validated } from './forms.ts';
import type { SavedAddressInput } from './addresses.ts';
import { normalizePhone } from './country.ts';
import { RuleError } from './errors.ts';
import { isLocale, type Locale } from './locales.ts';

export type AccountLang = Locale;

/** NIST SP 800-63B's minimum for a password the user chose; longer ones are limited only by the request schema. */
const MIN_PASSWORD_LENGTH = 8;

/** A field's error: one of the spec's rule names, or minLength for a password shorter than MIN_PASSWORD_LENGTH. */
export type FieldError = RuleName | 'minLength';
export type FieldErrors = Record<string, FieldError>;

export const newPasswordRules = {
  password: ['notEmpty'],
  passwordRepeat: ['notEmpty', ['isEqual', 'password']],
} as const satisfies FormRules;

/** A new password and its repeat (registration, reset, change): the rules, then the length. */
export function validateNewPassword(values: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = { ...validate(newPasswordRules, values) };
  if (!errors.password && String(values.password).length < MIN_PASSWORD_LENGTH) errors.password = 'minLength';
  return errors;
}

/**
 * validateNewPassword for a server that goes on with the password: throws RuleError('validation') with field →
 * rule in details, or lets the caller read password and passwordRepeat as strings.
 */
export function assertNewPassword<V extends Record<string, unknown>>(
  values: V,
): asserts values is V & Validated<typeof newPasswordRules> {
  const errors = validateNewPassword(values);
  if (Object.keys(errors).length > 0) throw new RuleError('validation', 'new password refused', errors);
}

/** A saved address (spec section 3's delivery details): the checkout form's address rules, by its country's zip. */
export const addressRules = {
  street: checkoutFormRules.street,
  streetNo: checkoutFormRules.streetNo,
  city: checkoutFormRules.city,
  zip: checkoutFormRules.zip,
} as const satisfies FormRules;

/** The parts of an address its one-line form is written from. */
export type AddressFields = Pick<SavedAddressInput, 'street' | 'streetNo' | 'aptNo' | 'city' | 'zip'>;

/** The one-line form the navbar's address button shows: "Prosta 1/4, 00-850 Warszawa". */
export function fullAddress(a: AddressFields): string {
  const apt = a.aptNo?.trim() ? `/${a.aptNo.trim()}` : '';
  return `${a.street.trim()} ${a.streetNo.trim()}${apt}, ${a.zip.trim()} ${a.city.trim()}`;
}

/** Phones are stored the way the country rule checks them, so "600 100 200" and "600-100-200" are one number. */
export const storedPhone = (phone: string): string => normalizePhone(phone);

/**
 * The shop pages an e-mail's link opens, per spec section 2 (pl without prefix, en and ua with theirs; ua uses the
 * English segments, design.md). The spec names no activation page, so activation opens the login page with the
 * token (docs/decisions/011-accounts-api.md); the e-mail change opens the profile. Each page POSTs the token.
 */
export function accountLinkPath(
  kind: 'activation' | 'passwordReset' | 'emailChange',
  lang: AccountLang,
  token: string,
) {
  const prefix = lang === 'pl' ? '' : `/${lang}`;
  const t = encodeURIComponent(token);
  switch (kind) {
    case 'activation':
      return `${prefix}/login?activate=${t}`;
    case 'passwordReset':
      return lang === 'pl' ? `/resetowanie-hasla?token=${t}` : `${prefix}/reset-password?token=${t}`;
    case 'emailChange':
      return lang === 'pl' ? `/profil?confirmEmail=${t}` : `${prefix}/profile?confirmEmail=${t}`;
  }
}

/**
 * What a deleted account's e-mail becomes: unique (the index wants it), never deliverable (.invalid is reserved,
 * RFC 2606), and free for the person to register with again.
 */
export const anonymisedEmail = (userId: string): string => `deleted-${userId}@deleted.invalid`;

export const isAccountLang: (value: unknown) => value is AccountLang = isLocale;
