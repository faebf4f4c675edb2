import { type } from 'arktype';
import type { Env } from './context.ts';
import { PAYMENT_ENV_KEYS, parsePaymentConfig } from './payment-config.ts';
import { loadDevSecrets, randomSecrets, SECRET_KEYS, type SecretKey } from './dev-secrets.ts';
import { strongSecret, weakSecretRule } from './secret-strength.ts';

const envSchema = type({
  'NODE_ENV?': "'development' | 'production' | 'test'",
  'PORT?': /^\d{1,5}$/,
  'HOST?': 'string > 0',
  'DATABASE_URL?': /^postgres(ql)?:\/\/.+/,
  'DATA_DIR?': 'string > 0',
  /** 1: production on PGlite in DATA_DIR, one process on one machine, said on purpose (production wants PostgreSQL). */
  'PGLITE_IN_PRODUCTION?': "'0' | '1'",
  /** 1: start in production although demo logins open with the README's passwords (the benchmarks' throwaway data). */
  'DEMO_LOGINS_IN_PRODUCTION?': "'0' | '1'",
  /** Comma-separated hosts that serve the shop and admin. */
  'SHOP_HOSTS?': 'string > 0',
  'SURVEY_HOST?': 'string > 0',
  /** The third-party form embedded by the survey page. */
  'SURVEY_FORM_URL?': 'string > 0',
  'PUBLIC_BASE_URL?': 'string.url',
  'SMTP_URL?': /^smtps?:\/\/.+/,
  'MAIL_FROM?': 'string.email',
  /** How often the outbox is sent, in milliseconds (10 s by default). */
  'OUTBOX_INTERVAL_MS?': /^\d{2,7}$/,
  /** HMAC-SHA256 key shared with the payment provider (notification signatures); required in production. */
  'PAYMENT_WEBHOOK_SECRET?': 'string >= 16',
  /** Key of the order links guests follow (summary page, confirmation e-mail); required in production. */
  'ORDER_TOKEN_SECRET?': 'string >= 16',
  /** Key of the sandbox bank page's links; required in production. */
  'SANDBOX_BANK_SECRET?': 'string >= 16',
  'LOG_REQUESTS?': "'0' | '1'",
  /** How much the logger writes (server/observability/log.ts reads it at load; checked here). */
  'LOG_LEVEL?': "'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'",
  /** json (production's default) or pretty (a readable line, everywhere else's default). */
  'LOG_FORMAT?': "'json' | 'pretty'",
  /** 0: no Prometheus metrics at all (/metrics is not there); for the benchmark's comparison. */
  'METRICS?': "'0' | '1'",
  /** Comma-separated client addresses that may read /metrics (default: this machine, 127.0.0.1 and ::1). */
  'METRICS_ALLOW?': 'string',
  /** A bearer token that may read /metrics from any address. */
  'METRICS_TOKEN?': 'string >= 16',
  /** 1: seed the demo restaurants, logins and codes into an empty database (`npm start` sets it); never in production. */
  'SEED_DEMO?': "'0' | '1'",
  'DIST_DIR?': 'string > 0',
  /** Server processes sharing the port (node:cluster); PostgreSQL only, as PGlite's folder has one owner. */
  'WEB_CONCURRENCY?': /^\d{1,3}$/,
  // Payment providers (README "Payment providers"); parsed and cross-checked in payment-config.ts.
  'PAYMENTS?': "'sandbox' | 'configured'",
  'PAYMENT_ROUTES?': 'string > 0',
  'PAYU_POS_ID?': /^\d+$/,
  'PAYU_CLIENT_ID?': 'string > 0',
  'PAYU_CLIENT_SECRET?': 'string > 0',
  'PAYU_SECOND_KEY?': 'string > 0',
  'PAYU_BASE_URL?': 'string.url',
  'P24_MERCHANT_ID?': /^\d+$/,
  'P24_POS_ID?': /^\d+$/,
  'P24_API_KEY?': 'string > 0',
  'P24_CRC?': 'string > 0',
  'P24_BASE_URL?': 'string.url',
  'P24_GOOGLE_PAY_METHOD_ID?': /^\d+$/,
  'GOOGLE_PAY_ENVIRONMENT?': "'TEST' | 'PRODUCTION'",
  'GOOGLE_PAY_MERCHANT_ID?': 'string > 0',
  /** Proxies in front of the server whose X-Forwarded-For entries are believed (rate-limit keys); 0 trusts none. */
  'TRUST_PROXY?': /^\d{1,2}$/,
  /** Who reads /api/openapi.json and /api/docs: public (default outside production), admin (production's), off. */
  'API_DOCS?': "'public' | 'admin' | 'off'",
  /**
   * The map tiles behind the admin's delivery zone editor, a Leaflet URL template (https://{s}.tile.example/{z}/{x}/{y}.png).
   * Unset: a plain background with a grid, so zones are drawn offline too (decision 061).
   */
  'MAP_TILE_URL?': /^https:\/\/[^\s/?#]+\/\S*\{z\}\S*$/,
  /** The tiles' attribution, shown in the map's corner as their licence asks. */
  'MAP_TILE_ATTRIBUTION?': 'string <= 300',
  /** Where photos are kept (decision 062): folder (DATA_DIR/media, the default) or s3 (the MEDIA_S3_* bucket). */
  'MEDIA_STORAGE?': "'folder' | 's3'",
  /** The S3-compatible service's address, path-style requests (https://s3.eu-central-1.amazonaws.com, a MinIO's). */
  'MEDIA_S3_ENDPOINT?': /^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*)?$/,
  'MEDIA_S3_BUCKET?': /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
  /** The bucket's region (us-east-1 by default; R2 takes auto). */
  'MEDIA_S3_REGION?': /^[a-z0-9-]{2,32}$/,
  'MEDIA_S3_ACCESS_KEY_ID?': 'string > 0',
  'MEDIA_S3_SECRET_ACCESS_KEY?': 'string > 0',
  /** Live screens (SSE streams) one client address may hold open per server process (default 32). */
  'SSE_STREAMS_PER_CLIENT?': /^[1-9]\d{0,4}$/,
  /** Live screens all clients together may hold open per server process (default 2000). */
  'SSE_STREAMS_TOTAL?': /^[1-9]\d{0,5}$/,
});

/** Parses the environment once at boot; every bad key is listed in one message. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const known = new Set<string>(envSchema.props.map((prop) => prop.key));
  const relevant = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => known.has(key) && value !== undefined && value !== ''),
  );
  const result = envSchema(relevant);
  if (result instanceof type.errors) {
    throw new Error(`Invalid configuration: ${result.map((e) => `${e.path.join('.')} ${e.problem}`).join('; ')}`);
  }
  const nodeEnv = result.NODE_ENV ?? 'development';
  const port = Number(result.PORT ?? 3000);
  if (port < 1 || port > 65535) throw new Error(`Invalid configuration: PORT must be 1-65535, got ${port}`);
  const webConcurrency = Number(result.WEB_CONCURRENCY ?? 1);
  if (webConcurrency < 1) throw new Error('Invalid configuration: WEB_CONCURRENCY must be at least 1');
  if (webConcurrency > 1 && !result.DATABASE_URL) {
    throw new Error('Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (PGlite allows one process)');
  }
  const payments = parsePaymentConfig(Object.fromEntries(PAYMENT_ENV_KEYS.map((key) => [key, result[key]])), nodeEnv);
  const seedDemo = result.SEED_DEMO === '1';
  if (seedDemo && nodeEnv === 'production') {
    throw new Error(
      'Invalid configuration: SEED_DEMO=1 is refused in production (demo logins have published passwords; create an admin with npm run admin:create)',
    );
  }
  // The webhook and bank-link secrets are the sandbox's own: PayU and Przelewy24 sign with their keys.
  const required = payments.mode === 'sandbox' ? SECRET_KEYS : (['ORDER_TOKEN_SECRET'] as const);
  const given = SECRET_KEYS.filter((key) => result[key]);
  if (nodeEnv === 'production') {
    const missing = required.filter((key) => !result[key]);
    if (missing.length > 0) throw new Error(`Invalid configuration: ${missing.join(', ')} must be set in production`);
    const weak = given.filter((key) => !strongSecret(result[key] ?? ''));
    if (weak.length > 0)
      throw new Error(`Invalid configuration: ${weak.join(', ')} too weak for production (${weakSecretRule})`);
    if (!result.DATABASE_URL && result.PGLITE_IN_PRODUCTION !== '1')
      throw new Error(
        'Invalid configuration: production needs DATABASE_URL (PostgreSQL); PGlite keeps everything in one folder of one machine, so it runs in production only with PGLITE_IN_PRODUCTION=1',
      );
  }
  // One key for several purposes is what separate secrets are meant to prevent.
  const shared = given.filter((key, i) => given.some((other, j) => j !== i && result[other] === result[key]));
  if (shared.length > 0) throw new Error(`Invalid configuration: ${shared.join(', ')} must differ from each other`);
  const dataDir = result.DATA_DIR ?? '.data';
  const mediaS3 = mediaBucket(result);
  // Production without the sandbox never uses the sandbox's secrets: random ones fill their places.
  const secrets =
    given.length === SECRET_KEYS.length
      ? result
      : { ...(nodeEnv === 'production' ? randomSecrets() : loadDevSecrets(dataDir)), ...result };
  // Every key is set by now: given, or filled by the random or development ones.
  const secret = (key: SecretKey): string => {
    const value = secrets[key];
    if (value === undefined) throw new Error(`Invalid configuration: ${key} is not set`);
    return value;
  };
  return {
    nodeEnv,
    port,
    host: result.HOST ?? '0.0.0.0',
    databaseUrl: result.DATABASE_URL,
    dataDir,
    shopHosts: (result.SHOP_HOSTS ?? 'localhost,127.0.0.1').split(',').map((h) => h.trim().toLowerCase()),
    surveyHost: (result.SURVEY_HOST ?? 'survey.localhost').toLowerCase(),
    surveyFormUrl: result.SURVEY_FORM_URL ?? '/survey-form/',
    publicBaseUrl: result.PUBLIC_BASE_URL ?? `http://localhost:${port}`,
    smtpUrl: result.SMTP_URL,
    mailFrom: result.MAIL_FROM ?? 'zamowienia@example.com',
    outboxIntervalMs: Number(result.OUTBOX_INTERVAL_MS ?? 10_000),
    paymentWebhookSecret: secret('PAYMENT_WEBHOOK_SECRET'),
    orderTokenSecret: secret('ORDER_TOKEN_SECRET'),
    sandboxBankSecret: secret('SANDBOX_BANK_SECRET'),
    seedDemo,
    logRequests: (result.LOG_REQUESTS ?? (nodeEnv === 'test' ? '0' : '1')) === '1',
    metrics: result.METRICS !== '0',
    metricsAllow: (result.METRICS_ALLOW ?? '127.0.0.1,::1')
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
    metricsToken: result.METRICS_TOKEN,
    distDir: result.DIST_DIR ?? 'dist',
    webConcurrency,
    payments,
    trustProxy: Number(result.TRUST_PROXY ?? 0),
    apiDocs: result.API_DOCS ?? (nodeEnv === 'production' ? 'admin' : 'public'),
    demoLoginsInProduction: result.DEMO_LOGINS_IN_PRODUCTION === '1',
    sseStreamsPerClient: Number(result.SSE_STREAMS_PER_CLIENT ?? 32),
    sseStreamsTotal: Number(result.SSE_STREAMS_TOTAL ?? 2000),
    mediaS3,
    mapTiles: result.MAP_TILE_URL ? { url: result.MAP_TILE_URL, attribution: result.MAP_TILE_ATTRIBUTION ?? '' } : null,
  };
}

/** The photo bucket MEDIA_STORAGE=s3 names, every setting it needs given; null for the folder. */
function mediaBucket(result: Partial<Record<string, string>>): Env['mediaS3'] {
  const needed = [
    'MEDIA_S3_ENDPOINT',
    'MEDIA_S3_BUCKET',
    'MEDIA_S3_ACCESS_KEY_ID',
    'MEDIA_S3_SECRET_ACCESS_KEY',
  ] as const;
  if (result['MEDIA_STORAGE'] !== 's3') {
    const stray = needed.filter((key) => result[key]);
    if (stray.length > 0) throw new Error(`Invalid configuration: ${stray.join(', ')} set without MEDIA_STORAGE=s3`);
    return null;
  }
  const [endpoint, bucket, accessKeyId, secretAccessKey] = needed.map((key) => result[key]);
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    const missing = needed.filter((key) => !result[key]);
    throw new Error(`Invalid configuration: MEDIA_STORAGE=s3 needs ${missing.join(', ')}`);
  }
  return { endpoint, bucket, region: result['MEDIA_S3_REGION'] ?? 'us-east-1', accessKeyId, secretAccessKey };
}
