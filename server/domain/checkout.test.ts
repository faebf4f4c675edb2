import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  type CheckoutInput,
  assertCanAddItem,
  assertCheckout,
  checkBlikCode,
  checkoutProblems,
  kitchenConflict,
} from './checkout.ts';
import type { PaymentAvailabilityHours } from './country.ts';
import type { RuleError } from './errors.ts';

function keyOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as RuleError).key;
  }
}

describe('checkBlikCode: exactly 6 digits, digits only', () => {
  it.each([
    ['123456', null],
    ['000000', null],
    ['12345', 'blikCode'],
    ['1234567', 'blikCode'],
    ['', 'blikCode'],
    ['12345a', 'blikCodeMustBeNumber'],
    ['123 456', 'blikCodeMustBeNumber'],
    ['12-34', 'blikCodeMustBeNumber'],
    ['١٢٣٤٥٦', 'blikCodeMustBeNumber'], // Arabic-Indic digits are not what the bank expects
    ['abcdef', 'blikCodeMustBeNumber'],
  ])('%j → %s', (code, key) => expect(keyOf(() => checkBlikCode(code))).toBe(key));
});

describe('assertCanAddItem', () => {
  it('anything goes into an empty basket', () => {
    expect(keyOf(() => assertCanAddItem(null, { restaurantId: 1, locationId: 10 }))).toBeNull();
    expect(keyOf(() => assertCanAddItem(undefined, { restaurantId: 1, locationId: 10 }))).toBeNull();
  });
  it('same restaurant and location is fine', () => {
    expect(
      keyOf(() => assertCanAddItem({ restaurantId: 1, locationId: 10 }, { restaurantId: 1, locationId: 10 })),
    ).toBeNull();
  });
  it('another restaurant at the same location is restaurantLocation', () => {
    expect(
      keyOf(() => assertCanAddItem({ restaurantId: 1, locationId: 10 }, { restaurantId: 2, locationId: 10 })),
    ).toBe('restaurantLocation');
  });
  it('another location is mishmashedLocations, whichever restaurant cooks there (a Kyiv dish into a Warsaw basket)', () => {
    expect(
      keyOf(() => assertCanAddItem({ restaurantId: 1, locationId: 10 }, { restaurantId: 1, locationId: 11 })),
    ).toBe('mishmashedLocations');
    expect(
      keyOf(() => assertCanAddItem({ restaurantId: 1, locationId: 10 }, { restaurantId: 2, locationId: 11 })),
    ).toBe('mishmashedLocations');
  });
});

describe('kitchenConflict: where a line is cooked against the basket’s restaurant', () => {
  const basket = { restaurantId: 1, locationId: 10, conceptId: 7 };
  it.each<[string, Parameters<typeof kitchenConflict>[1], string | null]>([
    ['its own restaurant', { restaurantId: 1, locationId: 10, conceptId: 7 }, null],
    ['another brand at the same location', { restaurantId: 2, locationId: 10, conceptId: 8 }, 'restaurantLocation'],
    ['another brand elsewhere', { restaurantId: 3, locationId: 11, conceptId: 8 }, 'mishmashedLocations'],
    ['the same brand at another location', { restaurantId: 4, locationId: 11, conceptId: 7 }, 'mishmashedLocations'],
    ['the same restaurant moved to another location', { restaurantId: 1, locationId: 11 }, 'mishmashedLocations'],
    [
      'another restaurant of an unknown brand, same location',
      { restaurantId: 4, locationId: 10 },
      'restaurantLocation',
    ],
  ])('%s → %s', (_name, line, key) => expect(kitchenConflict(basket, line)).toBe(key));
});

// Monday 2025-03-31 12:00 in Warsaw.
const NOON = Temporal.ZonedDateTime.from('2025-03-31T12:00[Europe/Warsaw]').toInstant();
const ok: CheckoutInput = {
  restaurant: {
    id: 1,
    locationId: 10,
    isEnabled: true,
    hours: [{ day: 1, from: '10:00', to: '22:00' }],
    timeZone: 'Europe/Warsaw',
    deliveryArea: { zips: ['00-950'] },
  },
  items: [
    { restaurantId: 1, locationId: 10 },
    { restaurantId: 1, locationId: 10, unavailable: false },
  ],
  summary: { productsValue: 3000, minBasketValue: 2000 },
  deliveryMethod: 'door2door',
  address: { zip: '00-950' },
  discount: { exists: true, active: true },
  payment: { method: 'blik', channel: 'web', country: 'pl', blikCode: '123456' },
  consents: { agree1: true, agree2: true, providerTerms: true, orderWithObligation: true },
  now: NOON,
};

describe('checkoutProblems', () => {
  it('a good order has none', () => {
    expect(checkoutProblems(ok)).toEqual([]);
    expect(() => assertCheckout(ok)).not.toThrow();
  });

  it.each<[string, Partial<CheckoutInput>, string[]]>([
    ['item of another restaurant', { items: [{ restaurantId: 2, locationId: 10 }] }, ['restaurantLocation']],
    ['item of another location', { items: [{ restaurantId: 1, locationId: 11 }] }, ['mishmashedLocations']],
    [
      'unavailable product',
      { items: [{ restaurantId: 1, locationId: 10, unavailable: true }] },
      ['productUnavailable'],
    ],
    ['closed now', { now: NOON.add({ hours: 11 }) }, ['restaurantClosed']],
    ['disabled restaurant', { restaurant: { ...ok.restaurant, isEnabled: false } }, ['restaurantClosed']],
    ['under the minimum', { summary: { productsValue: 1999, minBasketValue: 2000 } }, ['minBasketValueError']],
    ['address outside', { address: { zip: '31-154' } }, ['addressOutOfRestaurantsDeliveryArea']],
    ['no address', { address: null }, ['addressOutOfRestaurantsDeliveryArea']],
    [
      'no delivery area configured',
      { restaurant: { ...ok.restaurant, deliveryArea: null } },
      ['addressOutOfRestaurantsDeliveryArea'],
    ],
    ['pickup ignores the address', { deliveryMethod: 'pickup', address: null }, []],
    ['unknown discount code', { discount: { exists: false, active: false } }, ['discountCode']],
    ['inactive discount code', { discount: { exists: true, active: false } }, ['discountNotActive']],
    ['no discount', { discount: null }, []],
    ['blik with letters', { payment: { ...ok.payment!, blikCode: '12a456' } }, ['blikCodeMustBeNumber']],
    ['blik too short', { payment: { ...ok.payment!, blikCode: '12345' } }, ['blikCode']],
    ['blik missing', { payment: { ...ok.payment!, blikCode: null } }, ['blikCode']],
    ['google pay needs no blik code', { payment: { method: 'googlePay', channel: 'web', country: 'pl' } }, []],
    [
      'cash on delivery on the web in pl',
      { payment: { method: 'cashOnDelivery', channel: 'web', country: 'pl' } },
      ['paymentMethodUnavailable'],
    ],
    [
      'cash on delivery by the call centre in pl',
      { payment: { method: 'cashOnDelivery', channel: 'cc', country: 'pl' } },
      [],
    ],
    [
      'google pay by the call centre',
      { payment: { method: 'googlePay', channel: 'cc', country: 'pl' } },
      ['paymentMethodUnavailable'],
    ],
    ['provider terms not ticked', { consents: { ...ok.consents, providerTerms: false } }, ['consentRequired']],
    ['final consent missing', { consents: { agree1: true, agree2: true, providerTerms: true } }, ['consentRequired']],
    ['no consents given: not checked', { consents: null }, []],
    ['no payment yet', { payment: null }, []],
  ])('%s → %j', (_name, patch, keys) => {
    expect(checkoutProblems({ ...ok, ...patch })).toEqual(keys);
  });

  it('tells another brand’s food from its own brand’s cooked elsewhere; another brand wins', () => {
    const branded: CheckoutInput = { ...ok, restaurant: { ...ok.restaurant, conceptId: 7 } };
    const own = { restaurantId: 1, locationId: 10, conceptId: 7 };
    const elsewhere = { restaurantId: 4, locationId: 11, conceptId: 7 };
    const otherBrand = { restaurantId: 2, locationId: 10, conceptId: 8 };
    expect(checkoutProblems({ ...branded, items: [own, elsewhere] })).toEqual(['mishmashedLocations']);
    expect(checkoutProblems({ ...branded, items: [elsewhere, otherBrand] })).toEqual(['restaurantLocation']);
    expect(checkoutProblems({ ...branded, items: [own] })).toEqual([]);
  });

  it('ua hides agree1 and agree2, so they are not required there', () => {
    const ua: CheckoutInput = {
      ...ok,
      payment: { method: 'cashOnDelivery', channel: 'web', country: 'ua' },
      consents: { orderWithObligation: true },
    };
    expect(checkoutProblems(ua)).toEqual([]);
  });

  it('reports everything at once, in the documented order', () => {
    const bad: CheckoutInput = {
      ...ok,
      items: [
        { restaurantId: 1, locationId: 11 },
        { restaurantId: 1, locationId: 10, unavailable: true },
      ],
      now: NOON.subtract({ hours: 5 }),
      summary: { productsValue: 0, minBasketValue: 2000 },
      address: {},
      discount: { exists: true, active: false },
      payment: { method: 'blik', channel: 'web', country: 'pl', blikCode: 'x' },
      consents: {},
    };
    expect(checkoutProblems(bad)).toEqual([
      'mishmashedLocations',
      'productUnavailable',
      'restaurantClosed',
      'minBasketValueError',
      'addressOutOfRestaurantsDeliveryArea',
      'discountNotActive',
      'blikCodeMustBeNumber',
      'consentRequired',
    ]);
    expect(keyOf(() => assertCheckout(bad))).toBe('mishmashedLocations');
    try {
      assertCheckout(bad);
    } catch (e) {
      expect((e as RuleError).details?.['problems']).toHaveLength(8);
    }
  });
});

describe('assertCheckout: what the customer needs to fix it', () => {
  const errorOf = (input: CheckoutInput) => {
    try {
      assertCheckout(input);
      return null;
    } catch (e) {
      const { key, details } = e as RuleError;
      return { key, details };
    }
  };
  const pl = { channel: 'web', country: 'pl' } as const;

  it('a method the country’s configured payments list does not offer is unavailable, in the payment step’s place', () => {
    const input: CheckoutInput = {
      ...ok,
      summary: { productsValue: 0, minBasketValue: 2000 },
      payment: { ...pl, method: 'blik', blikCode: '123456', offered: false },
      consents: {},
    };
    expect(checkoutProblems(input)).toEqual(['minBasketValueError', 'paymentMethodUnavailable', 'consentRequired']);
    expect(checkoutProblems({ ...ok, payment: { ...pl, method: 'blik', blikCode: '123456', offered: true } })).toEqual(
      [],
    );
  });

  it('a method outside its availability hours is unavailable; within them, or without hours, it is not', () => {
    // Monday noon in Warsaw; the option takes payments on weekdays 18:00-22:00 only.
    const evenings = {
      mondayToFriday: { from: '18:00', to: '22:00' },
      saturday: null,
      sunday: { from: '00:00', to: '24:00' },
    };
    const at = (when: Temporal.Instant, hours: PaymentAvailabilityHours | null) =>
      checkoutProblems({
        ...ok,
        now: when,
        restaurant: { ...ok.restaurant, hours: [] },
        payment: { ...ok.payment!, hours },
      });
    const warsaw = (iso: string) => Temporal.ZonedDateTime.from(`${iso}[Europe/Warsaw]`).toInstant();
    expect(at(NOON, evenings)).toEqual(['restaurantClosed', 'paymentMethodUnavailable']);
    expect(at(warsaw('2025-03-31T18:30'), evenings)).toEqual(['restaurantClosed']);
    // Strictly inside, as for restaurants: 22:00 itself is closed.
    expect(at(warsaw('2025-03-31T22:00'), evenings)).toEqual(['restaurantClosed', 'paymentMethodUnavailable']);
    // Saturday has no hours: closed all day; Sunday is open all day.
    expect(at(warsaw('2025-04-05T19:00'), evenings)).toEqual(['restaurantClosed', 'paymentMethodUnavailable']);
    expect(at(warsaw('2025-04-06T03:00'), evenings)).toEqual(['restaurantClosed']);
    expect(at(NOON, null)).toEqual(['restaurantClosed']);
    // The country's time zone decides, not the restaurant's: 18:30 in Kyiv is 17:30 in Warsaw.
    const ua = (hours: typeof evenings) =>
      checkoutProblems({
        ...ok,
        now: Temporal.ZonedDateTime.from('2025-03-31T18:30[Europe/Kyiv]').toInstant(),
        payment: { method: 'cashOnDelivery', channel: 'web', country: 'ua', hours },
        consents: null,
      });
    expect(ua(evenings)).toEqual([]);
  });

  it('an option outside its hours answers paymentMethodUnavailable with the order’s other problems listed', () => {
    const closedNow = { mondayToFriday: null, saturday: null, sunday: null };
    expect(errorOf({ ...ok, payment: { ...ok.payment!, hours: closedNow } })).toEqual({
      key: 'paymentMethodUnavailable',
      details: { problems: ['paymentMethodUnavailable'] },
    });
  });

  it('Google Pay without its token is a form error before any other problem', () => {
    const closed = { ...ok, now: NOON.add({ hours: 11 }) };
    expect(errorOf({ ...closed, payment: { ...pl, method: 'googlePay' } })).toEqual({
      key: 'validation',
      details: { googlePayToken: 'notEmpty' },
    });
    expect(errorOf({ ...ok, payment: { ...pl, method: 'googlePay', googlePayToken: 'sandbox-ok-1' } })).toBeNull();
  });

  it('Google Pay where it is not offered answers paymentMethodUnavailable, not the missing token', () => {
    expect(errorOf({ ...ok, payment: { ...pl, method: 'googlePay', offered: false } })?.key).toBe(
      'paymentMethodUnavailable',
    );
  });

  it('consentRequired names the consents still missing', () => {
    expect(errorOf({ ...ok, consents: { agree1: true, providerTerms: true } })).toEqual({
      key: 'consentRequired',
      details: { problems: ['consentRequired'], missing: ['agree2', 'orderWithObligation'] },
    });
  });
});
