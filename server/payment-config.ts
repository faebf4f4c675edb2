import { COUNTRIES, type Country } from './domain/money.ts';
import { strongSecret, weakSecretRule } from './secret-strength.ts';
import type {
  OnlineMethod,
  PaymentConfig,
  PayuConfig,
  ProviderName,
  Przelewy24Config,
} from './services/payments/provider.ts';

/*
 * Which payment provider takes which method in which country, and each provider's credentials (PaymentConfig,
 * provider.ts): read from the environment once at boot (env.ts), so a production server with a method routed to an
 * unconfigured provider never starts. Pure: no I/O, safe to load before the application.
 */

/** The names `names` lists, which must be every member of `T` and nothing else, or the call fails to compile. */
const everyOf = <T extends string>(names: Record<T, true>): string[] => Object.keys(names);

// The values of provider.ts's types, checked against them: a name missing here or extra fails to compile.
const PROVIDER_NAMES = everyOf<ProviderName>({ sandbox: true, payu: true, przelewy24: true });
const ONLINE_METHODS = everyOf<OnlineMethod>({ blik: true, googlePay: true, fastTransfer: true });

export const PAYMENT_ENV_KEYS = [
  'PAYMENTS',
  'PAYMENT_ROUTES',
  'PAYU_POS_ID',
  'PAYU_CLIENT_ID',
  'PAYU_CLIENT_SECRET',
  'PAYU_SECOND_KEY',
  'PAYU_BASE_URL',
  'P24_MERCHANT_ID',
  'P24_POS_ID',
  'P24_API_KEY',
  'P24_CRC',
  'P24_BASE_URL',
  'P24_GOOGLE_PAY_METHOD_ID',
  'GOOGLE_PAY_ENVIRONMENT',
  'GOOGLE_PAY_MERCHANT_ID',
] as const;

// The providers' own test environments: a configuration without a base URL never reaches real money by accident.
const PAYU_SANDBOX_URL = 'https://secure.snd.payu.com';
const P24_SANDBOX_URL = 'https://sandbox.przelewy24.pl';

/** What production needs said of each real provider: its address (live, not its default sandbox) and keys. */
const LIVE_SETTINGS = {
  payu: { url: 'PAYU_BASE_URL', live: 'https://secure.payu.com', keys: ['PAYU_CLIENT_SECRET', 'PAYU_SECOND_KEY'] },
  przelewy24: { url: 'P24_BASE_URL', live: 'https://secure.przelewy24.pl', keys: ['P24_API_KEY', 'P24_CRC'] },
} as const;

const bad = (message: string): never => {
  throw new Error(`Invalid configuration: ${message}`);
};

function parseRoutes(text: string): PaymentConfig['routes'] {
  const routes: PaymentConfig['routes'] = {};
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([a-z]{2})\.([A-Za-z]+)=([a-z0-9]+)$/.exec(entry);
    if (!match) return bad(`PAYMENT_ROUTES entry "${entry}" is not country.method=provider`);
    // The three groups are not optional: a match has all of them.
    const [, country = '', method = '', provider = ''] = match;
    if (!(COUNTRIES as readonly string[]).includes(country)) bad(`PAYMENT_ROUTES: unknown country "${country}"`);
    if (!ONLINE_METHODS.includes(method))
      bad(`PAYMENT_ROUTES: "${method}" is not an online method (${ONLINE_METHODS.join(', ')})`);
    if (!PROVIDER_NAMES.includes(provider))
      bad(`PAYMENT_ROUTES: unknown provider "${provider}" (${PROVIDER_NAMES.join(', ')})`);
    (routes[country as Country] ??= {})[method as OnlineMethod] = provider as ProviderName;
  }
  return routes;
}

/**
 * PAYMENTS=sandbox or configured. Unset: configured when PAYMENT_ROUTES is given or in production (which then
 * needs real providers), the sandbox otherwise (npm start, tests).
 */
export function parsePaymentConfig(
  source: Partial<Record<(typeof PAYMENT_ENV_KEYS)[number], string>>,
  nodeEnv: 'development' | 'production' | 'test',
): PaymentConfig {
  const mode = source.PAYMENTS ?? (source.PAYMENT_ROUTES || nodeEnv === 'production' ? 'configured' : 'sandbox');
  if (mode !== 'sandbox' && mode !== 'configured') return bad('PAYMENTS must be sandbox or configured');

  const payuKeys = ['PAYU_POS_ID', 'PAYU_CLIENT_ID', 'PAYU_CLIENT_SECRET', 'PAYU_SECOND_KEY'] as const;
  const p24Keys = ['P24_MERCHANT_ID', 'P24_POS_ID', 'P24_API_KEY', 'P24_CRC'] as const;
  const partial = (keys: readonly string[], name: string) => {
    const missing = keys.filter((k) => !source[k as keyof typeof source]);
    if (missing.length > 0 && missing.length < keys.length) bad(`${name} needs ${missing.join(', ')} as well`);
    return missing.length === 0;
  };
  // A key partial() has found set.
  const given = (key: keyof typeof source): string => source[key] || bad(`${key} is not set`);
  const payu: PayuConfig | null = partial(payuKeys, 'PayU')
    ? {
        posId: given('PAYU_POS_ID'),
        clientId: given('PAYU_CLIENT_ID'),
        clientSecret: given('PAYU_CLIENT_SECRET'),
        secondKey: given('PAYU_SECOND_KEY'),
        baseUrl: (source.PAYU_BASE_URL ?? PAYU_SANDBOX_URL).replace(/\/+$/, ''),
      }
    : null;
  if (source.P24_MERCHANT_ID && !/^\d+$/.test(source.P24_MERCHANT_ID)) bad('P24_MERCHANT_ID must be a number');
  if (source.P24_POS_ID && !/^\d+$/.test(source.P24_POS_ID)) bad('P24_POS_ID must be a number');
  if (source.P24_GOOGLE_PAY_METHOD_ID && !/^\d+$/.test(source.P24_GOOGLE_PAY_METHOD_ID))
    bad('P24_GOOGLE_PAY_METHOD_ID must be a number');
  const przelewy24: Przelewy24Config | null = partial(p24Keys, 'Przelewy24')
    ? {
        merchantId: Number(source.P24_MERCHANT_ID),
        posId: Number(source.P24_POS_ID),
        apiKey: given('P24_API_KEY'),
        crc: given('P24_CRC'),
        baseUrl: (source.P24_BASE_URL ?? P24_SANDBOX_URL).replace(/\/+$/, ''),
        googlePayMethodId: source.P24_GOOGLE_PAY_METHOD_ID ? Number(source.P24_GOOGLE_PAY_METHOD_ID) : null,
      }
    : null;

  const routes = mode === 'configured' ? parseRoutes(source.PAYMENT_ROUTES ?? '') : {};
  if (mode === 'configured') {
    const used = Object.values(routes).flatMap((byMethod) => Object.entries(byMethod ?? {}));
    if (used.length === 0)
      bad(
        'no payment provider is configured: set PAYMENT_ROUTES with PayU (PAYU_*) or Przelewy24 (P24_*) credentials, or PAYMENTS=sandbox for a demo without real money',
      );
    for (const [method, provider] of used) {
      if (provider === 'sandbox' && nodeEnv === 'production')
        bad(`PAYMENT_ROUTES sends ${method} to the sandbox; in production only with PAYMENTS=sandbox`);
      if (provider === 'payu' && !payu) bad(`PAYMENT_ROUTES sends ${method} to PayU, but PAYU_* are not set`);
      if (provider === 'przelewy24' && !przelewy24)
        bad(`PAYMENT_ROUTES sends ${method} to Przelewy24, but P24_* are not set`);
      // Przelewy24 charges a Google Pay token as its own payment method, whose id its panel shows per merchant.
      if (provider === 'przelewy24' && method === 'googlePay' && !przelewy24?.googlePayMethodId)
        bad('PAYMENT_ROUTES sends googlePay to Przelewy24, but P24_GOOGLE_PAY_METHOD_ID is not set');
    }
    if (nodeEnv === 'production') {
      // Production takes real money: the provider's address is said, not defaulted to its sandbox, and over TLS; its
      // keys are real ones, not placeholders.
      for (const provider of new Set(used.map(([, name]) => name))) {
        if (provider === 'sandbox') continue;
        const { url, live, keys } = LIVE_SETTINGS[provider as 'payu' | 'przelewy24'];
        if (!source[url]) bad(`${url} must be set in production (${live} for live payments; unset is the sandbox)`);
        if (!source[url]?.startsWith('https://')) bad(`${url} must be an https:// address in production`);
        const weak = keys.filter((key) => !strongSecret(source[key] ?? ''));
        if (weak.length > 0) bad(`${weak.join(', ')} too weak for production (${weakSecretRule})`);
      }
    }
  }

  const environment = source.GOOGLE_PAY_ENVIRONMENT ?? 'TEST';
  if (environment !== 'TEST' && environment !== 'PRODUCTION')
    return bad('GOOGLE_PAY_ENVIRONMENT must be TEST or PRODUCTION');
  // Google issues a merchant id only for live traffic; TEST needs none.
  if (environment === 'PRODUCTION' && !source.GOOGLE_PAY_MERCHANT_ID)
    bad('GOOGLE_PAY_ENVIRONMENT=PRODUCTION needs GOOGLE_PAY_MERCHANT_ID');
  return {
    mode,
    routes,
    payu,
    przelewy24,
    googlePay: { environment, merchantId: source.GOOGLE_PAY_MERCHANT_ID ?? null },
  };
}
