/**
 * Every error key the API answers (`{ "error": key }`), with the HTTP status it answers and what it means
 * to the user. The spec's keys (section 8) are spelled exactly as the spec writes them; the rest are keys
 * this codebase adds. The shop translates each key through the Paraglide message `error_<key>`
 * (messages/{pl,en,uk}.json); error-catalogue.test.ts fails when a key lacks a message, or when the server
 * answers a key that is not here.
 *
 * Adding a key: one line here, and `error_<key>` in each messages file.
 *
 * Lives in server/domain (no I/O, no HTTP library) so that the islands can import it too.
 */
export const errorCatalogue = {
  // Spec section 8.
  Unauthorized: { status: 401, meaning: 'Not logged in, or the e-mail or password is wrong.' },
  UserIsNotActivated: { status: 403, meaning: 'The account has not been activated yet.' },
  UserDoesNotExists: { status: 401, meaning: 'No user has this e-mail address.' },
  duplicateEntry: { status: 409, meaning: 'This e-mail address is already taken.' },
  notUniqueEmail: { status: 409, meaning: 'This e-mail address is already taken.' },
  notUniqueCode: { status: 409, meaning: 'A discount code with this name already exists.' },
  discountCode: { status: 400, meaning: 'No such discount code (or not for this country).' },
  blikCode: { status: 400, meaning: 'The Blik code is not 6 digits.' },
  blikCodeMustBeNumber: { status: 400, meaning: 'The Blik code may contain digits only.' },
  restaurantLocation: { status: 409, meaning: 'The basket holds food of another restaurant; clear it to order here.' },
  minBasketValueError: { status: 400, meaning: 'The order is below the restaurant’s minimum order value.' },
  mishmashedLocations: { status: 409, meaning: 'Products from different locations cannot be ordered together.' },
  restaurantClosed: { status: 400, meaning: 'The restaurant is closed now.' },
  productUnavailable: { status: 400, meaning: 'A product (or a chosen option) is unavailable now.' },
  addressOutOfRestaurantsDeliveryArea: { status: 400, meaning: 'The address is outside the delivery area.' },
  discountNotActive: { status: 400, meaning: 'The discount code is no longer active; remove it to continue.' },

  // A discount code's own rules (issue 38).
  discountNotYetValid: { status: 400, meaning: 'The discount code’s validity has not begun.' },
  discountExpired: { status: 400, meaning: 'The discount code’s validity has ended.' },
  discountNotHere: { status: 400, meaning: 'The discount code is for other brands or restaurants.' },
  discountNoEligibleItems: { status: 400, meaning: 'Nothing in the basket is in the discount code’s categories.' },
  discountBelowMinimum: { status: 400, meaning: 'The basket is below the discount code’s minimum order.' },
  discountFirstOrderOnly: { status: 400, meaning: 'The discount code is for a customer’s first order only.' },
  discountAlreadyUsed: { status: 400, meaning: 'The customer has already used this once-per-customer code.' },

  // Rules the spec names without a key.
  requiredOptions: { status: 400, meaning: 'Required options of the item are not selected (or too many are).' },
  invalidStatusTransition: { status: 409, meaning: 'The order cannot move from its status to the one asked for.' },
  paymentMethodUnavailable: { status: 400, meaning: 'This payment method is not offered here.' },
  consentRequired: { status: 400, meaning: 'A required consent is not ticked.' },
  validation: { status: 400, meaning: 'Some fields are wrong; details name the failing rule per field.' },

  // The basket and placing an order.
  basketEmpty: { status: 400, meaning: 'The basket is empty.' },
  basketAlreadyOrdered: { status: 409, meaning: 'This basket has already been ordered.' },
  idempotencyKeyRequired: { status: 400, meaning: 'Placing an order needs an Idempotency-Key header.' },
  idempotencyKeyReused: { status: 409, meaning: 'The Idempotency-Key was already used for another order.' },
  imageNotAccepted: {
    status: 400,
    meaning: 'The upload is not a JPEG, PNG, WebP or AVIF image (judged by its content).',
  },
  imageTooLarge: { status: 413, meaning: 'The uploaded photo is over 8 MB or 50 megapixels.' },
  pickupUnavailable: { status: 400, meaning: 'This restaurant offers no pickup.' },
  deliveryUnavailable: { status: 400, meaning: 'This restaurant offers no delivery.' },
  // Kitchen capacity (issue 34).
  kitchenPaused: { status: 409, meaning: 'The kitchen has paused new orders for a while (busy mode).' },
  slotUnavailable: { status: 409, meaning: 'The chosen time is full or not offered; choose another one.' },

  // Company invoices (issue 36).
  invalidNip: { status: 400, meaning: 'The NIP is not a valid Polish tax number (ten digits with a check digit).' },
  invoiceUnavailable: { status: 400, meaning: 'No invoices are issued for orders in this country (Ukraine).' },
  invoiceNotReady: { status: 409, meaning: 'The invoice is issued once the order is finished; not yet.' },

  // Paying again for an order whose payment failed or was canceled.
  orderNotAwaitingPayment: {
    status: 409,
    meaning: 'The order is not waiting for payment (paid, on delivery, canceled or past its payment time).',
  },
  paymentInProgress: { status: 409, meaning: 'A payment of this order is still being processed.' },

  // Ordering again from an order's status page or my orders.
  reorderUnavailable: {
    status: 409,
    meaning: 'None of the order’s items can be ordered now; the basket is unchanged.',
  },

  // Accounts.
  invalidToken: {
    status: 400,
    meaning: 'The link (activation, password reset, e-mail change) is unknown, used or expired.',
  },
  activeOrders: { status: 409, meaning: 'The account has orders still in progress; it can be deleted once they end.' },
  tooManyAddresses: { status: 409, meaning: 'The account already has the most saved addresses allowed.' },
  userDeactivated: { status: 403, meaning: 'An administrator has deactivated this account.' },

  // The call centre following up an order.
  orderNotCancellable: {
    status: 409,
    meaning: 'The order can no longer be canceled for the customer: the restaurant has accepted it, or it has ended.',
  },
  orderSearchQuery: {
    status: 400,
    meaning:
      'An order search needs a phone number (at least 9 digits), an e-mail address or a 5-character order number.',
  },

  // The admin area.
  ownAdminRole: { status: 409, meaning: 'An admin cannot take away their own admin role or deactivate themselves.' },
  inUse: {
    status: 409,
    meaning: 'It is still used (by orders or baskets) and cannot be deleted; deactivate it instead.',
  },
  notUniqueSlug: { status: 409, meaning: 'This slug (or domain) is already taken.' },
  editedInTenantConfig: {
    status: 400,
    meaning: 'This field is the brand’s own, edited in its tenants/<slug>/tenant.json; the admin cannot change it.',
  },

  // The kitchen board and a restaurant's settings.
  rejectionReasonRequired: {
    status: 400,
    meaning: 'Rejecting an order needs a reason: soldOut, tooBusy, closed or other.',
  },
  escalationNotBeforeAcceptance: {
    status: 400,
    meaning: 'The escalation minutes must be fewer than the acceptance window, or the order is rejected first.',
  },

  // Field rules for validation details that spec section 5 does not name.
  minLength: { status: 400, meaning: 'The value is too short (a password: at least 8 characters).' },
  wrongPassword: { status: 400, meaning: 'The current password is wrong.' },
  tooLong: { status: 400, meaning: 'The value is too long.' },
  outOfRange: { status: 400, meaning: 'The number is outside the allowed range.' },
  invalid: { status: 400, meaning: 'The value is not of the expected kind.' },
  unknown: { status: 400, meaning: 'The value names nothing we offer (an unknown or switched-off brand, say).' },
  otherBrand: { status: 400, meaning: 'The dish is of another brand’s restaurant than the brand modifier group.' },
  currencyMismatch: {
    status: 400,
    meaning: 'The dish is sold in another currency than the one the brand modifier group’s prices are in.',
  },

  // The HTTP edge.
  Forbidden: { status: 403, meaning: 'The request was refused (sent from another site, or not allowed).' },
  notFound: { status: 404, meaning: 'No such thing.' },
  payloadTooLarge: { status: 413, meaning: 'The request body is too large.' },
  tooManyRequests: { status: 429, meaning: 'Too many attempts; wait before trying again (Retry-After).' },
  invalidSignature: { status: 401, meaning: 'A payment notification whose signature does not verify.' },
  paymentUnconfirmed: {
    status: 503,
    meaning: 'The provider has not confirmed the payment yet (Przelewy24 verify); the provider notifies again.',
  },
  serverBusy: {
    status: 503,
    meaning: 'The server follows as many live screens as it takes (SSE_STREAMS_TOTAL); the screen reconnects later.',
  },
  databaseUnavailable: {
    status: 503,
    meaning:
      'The database cannot do it now (a restart, a failover to a read-only replica, a full disk, a deadlock); the same request may be sent again after Retry-After.',
  },
  internalError: { status: 500, meaning: 'Something failed on our side.' },
} as const satisfies Record<string, { status: ErrorStatus; meaning: string }>;

/** The statuses an error may answer; listed so that the HTTP layer can hand them on without a cast. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;

export type ErrorKey = keyof typeof errorCatalogue;

export const ERROR_KEYS = Object.keys(errorCatalogue) as ErrorKey[];

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

export function errorStatus(key: ErrorKey): ErrorStatus {
  return errorCatalogue[key].status;
}
