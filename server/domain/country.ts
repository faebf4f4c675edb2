import type { Temporal } from 'temporal-polyfill';
import { isOpenAt, type WorkingHours } from './hours.ts';
import { type Country, type Currency, currencyOf, isCountry } from './money.ts';

export type { Country } from './money.ts';
export { COUNTRIES, isCountry } from './money.ts';

export type CountryRules = {
  zip: RegExp;
  /** Applied to the phone number after normalizePhone. */
  phone: RegExp;
  timeZone: string;
  currency: Currency;
};

// Spec section 5. pt is "in some texts" only; its rules are Portugal's real formats.
// Europe/Kyiv rather than the spec's Europe/Zaporozhye: the latter is an alias of the former in tzdata.
const RULES: Record<Country, CountryRules> = {
  pl: { zip: /^\d{2}-\d{3}$/, phone: /^\d{9}$/, timeZone: 'Europe/Warsaw', currency: currencyOf('pl') },
  ua: { zip: /^\d{5}$/, phone: /^0\d{9}$/, timeZone: 'Europe/Kyiv', currency: currencyOf('ua') },
  pt: { zip: /^\d{4}-\d{3}$/, phone: /^\d{9}$/, timeZone: 'Europe/Lisbon', currency: currencyOf('pt') },
};

export function countryRules(country: Country): CountryRules {
  return RULES[country];
}

/** The time zone restaurants in this country keep their working hours in. */
export function timeZoneOf(country: Country): string {
  return RULES[country].timeZone;
}

/** Removes what people type between digits: whitespace, hyphens and parentheses (spec section 5). */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s\-()]/g, '');
}

/**
 * Country is deliberately loose (any string, or nothing): a basket without a country, or with a
 * country we have no rules for, must fail rather than accept any number (spec: "fails if no
 * country rules exist").
 */
export function isValidPhoneNo(country: string | null | undefined, phone: unknown): boolean {
  if (!isCountry(country) || typeof phone !== 'string') return false;
  return RULES[country].phone.test(normalizePhone(phone));
}

/** Zip codes are not normalised beyond trimming: 'NN-NNN' with the hyphen is the required form. */
export function isValidZipCode(country: string | null | undefined, zip: unknown): boolean {
  if (!isCountry(country) || typeof zip !== 'string') return false;
  return RULES[country].zip.test(zip.trim());
}

/**
 * Checkout consents. The spec names the required ones (website terms, privacy policy, restaurant
 * terms, the payment provider's terms, "I order with obligation to pay") and says the finalize-order
 * form hides agree1 and agree2 for Ukraine. We read agree1 as website terms + privacy policy and
 * agree2 as restaurant terms; marketing consents are optional and not listed here.
 */
const CONSENTS = ['agree1', 'agree2', 'providerTerms', 'orderWithObligation'] as const;
export type Consent = (typeof CONSENTS)[number];

export function hiddenConsents(country: Country): Consent[] {
  return country === 'ua' ? ['agree1', 'agree2'] : [];
}

export const PAYMENT_METHODS = ['blik', 'googlePay', 'fastTransfer', 'cashOnDelivery', 'cardOnDelivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CHANNELS = ['web', 'cc', 'bot'] as const;
export type Channel = (typeof CHANNELS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** The methods paid online, through a payment provider; the others are paid to the courier or at the counter. */
export const ONLINE_METHODS = ['blik', 'googlePay', 'fastTransfer'] as const satisfies readonly PaymentMethod[];
export type OnlineMethod = (typeof ONLINE_METHODS)[number];

export function isOnlinePayment(method: PaymentMethod): method is OnlineMethod {
  return (ONLINE_METHODS as readonly PaymentMethod[]).includes(method);
}

/**
 * Spec section 6: Blik for cc and web; GooglePay and FastTransfers web only; PaymentOnDelivery
 * (cash and card on delivery) for cc only in Poland and for cc and web in Ukraine.
 *
 * Decisions where the spec is silent:
 * - The online methods carry no country restriction in the spec, so none is added here; a
 *   country's configured payments list (data, not rules) narrows them further.
 * - Payment on delivery in Portugal: the spec gives no rule, so it is not offered on any channel.
 * - bot: a bot order is placed by the customer themself (self-service, like the website; the bot
 *   hands the customer a payment link), not by staff on the customer's behalf, so bot follows web
 *   exactly. This keeps "on delivery" in Poland reserved for the call centre, as the spec wants.
 */
export function isPaymentAvailable(method: PaymentMethod, channel: Channel, country: Country): boolean {
  const ch = channel === 'bot' ? 'web' : channel;
  switch (method) {
    case 'blik':
      return true;
    case 'googlePay':
    case 'fastTransfer':
      return ch === 'web';
    case 'cashOnDelivery':
    case 'cardOnDelivery':
      return country === 'ua' || (country === 'pl' && ch === 'cc');
  }
}

export function availablePaymentMethods(channel: Channel, country: Country): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => isPaymentAvailable(m, channel, country));
}

/** Spec section 5: in Poland, Blik, GooglePay and FastTransfers need the provider's terms accepted. */
export function requiresProviderTerms(method: PaymentMethod, country: Country): boolean {
  return country === 'pl' && (method === 'blik' || method === 'googlePay' || method === 'fastTransfer');
}

/** Consents the customer must tick to place this order: the visible ones, minus provider terms when not needed. */
export function requiredConsents(country: Country, method: PaymentMethod): Consent[] {
  const hidden = hiddenConsents(country);
  return CONSENTS.filter(
    (c) => !hidden.includes(c) && (c !== 'providerTerms' || requiresProviderTerms(method, country)),
  );
}

/**
 * The consents the form shows for a method in a country: agree1 and agree2 are hidden in Ukraine, providerTerms
 * appears with a method that needs it. Before a method is picked, the consents every method asks for.
 */
export function formConsents(country: Country, method: string): Consent[] {
  return requiredConsents(country, isPaymentMethod(method) ? method : 'cashOnDelivery');
}

/** A payment option's hours (spec section 3: availabilityHours mondayToFriday, saturday, sunday); null: closed. */
export type PaymentAvailabilityHours = {
  mondayToFriday: { from: string; to: string } | null;
  saturday: { from: string; to: string } | null;
  sunday: { from: string; to: string } | null;
};

/** The same hours as working hours by weekday (0 = Sunday), so that one rule decides "open" for both. */
function paymentWorkingHours(hours: PaymentAvailabilityHours): WorkingHours {
  const span = (day: number) => (day === 0 ? hours.sunday : day === 6 ? hours.saturday : hours.mondayToFriday);
  return [0, 1, 2, 3, 4, 5, 6].flatMap((day) => {
    const s = span(day);
    return s ? [{ day, from: s.from, to: s.to }] : [];
  });
}

/**
 * Whether a payment option may be used at `instant`, in its country's time zone, by the same strict from/to
 * rule as restaurants. An option without hours is available at any time (the spec makes hours optional).
 */
export function isPaymentOptionOpenAt(
  hours: PaymentAvailabilityHours | null,
  country: Country,
  instant: Temporal.Instant,
): boolean {
  if (!hours) return true;
  return isOpenAt(paymentWorkingHours(hours), timeZoneOf(country), instant);
}
