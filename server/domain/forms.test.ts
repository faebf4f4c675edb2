import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { RuleError } from './errors.ts';
import {
  issueDetails,
  issueRule,
  type RuleRef,
  assertValid,
  checkRule,
  checkoutFormRules,
  contactFormRules,
  isValid,
  pickupCheckoutFormRules,
  registrationRules,
  schemas,
  validate,
  validateField,
} from './forms.ts';

describe('named rules (spec section 5)', () => {
  it.each<[RuleRef, unknown, boolean]>([
    ['isTrue', true, true],
    ['isTrue', false, false],
    ['isTrue', 'true', false],
    ['isTrue', undefined, false],
    ['notEmpty', 'Ala', true],
    ['notEmpty', '  x ', true],
    ['notEmpty', '', false],
    ['notEmpty', '   \n', false],
    ['notEmpty', undefined, false],
    ['notEmpty', null, false],
    ['isValidEmail', 'ala@example.com', true],
    ['isValidEmail', 'ala.kot+tag@sub.example.pl', true],
    ['isValidEmail', 'ala@', false],
    ['isValidEmail', 'ala example.com', false],
    ['isValidEmail', '@example.com', false],
    ['isValidEmail', '', false],
    ['isValidEmail', 42, false],
    ['isFloat', '12.5', true],
    ['isFloat', '12,5', true],
    ['isFloat', ' -3 ', true],
    ['isFloat', 7.25, true],
    ['isFloat', 'abc', false],
    ['isFloat', '', false],
    ['isFloat', NaN, false],
    ['isFloat', Infinity, false],
    ['isInt', '12', true],
    ['isInt', '-4', true],
    ['isInt', 12, true],
    ['isInt', '12.5', false],
    ['isInt', 12.5, false],
    ['isInt', 'x', false],
    ['isPositiveNumber', 0, true],
    ['isPositiveNumber', '0', true],
    ['isPositiveNumber', '2,5', true],
    ['isPositiveNumber', 10, true],
    ['isPositiveNumber', -1, false],
    ['isPositiveNumber', '-0.01', false],
    ['isPositiveNumber', 'ten', false],
    ['isPositiveNumber', Infinity, false],
  ])('%s(%j) → %s', (rule, value, ok) => expect(checkRule(rule, value)).toBe(ok));

  it('isEqual compares with the named field', () => {
    const values = { password: 'Secret1!', repeat: 'Secret1!', other: 'secret1!' };
    expect(checkRule(['isEqual', 'password'], values.repeat, values)).toBe(true);
    expect(checkRule(['isEqual', 'password'], values.other, values)).toBe(false);
    expect(checkRule(['isEqual', 'password'], 'x')).toBe(false);
  });

  it('country rules come from the context; no country fails', () => {
    expect(checkRule('isValidPhoneNo', '600 700 800', {}, { country: 'pl' })).toBe(true);
    expect(checkRule('isValidPhoneNo', '600 700 800', {}, { country: 'ua' })).toBe(false);
    expect(checkRule('isValidPhoneNo', '050 123 45 67', {}, { country: 'ua' })).toBe(true);
    expect(checkRule('isValidPhoneNo', '600700800')).toBe(false);
    expect(checkRule('isValidZipCode', '00-950', {}, { country: 'pl' })).toBe(true);
    expect(checkRule('isValidZipCode', '01001', {}, { country: 'ua' })).toBe(true);
    expect(checkRule('isValidZipCode', '1000-001', {}, { country: 'pt' })).toBe(true);
    expect(checkRule('isValidZipCode', '00-950', {}, { country: null })).toBe(false);
  });

  it('schemas are arktype types', () => {
    expect(schemas.isValidEmail.expression).toContain('@');
    expect(schemas.isInt('12')).toBe('12');
  });
});

describe('contact form (spec section 5)', () => {
  const good = { name: 'Ala', email: 'ala@example.com', message: 'Hello', terms: true };
  it('a good message has no errors', () => {
    expect(validate(contactFormRules, good)).toEqual({});
    expect(isValid(validate(contactFormRules, good))).toBe(true);
  });
  it('an empty form names the first failing rule of every field', () => {
    expect(validate(contactFormRules, {})).toEqual({
      name: 'notEmpty',
      email: 'notEmpty',
      message: 'notEmpty',
      terms: 'isTrue',
    });
  });
  it('a blank e-mail is notEmpty, a bad one isValidEmail', () => {
    expect(validate(contactFormRules, { ...good, email: '  ' })).toEqual({ email: 'notEmpty' });
    expect(validate(contactFormRules, { ...good, email: 'ala@' })).toEqual({ email: 'isValidEmail' });
  });
  it('terms must be ticked', () => {
    const errors = validate(contactFormRules, { ...good, terms: false });
    expect(errors).toEqual({ terms: 'isTrue' });
    expect(isValid(errors)).toBe(false);
  });
  it('validates one field on change', () => {
    expect(validateField(contactFormRules, 'email', { email: 'x' })).toBe('isValidEmail');
    expect(validateField(contactFormRules, 'name', { name: 'Ala', email: 'x' })).toBeUndefined();
  });
});

describe('registration and checkout forms', () => {
  const user = {
    firstname: 'Jan',
    lastname: 'Kowalski',
    email: 'jan@example.pl',
    phone: '600-700-800',
    password: 'Secret1!',
    passwordRepeat: 'Secret1!',
    shopPolicies: true,
    restaurantPolicies: true,
  };
  it('registration', () => {
    expect(validate(registrationRules, user, { country: 'pl' })).toEqual({});
    expect(validate(registrationRules, { ...user, passwordRepeat: 'other' }, { country: 'pl' })).toEqual({
      passwordRepeat: 'isEqual',
    });
    expect(validate(registrationRules, { ...user, passwordRepeat: '' }, { country: 'pl' })).toEqual({
      passwordRepeat: 'notEmpty',
    });
    expect(validate(registrationRules, user, { country: 'ua' })).toEqual({ phone: 'isValidPhoneNo' });
  });

  const address = { ...user, street: 'Marszałkowska', streetNo: '1', city: 'Warszawa', zip: '00-950' };
  it('checkout with delivery needs an address with a valid zip', () => {
    expect(validate(checkoutFormRules, address, { country: 'pl' })).toEqual({});
    expect(validate(checkoutFormRules, { ...address, zip: '00950', street: '' }, { country: 'pl' })).toEqual({
      street: 'notEmpty',
      zip: 'isValidZipCode',
    });
  });
  it('checkout with pickup needs no address', () => {
    expect(validate(pickupCheckoutFormRules, { ...user, zip: '' }, { country: 'pl' })).toEqual({});
  });
});

describe('assertValid: validate for a server that goes on with the values', () => {
  it('throws validation with each failing field’s rule', () => {
    const input: Record<string, unknown> = { firstname: ' ', lastname: 'Nowak', phone: '600700800', email: 'x' };
    const error = (() => {
      try {
        assertValid(pickupCheckoutFormRules, input, { country: 'pl' });
        return null;
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RuleError);
    expect((error as RuleError).key).toBe('validation');
    expect((error as RuleError).details).toEqual({ firstname: 'notEmpty', email: 'isValidEmail' });
  });

  it('lets a valid form through with its fields typed as strings', () => {
    const input: { firstname?: string | undefined; lastname?: string; phone?: string; email?: string } = {
      firstname: ' Anna ',
      lastname: 'Nowak',
      phone: '600700800',
      email: 'anna@example.pl',
    };
    assertValid(pickupCheckoutFormRules, input, { country: 'pl' });
    // Typed string after the assertion: .trim() compiles without a non-null assertion.
    expect(input.firstname.trim()).toBe('Anna');
  });
});

describe('request-body schema failures as rule names', () => {
  const body = type({
    email: 'string.email <= 254',
    password: '1 <= string <= 200',
    'quantity?': '0 <= number.integer <= 99',
    'price?': 'number >= 0',
    'lat?': type('string.numeric.parse').to('-90 <= number <= 90'),
    'page?': type('string.integer.parse').to('number.integer >= 1'),
    'terms?': 'true',
    'method?': "'pickup' | 'door2door'",
    'slug?': '/^[a-z]+$/',
    'tags?': type('string').array().atLeastLength(2),
    'address?': { street: 'string' },
  });
  const detailsOf = (input: unknown) => {
    const result = body(input);
    if (!(result instanceof type.errors)) throw new Error('expected a failure');
    return issueDetails(result);
  };

  it('names a spec rule where one fits, and never carries the input', () => {
    const details = detailsOf({
      email: 'nobody',
      password: '',
      quantity: 1.5,
      price: -1,
      lat: 'north',
      page: '1.5',
      terms: false,
      address: { street: 7 },
    });
    expect(details).toEqual({
      email: 'isValidEmail',
      password: 'notEmpty',
      quantity: 'isInt',
      price: 'isPositiveNumber',
      lat: 'isFloat',
      page: 'isInt',
      terms: 'isTrue',
      'address.street': 'invalid',
    });
    expect(JSON.stringify(details)).not.toMatch(/nobody|north/);
  });

  it('falls back to catalogue keys: tooLong, outOfRange, invalid', () => {
    expect(
      detailsOf({ email: `${'a'.repeat(250)}@example.com`, password: 'x', quantity: 100, lat: '91', page: '0' }),
    ).toEqual({ email: 'tooLong', quantity: 'outOfRange', lat: 'outOfRange', page: 'outOfRange' });
    expect(
      detailsOf({ email: 'a@b.co', password: 'x', method: 'drone', slug: 'A', tags: ['one'], price: 'x' }),
    ).toEqual({
      method: 'invalid',
      slug: 'invalid',
      tags: 'invalid',
      price: 'isFloat',
    });
  });

  it('names a missing field notEmpty and a body that is not an object under (body)', () => {
    expect(detailsOf({})).toEqual({ email: 'notEmpty', password: 'notEmpty' });
    expect(detailsOf('text')).toEqual({ '(body)': 'invalid' });
  });

  it('maps issues without a code (another Standard Schema library) to invalid', () => {
    expect(issueRule({ path: [{ key: 'x' }] })).toBe('invalid');
    expect(issueRule({ code: 'divisor', expected: 'a multiple of 5' })).toBe('invalid');
    expect(issueDetails([{ path: [{ key: 'a' }, 0] }, { path: [{ key: 'a' }, 0], code: 'required' }])).toEqual({
      'a.0': 'invalid',
    });
  });
});
