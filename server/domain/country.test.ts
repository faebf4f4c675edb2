import { describe, expect, it } from 'vitest';
import {
  type Channel,
  type Country,
  PAYMENT_METHODS,
  type PaymentMethod,
  availablePaymentMethods,
  countryRules,
  hiddenConsents,
  isOnlinePayment,
  isPaymentAvailable,
  isPaymentMethod,
  isValidPhoneNo,
  isValidZipCode,
  normalizePhone,
  requiredConsents,
  requiresProviderTerms,
  timeZoneOf,
} from './country.ts';

describe('countryRules', () => {
  it.each([
    ['pl', 'Europe/Warsaw', 'PLN'],
    ['ua', 'Europe/Kyiv', 'UAH'],
    ['pt', 'Europe/Lisbon', 'EUR'],
  ] as const)('%s lives in %s and pays %s', (country, zone, currency) => {
    expect(countryRules(country).timeZone).toBe(zone);
    expect(timeZoneOf(country)).toBe(zone);
    expect(countryRules(country).currency).toBe(currency);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['600 700 800', '600700800'],
    ['600-700-800', '600700800'],
    ['(600) 700-800', '600700800'],
    ['\t600\u00a0700 800\n', '600700800'],
    ['+48 600 700 800', '+48600700800'],
  ])('%j → %s', (input, out) => expect(normalizePhone(input)).toBe(out));
});

describe('isValidPhoneNo', () => {
  it.each<[string | undefined | null, unknown, boolean]>([
    ['pl', '600700800', true],
    ['pl', '600 700 800', true],
    ['pl', '(60) 070-08-00', true],
    ['pl', '60070080', false],
    ['pl', '6007008001', false],
    ['pl', '+48600700800', false],
    ['pl', '60070080a', false],
    ['pl', '600.700.800', false],
    ['ua', '0501234567', true],
    ['ua', '050 123 45 67', true],
    ['ua', '(050) 123-45-67', true],
    ['ua', '5012345678', false],
    ['ua', '050123456', false],
    ['ua', '05012345678', false],
    ['pt', '912345678', true],
    ['pt', '912 345 678', true],
    ['pt', '91234567', false],
    [undefined, '600700800', false],
    [null, '600700800', false],
    ['de', '600700800', false],
    ['pl', undefined, false],
    ['pl', 600700800, false],
  ])('%s %j → %s', (country, phone, ok) => expect(isValidPhoneNo(country, phone)).toBe(ok));
});

describe('isValidZipCode', () => {
  it.each<[string | undefined, unknown, boolean]>([
    ['pl', '00-950', true],
    ['pl', ' 31-154 ', true],
    ['pl', '00950', false],
    ['pl', '00-9500', false],
    ['pl', '0-950', false],
    ['ua', '01001', true],
    ['ua', '0100', false],
    ['ua', '010011', false],
    ['ua', '01-001', false],
    ['pt', '1000-001', true],
    ['pt', '1000001', false],
    ['pt', '100-001', false],
    [undefined, '00-950', false],
    ['xx', '00-950', false],
    ['pl', null, false],
  ])('%s %j → %s', (country, zip, ok) => expect(isValidZipCode(country, zip)).toBe(ok));
});

describe('consents', () => {
  it('hides agree1 and agree2 for ua only', () => {
    expect(hiddenConsents('ua')).toEqual(['agree1', 'agree2']);
    expect(hiddenConsents('pl')).toEqual([]);
    expect(hiddenConsents('pt')).toEqual([]);
  });

  it.each<[PaymentMethod, Country, boolean]>([
    ['blik', 'pl', true],
    ['googlePay', 'pl', true],
    ['fastTransfer', 'pl', true],
    ['cashOnDelivery', 'pl', false],
    ['cardOnDelivery', 'pl', false],
    ['blik', 'ua', false],
    ['googlePay', 'ua', false],
    ['fastTransfer', 'pt', false],
  ])('provider terms for %s in %s: %s', (method, country, needed) => {
    expect(requiresProviderTerms(method, country)).toBe(needed);
  });

  it('requiredConsents', () => {
    expect(requiredConsents('pl', 'blik')).toEqual(['agree1', 'agree2', 'providerTerms', 'orderWithObligation']);
    expect(requiredConsents('pl', 'cashOnDelivery')).toEqual(['agree1', 'agree2', 'orderWithObligation']);
    expect(requiredConsents('ua', 'cashOnDelivery')).toEqual(['orderWithObligation']);
    expect(requiredConsents('ua', 'googlePay')).toEqual(['orderWithObligation']);
  });
});

describe('payment availability (spec section 6)', () => {
  // Every method × channel × country, written out so a change to the rule shows here.
  const table: Record<Country, Record<Channel, PaymentMethod[]>> = {
    pl: {
      web: ['blik', 'googlePay', 'fastTransfer'],
      cc: ['blik', 'cashOnDelivery', 'cardOnDelivery'],
      bot: ['blik', 'googlePay', 'fastTransfer'],
    },
    ua: {
      web: ['blik', 'googlePay', 'fastTransfer', 'cashOnDelivery', 'cardOnDelivery'],
      cc: ['blik', 'cashOnDelivery', 'cardOnDelivery'],
      bot: ['blik', 'googlePay', 'fastTransfer', 'cashOnDelivery', 'cardOnDelivery'],
    },
    pt: {
      web: ['blik', 'googlePay', 'fastTransfer'],
      cc: ['blik'],
      bot: ['blik', 'googlePay', 'fastTransfer'],
    },
  };
  for (const [country, byChannel] of Object.entries(table) as [Country, Record<Channel, PaymentMethod[]>][]) {
    for (const [channel, methods] of Object.entries(byChannel) as [Channel, PaymentMethod[]][]) {
      it(`${country} ${channel}: ${methods.join(', ')}`, () => {
        expect(availablePaymentMethods(channel, country)).toEqual(methods);
        for (const m of PAYMENT_METHODS) expect(isPaymentAvailable(m, channel, country)).toBe(methods.includes(m));
      });
    }
  }

  it('classifies methods', () => {
    expect(PAYMENT_METHODS.filter(isOnlinePayment)).toEqual(['blik', 'googlePay', 'fastTransfer']);
    expect(isPaymentMethod('blik')).toBe(true);
    expect(isPaymentMethod('paypal')).toBe(false);
    expect(isPaymentMethod(null)).toBe(false);
  });
});
