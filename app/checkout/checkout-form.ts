import type { Locale } from '#domain/locales.ts';
import type { AddressFields } from '#domain/accounts.ts';
import { type Consent, type Country, formConsents, type PaymentMethod } from '#domain/country.ts';
import type { FieldRule } from '#domain/errors.ts';

/**
 * The finalize-order form's values as the island holds them. Field order is the order on the page, so "the first
 * field with an error" (spec section 5: scroll there on submit) is the first of this list that has one.
 */
export type CheckoutValues = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  street: string;
  streetNo: string;
  aptNo: string;
  zip: string;
  city: string;
  comment: string;
  paymentMethod: PaymentMethod | '';
  blikCode: string;
  agree1: boolean;
  agree2: boolean;
  providerTerms: boolean;
  orderWithObligation: boolean;
  marketingSms: boolean;
  marketingEmail: boolean;
  /** A logged-in customer's choice: one of their saved addresses by id, or 'new' (typed here). */
  addressChoice: string;
  /** A logged-in customer saves the new address to their account when the order is placed. */
  saveAddress: boolean;
};

export type CheckoutField = keyof CheckoutValues;

export const EMPTY_CHECKOUT: CheckoutValues = {
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  street: '',
  streetNo: '',
  aptNo: '',
  zip: '',
  city: '',
  comment: '',
  paymentMethod: '',
  blikCode: '',
  agree1: false,
  agree2: false,
  providerTerms: false,
  orderWithObligation: false,
  marketingSms: false,
  marketingEmail: false,
  addressChoice: 'new',
  saveAddress: false,
};

const CHECKOUT_FIELDS = Object.keys(EMPTY_CHECKOUT) as CheckoutField[];

/** Where an error is shown besides a field: the address as a whole, the basket recap, or the whole form. */
export type CheckoutErrors = Partial<Record<CheckoutField | 'address' | 'basket', FieldRule>>;

export type CheckoutContext = {
  /** The basket's country: its phone and zip rules, its consents. */
  country: Country;
  /** A pickup order asks for no address. */
  pickup: boolean;
};

/** The consents the form shows in a country for a method (server/domain/country.ts). */
export const visibleConsents: (country: Country, method: PaymentMethod | '') => Consent[] = formConsents;

/** The first field (in page order) that has an error, or null. */
export const firstErrorField = (errors: CheckoutErrors): CheckoutField | 'address' | 'basket' | null => {
  if (errors.basket) return 'basket';
  for (const field of CHECKOUT_FIELDS) {
    if (field === 'zip' && errors.address) return 'address';
    if (errors[field]) return field;
  }
  return errors.address ? 'address' : null;
};

/** Checkout errors that are about the basket: shown on the recap, with the way back to the basket. */
const BASKET_KEYS = new Set<string>([
  'discountCode',
  'discountNotActive',
  'discountNotYetValid',
  'discountExpired',
  'discountNotHere',
  'discountNoEligibleItems',
  'discountBelowMinimum',
  'discountFirstOrderOnly',
  'discountAlreadyUsed',
  'minBasketValueError',
  'productUnavailable',
  'restaurantLocation',
  'mishmashedLocations',
  'restaurantClosed',
  'basketEmpty',
  'basketAlreadyOrdered',
  'pickupUnavailable',
  'deliveryUnavailable',
]);

/** A refusal as readAnswer gives it (app/api-answer.ts); tests may leave the details out. */
type Refused = { key: string; details?: Record<string, unknown> };

/**
 * Where the API's refusal of an order belongs on the page: the field that caused it (a validation detail, the Blik
 * code, an unticked consent, the payment method), the address (outside the delivery area), the basket recap
 * (spec section 8's basket keys), or the whole form (anything else).
 */
export function placeErrors({ key, details = {} }: Refused): { fields: CheckoutErrors; form: string | null } {
  const fields: CheckoutErrors = {};
  switch (key) {
    case 'validation': {
      for (const [field, rule] of Object.entries(details)) {
        if (typeof rule !== 'string') continue;
        if ((CHECKOUT_FIELDS as string[]).includes(field)) fields[field as CheckoutField] = rule as FieldRule;
        // A Google Pay order without its token: the method itself could not be paid.
        else if (field === 'googlePayToken') fields.paymentMethod = 'notEmpty';
        else if (field.startsWith('consents.')) {
          const consent = field.slice('consents.'.length);
          if ((CHECKOUT_FIELDS as string[]).includes(consent)) fields[consent as CheckoutField] = rule as FieldRule;
        }
      }
      return Object.keys(fields).length > 0 ? { fields, form: null } : { fields, form: key };
    }
    case 'blikCode':
    case 'blikCodeMustBeNumber':
      return { fields: { blikCode: key }, form: null };
    case 'paymentMethodUnavailable':
      return { fields: { paymentMethod: key }, form: null };
    case 'consentRequired': {
      const missing = Array.isArray(details['missing']) ? (details['missing'] as unknown[]) : [];
      for (const consent of missing) {
        if (typeof consent === 'string' && (CHECKOUT_FIELDS as string[]).includes(consent))
          fields[consent as CheckoutField] = 'isTrue';
      }
      return Object.keys(fields).length > 0 ? { fields, form: null } : { fields, form: key };
    }
    case 'addressOutOfRestaurantsDeliveryArea':
      return { fields: { address: key }, form: null };
    default:
      return BASKET_KEYS.has(key) ? { fields: { basket: key as FieldRule }, form: null } : { fields, form: key };
  }
}

/**
 * The body of POST /api/orders for these values. Only what the API reads; the address is left out for pickup, the
 * Blik code for other methods, and the coordinates of a known address (saved or kept in the browser) go with it.
 */
export function placeOrderBody(
  values: CheckoutValues,
  ctx: CheckoutContext & {
    lang: Locale;
    coordinates?: { lat: number; lng: number } | null;
    googlePayToken?: string | null;
  },
) {
  const method = values.paymentMethod;
  if (!method) throw new Error('placeOrderBody: no payment method');
  const trimmed = (value: string) => value.trim();
  const address = ctx.pickup
    ? {}
    : {
        street: trimmed(values.street),
        streetNo: trimmed(values.streetNo),
        ...(trimmed(values.aptNo) ? { aptNo: trimmed(values.aptNo) } : {}),
        city: trimmed(values.city),
        zip: trimmed(values.zip),
        ...(ctx.coordinates ? { lat: ctx.coordinates.lat, lng: ctx.coordinates.lng } : {}),
      };
  return {
    firstname: trimmed(values.firstname),
    lastname: trimmed(values.lastname),
    phone: trimmed(values.phone),
    email: trimmed(values.email),
    ...address,
    ...(trimmed(values.comment) ? { comment: trimmed(values.comment) } : {}),
    consents: {
      agree1: values.agree1,
      agree2: values.agree2,
      providerTerms: values.providerTerms,
      orderWithObligation: values.orderWithObligation,
      marketingSms: values.marketingSms,
      marketingEmail: values.marketingEmail,
    },
    paymentMethod: method,
    ...(method === 'blik' ? { blikCode: values.blikCode } : {}),
    ...(method === 'googlePay' && ctx.googlePayToken ? { googlePayToken: ctx.googlePayToken } : {}),
    lang: ctx.lang,
  };
}

/** The values a saved address puts into the form's address fields. */
export const addressValues = (address: AddressFields) => ({
  street: address.street,
  streetNo: address.streetNo,
  aptNo: address.aptNo ?? '',
  zip: address.zip,
  city: address.city,
});
