import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import {
  conceptBody,
  deliveryPolygon,
  discountCreateBody,
  discountValueProblem,
  kitchensRule,
  MAX_OPENING_RANGES,
  locationBody,
  restaurantBody,
  serialIdParam,
  userBody,
  userCreateBody,
  userUpdateBody,
  workingDay,
  zipList,
} from './admin-forms.ts';
import { issueDetails } from './forms.ts';

const ok = (result: unknown) => !(result instanceof type.errors);

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [21.0, 52.2],
      [21.1, 52.2],
      [21.1, 52.3],
      [21.0, 52.2],
    ],
  ],
};

const location = {
  slug: 'warszawa-mokotow',
  name: 'Mokotów',
  street: 'Puławska',
  no: '10',
  zip: '02-715',
  city: 'Warszawa',
  citySlug: 'warszawa',
  country: 'pl',
  latitude: 52.2,
  longitude: 21.0,
  pickupEnabled: true,
  deliveryEnabled: true,
};

const restaurant = {
  slug: 'smash-club-mokotow',
  name: 'Smash Club Mokotów',
  conceptId: 1,
  locationId: 1,
  isEnabled: true,
  active: true,
  phone: '',
  about: '',
  deliveryValue: 799,
  minBasketValue: 3000,
  smallOrderThreshold: 4000,
  extraFee: 300,
  acceptanceMinutes: 10,
  preparationMinutes: 30,
  autoAccept: false,
  escalationMinutes: 5,
  hours: [{ day: 1, from: '10:00', to: '24:00' }],
};

describe('the admin forms’ rules', () => {
  it('takes a closed GeoJSON polygon and refuses an open ring or too few positions', () => {
    expect(ok(deliveryPolygon(square))).toBe(true);
    const open = { ...square, coordinates: [[...square.coordinates[0]!.slice(0, 3), [21.05, 52.25]]] };
    expect(ok(deliveryPolygon(open))).toBe(false);
    expect(ok(deliveryPolygon({ ...square, coordinates: [square.coordinates[0]!.slice(1)] }))).toBe(false);
    expect(ok(deliveryPolygon({ ...square, coordinates: [[[200, 52.2], ...square.coordinates[0]!.slice(1)]] }))).toBe(
      false,
    );
  });

  it('lets a day end at 24:00 but not start there, and knows only days 0–6', () => {
    expect(ok(workingDay({ day: 0, from: '00:00', to: '24:00' }))).toBe(true);
    expect(ok(workingDay({ day: 0, from: '24:00', to: '23:00' }))).toBe(false);
    expect(ok(workingDay({ day: 7, from: '10:00', to: '22:00' }))).toBe(false);
    expect(ok(workingDay({ day: 1, from: '9:00', to: '22:00' }))).toBe(false);
  });

  it('checks a restaurant’s money, minutes and hours', () => {
    expect(ok(restaurantBody(restaurant))).toBe(true);
    expect(ok(restaurantBody({ ...restaurant, deliveryValue: 7.99 }))).toBe(false);
    expect(ok(restaurantBody({ ...restaurant, acceptanceMinutes: 0 }))).toBe(false);
    expect(ok(restaurantBody({ ...restaurant, escalationMinutes: 0 }))).toBe(false);
    expect(ok(restaurantBody({ ...restaurant, preparationMinutes: 241 }))).toBe(false);
    expect(ok(restaurantBody({ ...restaurant, slug: 'Smash Club' }))).toBe(false);
    // Split shifts and special days make many ranges a week (issue 38), up to a bound.
    const ranges = (length: number) => Array.from({ length }, () => restaurant.hours[0]);
    expect(ok(restaurantBody({ ...restaurant, hours: ranges(8) }))).toBe(true);
    expect(ok(restaurantBody({ ...restaurant, hours: ranges(MAX_OPENING_RANGES + 1) }))).toBe(false);
  });

  it('checks a location’s coordinates and a concept’s slug, domain and e-mail', () => {
    expect(ok(locationBody(location))).toBe(true);
    expect(ok(locationBody({ ...location, latitude: 91 }))).toBe(false);
    expect(ok(locationBody({ ...location, country: 'de' }))).toBe(false);
    // A concept's body is what operators run; the brand's own fields are refused one by one (decision 043).
    const concept = {
      defaultRestaurantSlug: 'smash-club-warszawa-mokotow',
      showOnCompanyPortfolio: true,
      active: true,
    };
    expect(ok(conceptBody(concept))).toBe(true);
    expect(ok(conceptBody({ ...concept, defaultRestaurantSlug: '' }))).toBe(true);
    expect(ok(conceptBody({ ...concept, active: 'yes' }))).toBe(false);
    const marketers = conceptBody['~standard'].validate({ ...concept, name: 'Smash', logo: '/logos/x.svg' });
    expect('issues' in marketers && issueDetails(marketers.issues!)).toEqual({
      name: 'editedInTenantConfig',
      logo: 'editedInTenantConfig',
    });
  });

  it('takes one code or a count of generated ones, and a value that fits the discount’s type', () => {
    const fields = { type: 'percentage', value: 10, country: 'pl', quantity: 100, active: true };
    expect(ok(discountCreateBody({ ...fields, code: 'SUMMER-10' }))).toBe(true);
    expect(ok(discountCreateBody({ ...fields, count: 50, prefix: 'PROMO' }))).toBe(true);
    expect(ok(discountCreateBody({ ...fields, code: 'two words' }))).toBe(false);
    expect(ok(discountCreateBody({ ...fields, count: 1001 }))).toBe(false);
    expect(discountValueProblem('percentage', 10)).toBeNull();
    expect(discountValueProblem('percentage', 101)).toBe('outOfRange');
    expect(discountValueProblem('percentage', 0)).toBe('outOfRange');
    expect(discountValueProblem('amount', 500)).toBeNull();
    expect(discountValueProblem('amount', 0)).toBe('outOfRange');
    expect(discountValueProblem('freeDelivery', 0)).toBeNull();
    expect(discountValueProblem('freeDelivery', 5)).toBe('outOfRange');
  });

  it('knows the three roles and the three languages of a user', () => {
    const user = {
      firstname: 'Anna',
      lastname: 'Nowak',
      email: 'anna@example.com',
      phone: '',
      role: 'callCenter',
      lang: 'ua',
      active: true,
    };
    expect(ok(userBody(user))).toBe(true);
    expect(ok(userBody({ ...user, role: 'root' }))).toBe(false);
    expect(ok(userBody({ ...user, lang: 'uk' }))).toBe(false);
  });

  it('reads ids from paths and zip lists from a textarea', () => {
    expect(ok(serialIdParam({ id: '42' }))).toBe(true);
    expect(ok(serialIdParam({ id: '0' }))).toBe(false);
    expect(ok(serialIdParam({ id: '1e3' }))).toBe(false);
    expect(zipList('02-715\n 02-716 ,02-717;;\n\n')).toEqual(['02-715', '02-716', '02-717']);
    expect(zipList('')).toEqual([]);
  });

  it('adds a staff account with its kitchens, which a kitchen role cannot be without (issue 37)', () => {
    const staff = {
      firstname: 'Olena',
      lastname: '',
      email: 'olena@example.com',
      phone: '',
      role: 'kitchenStaff',
      lang: 'ua',
      kitchens: [1, 2],
    };
    expect(ok(userCreateBody(staff))).toBe(true);
    expect(ok(userCreateBody({ ...staff, kitchens: [0] }))).toBe(false);
    expect(ok(userCreateBody({ ...staff, kitchens: undefined }))).toBe(false);
    expect(kitchensRule('kitchenStaff', [])).toBe('notEmpty');
    expect(kitchensRule('kitchenManager', [])).toBe('notEmpty');
    expect(kitchensRule('kitchenManager', [3])).toBeNull();
    expect(kitchensRule('callCenter', [])).toBeNull();
    // The edit form may leave the kitchens out: they stay as they are.
    const { kitchens: _kitchens, ...edit } = { ...staff, active: true };
    expect(ok(userUpdateBody(edit))).toBe(true);
    expect(ok(userUpdateBody({ ...edit, kitchens: [4] }))).toBe(true);
  });
});
