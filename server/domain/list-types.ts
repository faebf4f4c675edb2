import { type } from 'arktype';
import { PAYMENT_METHODS } from './country.ts';
import { LOCALES } from './locales.ts';
import { COUNTRIES } from './money.ts';
import { DELIVERY_METHODS } from './pricing.ts';

/*
 * The arktype schemas of the domain's lists, built from the lists themselves: a language, a country or a delivery
 * method added to its list is accepted by every body and query that names it, and the compiler sees each use
 * (an arktype string such as "'pl' | 'en' | 'ua'" it does not). A module of its own so that the lists' modules,
 * which islands import, do not pull arktype into the browser.
 */

/** An interface language: pl, en or ua (LOCALES). */
export const localeType = type.enumerated(...LOCALES);

/** A country the marketplace sells in (COUNTRIES). */
export const countryType = type.enumerated(...COUNTRIES);

/** A delivery method (DELIVERY_METHODS). */
export const deliveryMethodType = type.enumerated(...DELIVERY_METHODS);

/** A payment method (PAYMENT_METHODS). */
export const paymentMethodType = type.enumerated(...PAYMENT_METHODS);
