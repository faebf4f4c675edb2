import { type } from 'arktype';
import { countryType, localeType } from './list-types.ts';

/**
 * The request shapes of an address, each defined once and its type inferred from it: the API validates with these,
 * the services, the database's jsonb column and the islands use their types. They differ where their data does:
 * a basket's address names no country (the basket has one) and keeps the point it was found at as lat/lng; a saved
 * address is a row of its own, with its country and latitude/longitude columns; the delivery query is a point and/or
 * a zip, not an address.
 */

/**
 * Where a basket is delivered (its `address` column; PUT /api/basket/delivery and the call centre's): what the
 * customer typed, and the point it was found at.
 */
export const basketAddress = type({
  street: 'string <= 200',
  streetNo: 'string <= 20',
  'aptNo?': 'string <= 20',
  city: 'string <= 100',
  zip: 'string <= 12',
  'lat?': '-90 <= number <= 90',
  'lng?': '-180 <= number <= 180',
});
export type BasketAddress = typeof basketAddress.infer;

/** An address of the account's address book, as POST and PUT /api/account/addresses take it. */
export const savedAddressBody = type({
  street: 'string <= 200',
  streetNo: 'string <= 20',
  'aptNo?': 'string <= 20 | null',
  city: 'string <= 100',
  zip: 'string <= 12',
  country: countryType,
  'latitude?': '-90 <= number <= 90 | null',
  'longitude?': '-180 <= number <= 180 | null',
});
export type SavedAddressInput = typeof savedAddressBody.infer;

const coordinate = type('string.numeric.parse');
/**
 * Where to look for restaurants delivering (GET /api/restaurants, the bot's): a point and/or a zip, as query text;
 * `lang` names the restaurants and their addresses in that language of the shop where the data has it.
 */
export const deliveryQuery = type({
  'lat?': coordinate.to('-90 <= number <= 90'),
  'lng?': coordinate.to('-180 <= number <= 180'),
  'zip?': '1 <= string <= 12',
  'country?': countryType,
  'lang?': localeType,
});
export type DeliveryQuery = typeof deliveryQuery.infer;
