import { describe, expect, it } from 'vitest';
import {
  accountLinkPath,
  anonymisedEmail,
  assertNewPassword,
  fullAddress,
  isAccountLang,
  storedPhone,
  validateNewPassword,
} from './accounts.ts';
import { RuleError } from './errors.ts';

describe('validateNewPassword', () => {
  it('names the first broken rule per field, then the length', () => {
    expect(validateNewPassword({})).toEqual({ password: 'notEmpty', passwordRepeat: 'notEmpty' });
    expect(validateNewPassword({ password: 'long-enough', passwordRepeat: 'long-enougH' })).toEqual({
      passwordRepeat: 'isEqual',
    });
    expect(validateNewPassword({ password: 'seven77', passwordRepeat: 'seven77' })).toEqual({ password: 'minLength' });
    expect(validateNewPassword({ password: 'eight888', passwordRepeat: 'eight888' })).toEqual({});
  });
});

describe('assertNewPassword', () => {
  it('throws validation with the same details, or lets the password through as a string', () => {
    const short: { password?: string; passwordRepeat?: string } = { password: 'seven77', passwordRepeat: 'seven77' };
    expect(() => assertNewPassword(short)).toThrow(RuleError);
    try {
      assertNewPassword(short);
    } catch (error) {
      expect(error).toMatchObject({ key: 'validation', details: { password: 'minLength' } });
    }
    const good: { password?: string; passwordRepeat?: string } = { password: 'eight888', passwordRepeat: 'eight888' };
    assertNewPassword(good);
    expect(good.password.length).toBe(8);
  });
});

describe('fullAddress', () => {
  it('writes the one-line address, with the flat only when there is one', () => {
    expect(fullAddress({ street: ' Prosta ', streetNo: '1', aptNo: '4', city: 'Warszawa', zip: '00-850' })).toBe(
      'Prosta 1/4, 00-850 Warszawa',
    );
    expect(fullAddress({ street: 'Prosta', streetNo: '1', aptNo: ' ', city: 'Warszawa', zip: '00-850' })).toBe(
      'Prosta 1, 00-850 Warszawa',
    );
    expect(fullAddress({ street: 'Prosta', streetNo: '1', city: 'Warszawa', zip: '00-850' })).toBe(
      'Prosta 1, 00-850 Warszawa',
    );
  });
});

describe('accountLinkPath', () => {
  it('opens the spec’s pages in the e-mail’s language', () => {
    expect(accountLinkPath('activation', 'pl', 'a/b')).toBe('/login?activate=a%2Fb');
    expect(accountLinkPath('activation', 'ua', 't')).toBe('/ua/login?activate=t');
    expect(accountLinkPath('passwordReset', 'pl', 't')).toBe('/resetowanie-hasla?token=t');
    expect(accountLinkPath('passwordReset', 'en', 't')).toBe('/en/reset-password?token=t');
    expect(accountLinkPath('emailChange', 'pl', 't')).toBe('/profil?confirmEmail=t');
    expect(accountLinkPath('emailChange', 'ua', 't')).toBe('/ua/profile?confirmEmail=t');
  });
});

describe('small rules', () => {
  it('stores phones without separators, anonymises into a reserved domain, knows the languages', () => {
    expect(storedPhone('(050) 123-45 67')).toBe('0501234567');
    expect(anonymisedEmail('u1')).toBe('deleted-u1@deleted.invalid');
    expect(isAccountLang('ua')).toBe(true);
    expect(isAccountLang('uk')).toBe(false);
    expect(isAccountLang(1)).toBe(false);
  });
});
