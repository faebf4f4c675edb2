import type { InferResponseType } from 'hono/client';
import { isValidPhoneNo } from '#domain/country.ts';
import { type ApiClient } from '#app/api-client.ts';
import type { UiLocale } from '#i18n/messages.ts';

// What the account screens share: the countries a customer picks, the API's shapes of their data.

/** The countries whose phone and zip rules a customer can pick (spec section 5). */
export type FormCountry = 'pl' | 'ua';

export type Profile = InferResponseType<ApiClient['account']['$get'], 200>['profile'];
export type SavedAddress = InferResponseType<ApiClient['account']['addresses']['$get'], 200>['addresses'][number];
export type OrderView = InferResponseType<ApiClient['my-orders']['$get'], 200>['orders'][number];

/** The shop's country for a language: Ukrainian pages default to Ukraine's phone and zip rules. */
export const defaultCountry = (locale: UiLocale): FormCountry => (locale === 'ua' ? 'ua' : 'pl');

/** Which country's rule a stored phone number passes, so the profile form opens with the right one picked. */
export const phoneCountry = (phone: string | null | undefined, fallback: FormCountry): FormCountry =>
  !phone ? fallback : isValidPhoneNo('ua', phone) ? 'ua' : 'pl';
