import { sql } from 'drizzle-orm';
import { reusable } from '#db/reusable.ts';
import { auditLog } from '#db/schema/index.ts';
import type { Db } from '#db/client.ts';
import type { Env } from '#server/context.ts';
import { COUNTRIES, type Country } from '#domain/money.ts';
import type { PaymentMethod } from '#domain/country.ts';
import { createPayuProvider } from './providers/payu/index.ts';
import { DEFAULT_HTTP, type ProviderHttp } from './providers/http.ts';
import type { PaymentProvider, PaymentProviders, ProviderName, RecordCall, SandboxProvider } from './provider.ts';
import { createPrzelewy24Provider } from './providers/przelewy24/index.ts';
import { createSandboxProvider } from './providers/sandbox/index.ts';
import { errorOf, log } from '#server/observability/log.ts';

const recordCall = reusable((db) =>
  db.insert(auditLog).values({
    action: sql.placeholder('action'),
    entity: 'payment',
    entityId: sql.placeholder('entityId'),
    data: sql.placeholder('data'),
  }),
);

/**
 * Provider calls and notifications go to audit_log on their own connection, outside any transaction, so a
 * rolled-back attempt is kept. Not awaited by the caller: a provider call runs inside the payment's transaction,
 * and on PGlite (one connection) a write waiting for it would wait forever.
 */
function auditRecorder(db: Db): { record: RecordCall; recorded: () => Promise<void> } {
  const pending = new Set<Promise<unknown>>();
  const record: RecordCall = (entry) => {
    const write = recordCall(db, {
      action: `payment.${entry.operation}`,
      entityId: entry.paymentId ?? '-',
      data: entry,
    })
      .catch((error: Error) => {
        // The log must never decide a payment's fate.
        log.warn({ err: errorOf(error) }, 'payment call could not be recorded');
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
