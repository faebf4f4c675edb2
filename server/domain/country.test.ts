import { Temporal } from 'temporal-polyfill';
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
  isPaymentOptionOpenAt,
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

describe('payment option availability hours', () => {
  const weekdaysOnly = {
    mondayToFriday: { from: '08:00', to: '20:00' },
    saturday: { from: '10:00', to: '14:00' },
    sunday: null,
  };
  const at = (iso: string) => Temporal.Instant.from(iso);

  it('reads the hours in the country’s own zone, strictly between from and to', () => {
    // Wednesday 4 March 2026: Warsaw is UTC+1, so 07:30Z is 08:30 there.
    expect(isPaymentOptionOpenAt(weekdaysOnly, 'pl', at('2026-03-04T07:30:00Z'))).toBe(true);
    expect(isPaymentOptionOpenAt(weekdaysOnly, 'pl', at('2026-03-04T07:00:00Z'))).toBe(false);
    expect(isPaymentOptionOpenAt(weekdaysOnly, 'pl', at('2026-03-04T19:00:00Z'))).toBe(false);
    // Kyiv is UTC+2: 06:30Z is 08:30 there, yet 07:30 in Warsaw.
    expect(isPaymentOptionOpenAt(weekdaysOnly, 'ua', at('2026-03-04T06:30:00Z'))).toBe(true);
    expect(isPaymentOptionOpenAt(weekdaysOnly, 'pl', at('2026-03-04T06:30:00Z'))).toBe(false);
  });

  it('uses the Saturday and Sunday hours on those days; a day without hours is closed', () => {
    expect(isPaymentOptionOpenAt(weekdaysOnly, 'pl', at('2026-03-07T12:00:00Z'))).toBe(true);
    expect(isPaymentOptionOpenAt(weekdaysOnly, 'pl', at('2026-03-07T15:00:00Z'))).toBe(false);
    expect(isPaymentOptionOpenAt(weekdaysOnly, 'pl', at('2026-03-08T12:00:00Z'))).toBe(false);
  });

  it('around the clock never closes, not even at midnight; no hours at all means always', () => {
    const always = {
      mondayToFriday: { from: '00:00', to: '24:00' },
      saturday: { from: '00:00', to: '24:00' },
      sunday: { from: '00:00', to: '24:00' },
    };
    // Midnight between Sunday and Monday in Warsaw.
    expect(isPaymentOptionOpenAt(always, 'pl', at('2026-03-08T23:00:00Z'))).toBe(true);
    expect(isPaymentOptionOpenAt(null, 'pl', at('2026-03-08T23:00:00Z'))).toBe(true);
  });
});
