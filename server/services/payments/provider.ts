import type { OnlineMethod, PaymentMethod } from '#domain/country.ts';
import type { Country, Currency } from '#domain/money.ts';

/*
 * The payment providers as services and the app see them: their interface, their configuration and the set of
 * them built once at start (AppDeps.payments). Types and one error only, importing nothing from server/ but the
 * domain, so that server/context.ts can name them and stay a leaf (server/layering.test.ts checks it). The
 * providers (`providers/<name>/`: `client.ts`, `notification.ts`, `refund.ts`, assembled by `index.ts`) and
 * createPaymentProviders (providers.ts) implement them.
 */

/** The providers this server can talk to; payment-config.ts checks PAYMENT_ROUTES against this list. */
export type ProviderName = 'sandbox' | 'payu' | 'przelewy24';

/** The payment methods a provider takes (the others are paid on delivery). */
export type { OnlineMethod };

export type PayuConfig = {
  posId: string;
  clientId: string;
  clientSecret: string;
  /** The "second key" (MD5 key) of the POS: notifications are signed with it. */
  secondKey: string;
  baseUrl: string;
};

export type Przelewy24Config = {
  merchantId: number;
  posId: number;
  /** The "klucz do raportów": HTTP Basic password of the REST API. */
  apiKey: string;
  /** The CRC key every `sign` is computed with. */
  crc: string;
  baseUrl: string;
  /**
   * The id of the Google Pay method in this merchant's Przelewy24 panel (`method` of transaction/register);
   * null when Google Pay is not taken through Przelewy24.
   */
  googlePayMethodId: number | null;
};

/**
 * Which payment provider takes which method in which country, and each provider's credentials (Env.payments),
 * parsed from the environment by payment-config.ts.
 */
export type PaymentConfig = {
  /** sandbox: the built-in sandbox takes every online method; configured: PAYMENT_ROUTES decides. */
  mode: 'sandbox' | 'configured';
  routes: Partial<Record<Country, Partial<Record<OnlineMethod, ProviderName>>>>;
  payu: PayuConfig | null;
  przelewy24: Przelewy24Config | null;
  googlePay: { environment: 'TEST' | 'PRODUCTION'; merchantId: string | null };
};

/** What the provider needs to know about the order being paid. */
export type PaymentOrder = {
  /** Our payment id: the provider's merchant reference (PayU extOrderId, Przelewy24 sessionId). */
  paymentId: string;
  orderId: string;
  amount: number;
  currency: Currency;
  description: string;
  /** Where a redirect-based payment sends the customer back to. */
  returnUrl: string;
  /** Our webhook for this provider. */
  notifyUrl: string;
  buyer: { email: string; firstName: string; lastName: string; phone: string; language: 'pl' | 'en' | 'uk' };
  /** The order's lines in minor units; their sum with fees is `amount`. */
  products: { name: string; unitPrice: number; quantity: number }[];
};

export type PaymentDetails = {
  blikCode?: string | undefined;
  googlePayToken?: string | undefined;
  /** The customer's address as the server saw it; PayU asks for it. */
  customerIp?: string | undefined;
};

export type CreatedPayment = {
  status: 'pending' | 'paid' | 'failed';
  externalId: string;
  redirectUrl?: string;
};

export type RefundResult = { externalId: string; status: 'pending' | 'succeeded' | 'failed' };

/** A payment as we stored it, for the calls that follow its creation. */
export type StoredPayment = { id: string; externalId: string | null; amount: number; currency: string };

/** What the provider says became of a payment when asked (the poll for a notification that never came). */
export type PaymentState = 'pending' | 'paid' | 'failed' | 'canceled';

/**
 * The notification every provider adapter turns its own format into. `id` identifies the notification (a replay
 * carries the same id); `paymentId` is our merchant reference.
 */
export type PaymentNotification = {
  id: string;
  paymentId: string;
  externalId: string;
  status: 'paid' | 'failed' | 'canceled';
  amount: number;
  currency: string;
};

export type ReceivedNotification =
  | { kind: 'invalidSignature' }
  /** Signed, but not a notification we know. */
  | { kind: 'malformed' }
  /** A genuine notification that changes nothing here (PayU's PENDING, a refund's progress). */
  | { kind: 'ignored' }
  | { kind: 'notification'; notification: PaymentNotification };

/** What the Google Pay button's PaymentDataRequest needs from the provider that charges the token. */
export type GooglePayGateway = { gateway: string; gatewayMerchantId: string };

/** design.md "Money-moving parts": every provider, the sandbox included, is one of these. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** The online methods this provider can take. */
  readonly methods: readonly OnlineMethod[];
  readonly googlePay: GooglePayGateway | null;
  /**
   * Whether the id a payment's creation stores is the provider's order id that its notifications name (the sandbox,
   * PayU), so a notification naming another one is refused. Przelewy24 stores its registration token and names its
   * own order id only in notifications.
   */
  readonly notificationsNameStoredId: boolean;
  createPayment(order: PaymentOrder, method: PaymentMethod, details: PaymentDetails): Promise<CreatedPayment>;
  /** Checks the signature over exactly `rawBody` and turns the provider's format into ours. */
  receiveNotification(rawBody: string, headers: Headers): ReceivedNotification;
  /**
   * Before a `paid` notification counts: Przelewy24 settles a transaction only once the merchant verifies it.
   * False when the provider does not confirm it (the provider will notify again).
   */
  confirmPaid?(notification: PaymentNotification): Promise<boolean>;
  /** Asks the provider about a payment whose notification has not come. */
  fetchState(payment: StoredPayment): Promise<PaymentState>;
  /** `refundId` is ours and stable, so a retried refund is one refund. */
  refund(payment: StoredPayment, amount: number, refundId: string): Promise<RefundResult>;
}

/** How a provider's notification reaches our webhook: through the app itself (tests, the sandbox) or over HTTP. */
export type NotificationDelivery = (request: Request) => Promise<Response>;

/**
 * One provider call or notification as support sees it: our request id, the HTTP status, the outcome and the
 * amounts. Never card data, tokens or Blik codes: adapters pass only these fields.
 */
export type ProviderCallRecord = {
  provider: ProviderName;
  operation: string;
  paymentId: string | null;
  requestId: string;
  httpStatus: number | null;
  outcome: string;
  amount?: number | undefined;
  currency?: string | undefined;
  attempt: number;
  durationMs: number;
};

export type RecordCall = (record: ProviderCallRecord) => Promise<void>;

export type DeliveredNotification = { notification: PaymentNotification; status: number };

/** The built-in sandbox provider (providers/sandbox/, whose index.ts describes its test inputs), with what its bank page and tests use. */
export type SandboxProvider = PaymentProvider & {
  /** Sends a signed notification to our webhook and waits for its answer (the bank page's Pay / Cancel). */
  notify(notification: Omit<PaymentNotification, 'id'>): Promise<DeliveredNotification>;
  /** Resolves when every notification sent so far has been answered: tests await this instead of sleeping. */
  settled(): Promise<void>;
  /** The latest notifications sent (up to 200) and the webhook's status codes, oldest first. */
  readonly delivered: DeliveredNotification[];
  /** The customer's return address carried by a bank-page link, when its signature holds. */
  verifiedReturnUrl(paymentId: string, returnUrl: string | undefined, signature: string | undefined): string | null;
  /** Where notifications go; createApp points it at the app itself, so they take the webhook's own path. */
  deliverThrough(deliver: NotificationDelivery): void;
};

/**
 * Google Pay for the checkout page: the environment, Google's merchant id (PRODUCTION only) and the CARD entry of
 * `PaymentDataRequest.allowedPaymentMethods`, tokenized for the provider that charges the token. Networks and
 * auth methods are the spec's card configuration for Poland.
 */
export type GooglePayConfig = GooglePayGateway & {
  environment: 'TEST' | 'PRODUCTION';
  merchantId: string | null;
  paymentMethodSpecification: {
    type: 'CARD';
    parameters: { allowedAuthMethods: string[]; allowedCardNetworks: string[] };
    tokenizationSpecification: {
      type: 'PAYMENT_GATEWAY';
      parameters: { gateway: string; gatewayMerchantId: string };
    };
  };
};

/** The payment providers of one configuration, built once at start (createPaymentProviders) and handed to services through AppDeps. */
export type PaymentProviders = {
  /** Who takes `method` in `country`; null when nobody does (the method is then unavailable there). */
  forMethod(country: Country, method: PaymentMethod): PaymentProvider | null;
  /** A payment's provider by the name stored with it; null when this configuration no longer has it. */
  byName(name: string): PaymentProvider | null;
  all: PaymentProvider[];
  /** The sandbox, for its bank page and for tests that await its notifications; null with real providers. */
  sandbox: SandboxProvider | null;
  /** What the checkout page's Google Pay button needs for this country, or null without Google Pay there. */
  googlePay(country: Country): GooglePayConfig | null;
  /**
   * Whether a real provider takes Google Pay in some country, so that the checkout loads Google's pay.js and
   * its button (the content security policy must then allow Google's origins); false with the sandbox's sheet.
   */
  googlePayFromGoogle: boolean;
  /** Records a provider call or notification for support (audit_log, entity payment). */
  record: RecordCall;
  /** Resolves once every record started so far is written (tests; shutdown). */
  recorded(): Promise<void>;
};

/** A provider that did not answer in time or answered 5xx, after the retries an idempotent call is allowed. */
export class ProviderUnavailableError extends Error {
  constructor(provider: string, operation: string, cause: string) {
    super(`${provider} ${operation}: ${cause}`);
    this.name = 'ProviderUnavailableError';
  }
}
