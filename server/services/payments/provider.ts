import type { Env } from '#server/env.ts';
import type { PaymentMethod } from '#server/domain/country.ts';
import type { Currency } from '#server/domain/money.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';

/** What the provider needs to know about the order being paid. */
export type PaymentOrder = {
  /** Our payment id: the provider's merchant reference, echoed back in every notification. */
  paymentId: string;
  orderId: string;
  amount: number;
  currency: Currency;
  description: string;
  /** Where a redirect-based payment sends the customer back to. */
  returnUrl: string;
};

export type PaymentDetails = { blikCode?: string | undefined; googlePayToken?: string | undefined };

export type CreatedPayment = {
  status: 'pending' | 'paid' | 'failed';
  externalId: string;
  redirectUrl?: string;
};

export type RefundResult = { externalId: string; status: 'pending' | 'succeeded' | 'failed' };

/**
 * The notification every provider adapter turns its own format into. `id` is the provider's notification id
 * (a replay carries the same id); `paymentId` is our merchant reference.
 */
export type PaymentNotification = {
  id: string;
  paymentId: string;
  externalId: string;
  status: 'paid' | 'failed' | 'canceled';
  amount: number;
  currency: string;
};

/** design.md "Money-moving parts": production adapters plug in behind this same interface. */
export interface PaymentProvider {
  readonly name: string;
  createPayment(order: PaymentOrder, method: PaymentMethod, details: PaymentDetails): Promise<CreatedPayment>;
  /** True only when `signatureHeader` is the provider's signature of exactly `rawBody`. */
  verifyNotification(rawBody: string, signatureHeader: string | undefined): boolean;
  /**
   * Parses a verified notification body, sent as `contentType` (providers post JSON or form-encoded bodies);
   * null when it is not a notification this provider sends.
   */
  parseNotification(rawBody: string, contentType?: string): PaymentNotification | null;
  refund(
    payment: { id: string; externalId: string | null; amount: number; currency: string },
    amount: number,
  ): Promise<RefundResult>;
}

/** How a provider's notification reaches our webhook: through the app itself (tests) or over HTTP. */
export type NotificationDelivery = (request: Request) => Promise<Response>;

type Registered = { provider: PaymentProvider; sandbox: SandboxProvider | null };
const providers = new WeakMap<Env, Registered>();
const deliveries = new WeakMap<Env, NotificationDelivery>();

/**
 * Sends notifications through `deliver` (createApp registers the app's own fetch, so they take the same
 * path as the provider's would: signature check, replay check, the webhook's handler).
 */
export function setNotificationDelivery(env: Env, deliver: NotificationDelivery): void {
  deliveries.set(env, deliver);
}

function registered(env: Env): Registered {
  let found = providers.get(env);
  if (!found) {
    const sandbox = createSandboxProvider({
      webhookSecret: env.paymentWebhookSecret,
      bankLinkSecret: env.sandboxBankSecret,
      publicBaseUrl: env.publicBaseUrl,
      deliver: (request) => (deliveries.get(env) ?? fetch)(request),
    });
    found = { provider: sandbox, sandbox };
    providers.set(env, found);
  }
  return found;
}

/** The payment provider of this configuration; the built-in sandbox until a production adapter is configured. */
export function paymentProvider(env: Env): PaymentProvider {
  return registered(env).provider;
}

/** The sandbox, for its bank page and for tests that await its notifications; null with a real provider. */
export function sandboxProvider(env: Env): SandboxProvider | null {
  return registered(env).sandbox;
}
