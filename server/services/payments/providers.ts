import { auditLog } from '#db/schema/index.ts';
import type { Db } from '#db/client.ts';
import type { Env } from '#server/env.ts';
import { COUNTRIES, type Country } from '#domain/money.ts';
import type { PaymentMethod } from '#domain/country.ts';
import type { ProviderName } from '#server/payment-config.ts';
import { createPayuProvider } from './payu.ts';
import { DEFAULT_HTTP, type ProviderHttp, type RecordCall } from './provider-http.ts';
import type { GooglePayGateway, PaymentProvider } from './provider.ts';
import { createPrzelewy24Provider } from './przelewy24.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';

/** The payment providers of one configuration, built once at start and handed to services through AppDeps. */
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

/**
 * Provider calls and notifications go to audit_log on their own connection, outside any transaction, so a
 * rolled-back attempt is kept. Not awaited by the caller: a provider call runs inside the payment's transaction,
 * and on PGlite (one connection) a write waiting for it would wait forever.
 */
function auditRecorder(db: Db): { record: RecordCall; recorded: () => Promise<void> } {
  const pending = new Set<Promise<unknown>>();
  const record: RecordCall = (entry) => {
    const write = db
      .insert(auditLog)
      .values({
        action: `payment.${entry.operation}`,
        entity: 'payment',
        entityId: entry.paymentId ?? '-',
        data: entry,
      })
      .catch((error: Error) => {
        // The log must never decide a payment's fate.
        console.warn('payment call could not be recorded', error.message);
      })
      .finally(() => pending.delete(write));
    pending.add(write);
    return Promise.resolve();
  };
  return {
    record,
    recorded: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

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

export function createPaymentProviders(
  env: Env,
  options: { db: Db; http?: Partial<Omit<ProviderHttp, 'record'>> },
): PaymentProviders {
  const { record, recorded } = auditRecorder(options.db);
  const http: ProviderHttp = { ...DEFAULT_HTTP, ...options.http, record };
  const config = env.payments;
  const built = new Map<ProviderName, PaymentProvider>();
  let sandbox: SandboxProvider | null = null;
  if (
    config.mode === 'sandbox' ||
    Object.values(config.routes).some((r) => Object.values(r ?? {}).includes('sandbox'))
  ) {
    sandbox = createSandboxProvider({
      webhookSecret: env.paymentWebhookSecret,
      bankLinkSecret: env.sandboxBankSecret,
      publicBaseUrl: env.publicBaseUrl,
    });
    built.set('sandbox', sandbox);
  }
  if (config.mode === 'configured') {
    if (config.payu) built.set('payu', createPayuProvider(config.payu, http));
    if (config.przelewy24) built.set('przelewy24', createPrzelewy24Provider(config.przelewy24, http));
  }

  const forMethod = (country: Country, method: PaymentMethod): PaymentProvider | null => {
    if (config.mode === 'sandbox') return sandbox;
    const name = (config.routes[country] as Partial<Record<PaymentMethod, ProviderName>> | undefined)?.[method];
    const provider = name ? (built.get(name) ?? null) : null;
    return provider && (provider.methods as readonly string[]).includes(method) ? provider : null;
  };

  const googlePayFromGoogle = COUNTRIES.some((country) => {
    const provider = forMethod(country, 'googlePay');
    return provider !== null && provider.name !== 'sandbox' && provider.googlePay !== null;
  });

  return {
    forMethod,
    googlePayFromGoogle,
    byName: (name) => built.get(name as ProviderName) ?? null,
    all: [...built.values()],
    sandbox,
    googlePay(country) {
      const gateway = forMethod(country, 'googlePay')?.googlePay;
      if (!gateway) return null;
      return {
        ...gateway,
        ...config.googlePay,
        paymentMethodSpecification: {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: ['VISA', 'MASTERCARD'],
          },
          tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: gateway },
        },
      };
    },
    record,
    recorded,
  };
}
