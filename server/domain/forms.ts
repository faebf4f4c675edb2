import { type } from 'arktype';
import type { FieldRule } from './errors.ts';
import { EDITED_IN_TENANT_CONFIG } from './brand-fields.ts';
import { isValidPhoneNo as phoneOk, isValidZipCode as zipOk } from './country.ts';
import { RuleError } from './errors.ts';

/** Spec section 5's named rules. The UI translates an error by its rule name. */
export const RULE_NAMES = [
  'isTrue',
  'notEmpty',
  'isValidEmail',
  'isValidZipCode',
  'isValidPhoneNo',
  'isFloat',
  'isInt',
  'isPositiveNumber',
  'isEqual',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** isEqual needs the field it must equal: ['isEqual', 'password']. Every other rule is its name. */
export type RuleRef = Exclude<RuleName, 'isEqual'> | readonly ['isEqual', string];

export type RuleContext = { country?: string | null };
export type FormRules<F extends string = string> = Record<F, readonly RuleRef[]>;
export type FormErrors<F extends string = string> = Partial<Record<F, RuleName>>;

const finiteNumber = type('number').narrow((n) => Number.isFinite(n));
// Form inputs arrive as strings; a decimal comma is what Polish and Ukrainian keyboards type.
const numericString = type('string')
  .pipe((s) => s.trim().replace(',', '.'))
  .to('string.numeric');
const integerString = type('string')
  .pipe((s) => s.trim())
  .to('string.integer');

/**
 * The arktype schema behind each context-free rule; exported so request-body schemas reuse them.
 * Call a schema (`schemas.isInt(value)`) rather than `.allows`: `.allows` skips the string pipes.
 */
export const schemas = {
  isTrue: type('true'),
  notEmpty: type('string').narrow((s) => s.trim().length > 0),
  // arktype's e-mail pattern; surrounding blanks are an error rather than silently trimmed.
  isValidEmail: type('string.email'),
  isFloat: finiteNumber.or(numericString),
  isInt: type('number.integer').or(integerString),
  isPositiveNumber: finiteNumber
    .or(numericString.pipe((s) => Number(s)))
    .pipe((n, ctx) => (n >= 0 ? n : ctx.error('non-negative'))),
} as const;

/** One rule on one value; `values` is the whole form, for isEqual. */
export function checkRule(
  rule: RuleRef,
  value: unknown,
  values: Record<string, unknown> = {},
  ctx: RuleContext = {},
): boolean {
  if (typeof rule !== 'string') return value === values[rule[1]];
  switch (rule) {
    case 'isValidZipCode':
      return zipOk(ctx.country, value);
    case 'isValidPhoneNo':
      return phoneOk(ctx.country, value);
    default:
      return !(schemas[rule](value) instanceof type.errors);
  }
}

function ruleName(rule: RuleRef): RuleName {
  return typeof rule === 'string' ? rule : 'isEqual';
}

/**
 * Validates a whole form: for each field, the first rule it fails (rules run in the order given,
 * so put notEmpty before isValidEmail). Fields that pass are absent; {} means the form is valid.
 * Fields with rules but no value are checked as undefined, which fails every rule.
 */
export function validate<F extends string>(
  rules: FormRules<F>,
  values: Record<string, unknown>,
  ctx: RuleContext = {},
): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const field of Object.keys(rules) as F[]) {
    const failed = rules[field].find((rule) => !checkRule(rule, values[field], values, ctx));
    if (failed) errors[field] = ruleName(failed);
  }
  return errors;
}

/** One field, for validate-on-change; undefined when it passes. */
export function validateField<F extends string>(
  rules: FormRules<F>,
  field: F,
  values: Record<string, unknown>,
  ctx: RuleContext = {},
): RuleName | undefined {
  return validate({ [field]: rules[field] } as FormRules<F>, values, ctx)[field];
}

/** The form's values as validate() leaves them: a field whose rules start with notEmpty holds a string. */
export type Validated<R extends FormRules> = {
  [F in keyof R]: R[F] extends readonly ['notEmpty', ...unknown[]] ? string : unknown;
};

/**
 * validate() for a server that goes on with the values: throws RuleError('validation') with field → rule in
 * details, or lets the caller read the validated fields with their narrowed types.
 */
export function assertValid<R extends FormRules, V extends Record<string, unknown>>(
  rules: R,
  values: V,
  ctx: RuleContext = {},
): asserts values is V & Validated<R> {
  const errors = validate(rules, values, ctx);
  if (!isValid(errors)) throw new RuleError('validation', 'form refused', errors);
}

export function isValid(errors: FormErrors): boolean {
  return Object.keys(errors).length === 0;
}

/** Spec section 5, contact form: checked on send, nothing is sent on any error. */
export const contactFormRules = {
  name: ['notEmpty'],
  email: ['notEmpty', 'isValidEmail'],
  message: ['notEmpty'],
  terms: ['isTrue'],
} as const satisfies FormRules;

export const registrationRules = {
  firstname: ['notEmpty'],
  lastname: ['notEmpty'],
  email: ['notEmpty', 'isValidEmail'],
  phone: ['notEmpty', 'isValidPhoneNo'],
  password: ['notEmpty'],
  passwordRepeat: ['notEmpty', ['isEqual', 'password']],
  shopPolicies: ['isTrue'],
  restaurantPolicies: ['isTrue'],
} as const satisfies FormRules;

/** Customer and delivery details (spec section 3). aptNo and comment are optional. */
export const checkoutFormRules = {
  firstname: ['notEmpty'],
  lastname: ['notEmpty'],
  phone: ['notEmpty', 'isValidPhoneNo'],
  email: ['notEmpty', 'isValidEmail'],
  street: ['notEmpty'],
  streetNo: ['notEmpty'],
  city: ['notEmpty'],
  zip: ['notEmpty', 'isValidZipCode'],
} as const satisfies FormRules;

/** A pickup order needs no address. */
export const pickupCheckoutFormRules = {
  firstname: checkoutFormRules.firstname,
  lastname: checkoutFormRules.lastname,
  phone: checkoutFormRules.phone,
  email: checkoutFormRules.email,
} as const satisfies FormRules;

/** What a schema library reports about one failing value: arktype's issues carry `code` and `expected`. */
export type SchemaIssue = {
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
  readonly code?: unknown;
  readonly expected?: unknown;
};

/**
 * The rule a request-body schema's failure stands for, so a `validation` answer names a rule the shop
 * translates rather than arktype's English sentence (which also echoes the input): a missing or blank field
 * is notEmpty, a bad e-mail isValidEmail, a non-number isFloat, a fraction isInt, a negative number where 0
 * is the least isPositiveNumber, an unticked `true` isTrue. Failures no spec rule covers fall back to a
 * catalogue key: tooLong, outOfRange, or invalid.
 */
export function issueRule(issue: SchemaIssue): FieldRule {
  const { code, expected } = issue;
  switch (code) {
    case 'required':
      return 'notEmpty';
    case 'minLength':
      return expected === 'non-empty' ? 'notEmpty' : 'invalid';
    case 'maxLength':
      return 'tooLong';
    case 'pattern':
      if (expected === 'an email address') return 'isValidEmail';
      if (expected === 'a well-formed numeric string') return 'isFloat';
      if (expected === 'a well-formed integer string') return 'isInt';
      return 'invalid';
    case 'divisor':
      return expected === 'an integer' ? 'isInt' : 'invalid';
    case 'domain':
      return expected === 'a number' ? 'isFloat' : 'invalid';
    case 'unit':
      return expected === 'true' ? 'isTrue' : 'invalid';
    case 'min':
      return expected === 'non-negative' ? 'isPositiveNumber' : 'outOfRange';
    case 'max':
      return 'outOfRange';
    case 'predicate':
      if (expected === 'non-empty') return 'notEmpty';
      return expected === EDITED_IN_TENANT_CONFIG ? 'editedInTenantConfig' : 'invalid';
    default:
      return 'invalid';
  }
}

/** `{ <field path>: <rule> }` for a failed schema, the first failure per field; `(body)` for the whole body. */
export function issueDetails(issues: readonly SchemaIssue[]): Record<string, FieldRule> {
  const details: Record<string, FieldRule> = {};
  for (const issue of issues) {
    // Array.from: arktype's path is an Array subclass whose map() builds another of its kind, wrongly.
    const path = Array.from(issue.path ?? [], (p) => String(typeof p === 'object' ? p.key : p)).join('.') || '(body)';
    details[path] ??= issueRule(issue);
  }
  return details;
}
