import type { PaymentMethod } from '#domain/country.ts';
import type { Currency } from '#domain/money.ts';
import type { OnlineMethod, ProviderName } from '#server/payment-config.ts';

export type { OnlineMethod, ProviderName } from '#server/payment-config.ts';

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

/** A provider that did not answer in time or answered 5xx, after the retries an idempotent call is allowed. */
export class ProviderUnavailableError extends Error {
  constructor(provider: string, operation: string, cause: string) {
    super(`${provider} ${operation}: ${cause}`);
    this.name = 'ProviderUnavailableError';
  }
}
