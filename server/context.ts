import type { Db } from '#db/client.ts';
import type { Tenant } from '#tenants/schema.ts';
import type { UserRole } from '#domain/roles.ts';
import type { StaffScope } from '#domain/staff-access.ts';
import type { PaymentConfig, PaymentProviders } from './services/payments/provider.ts';

/*
 * The types every route, middleware, service and worker runs with, in a module of their own: the deps, the
 * configuration, the session's user and the actor. It is a leaf: it imports types only, and from server/ only the
 * pure domain and the payment providers' interface (services/payments/provider.ts), which imports nothing from
 * server/ but the domain either. So nothing that app.ts mounts has to import app.ts back, and a service reaches its
 * context without reaching other services (server/layering.test.ts checks it). The values are built elsewhere: the
 * configuration by parseEnv (env.ts), the session's user by validateSession (services/auth/sessions.ts), the actor
 * at the edge with the helpers of services/actor.ts.
 */

/** The configuration, parsed from the environment once at boot (parseEnv, env.ts). */
export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  shopHosts: string[];
  surveyHost: string;
  surveyFormUrl: string;
  publicBaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxIntervalMs: number;
  paymentWebhookSecret: string;
  orderTokenSecret: string;
  sandboxBankSecret: string;
  logRequests: boolean;
  /** Whether Prometheus metrics are collected and served (METRICS, on by default). */
  metrics: boolean;
  /** Client addresses that may read /metrics (METRICS_ALLOW), and the bearer token that may from anywhere (METRICS_TOKEN). */
  metricsAllow: string[];
  metricsToken: string | undefined;
  seedDemo: boolean;
  distDir: string;
  webConcurrency: number;
  payments: PaymentConfig;
  trustProxy: number;
  /** Who reads /api/openapi.json and /api/docs: everyone, admins only (production's default), or nobody. */
  apiDocs: 'public' | 'admin' | 'off';
  /** Production may start with demo logins that open with the README's passwords (benchmarks only). */
  demoLoginsInProduction: boolean;
  /** Live streams (SSE) one client address may hold open, and all clients together, per server process. */
  sseStreamsPerClient: number;
  sseStreamsTotal: number;
  /** The zone editor's map tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION); null: a plain background, offline. */
  mapTiles?: { url: string; attribution: string } | null;
  /** The bucket photos are kept in (MEDIA_STORAGE=s3 and its MEDIA_S3_* settings); null: the folder DATA_DIR/media. */
  mediaS3?: S3Settings | null;
};

/** An S3-compatible bucket's settings (decision 062). */
export type S3Settings = {
  /** The service's address (https://s3.eu-central-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, a MinIO). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * Where pictures are kept (decision 062; services/media/storage.ts has the folder and the bucket): a key
 * (`dish/<id>-<width>.avif`) to its bytes. A key's bytes never change once written (names are content hashes), so an
 * adapter needs no versions, locks or listing.
 */
export interface MediaStorage {
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Whether `key` holds bytes, without reading them. */
  has(key: string): Promise<boolean>;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A signed-in user as the session carries them (validateSession, services/auth/sessions.ts). */
export type SessionUser = {
  id: string;
  email: string;
  role: UserRole;
  firstname: string;
  lastname: string;
  phone: string | null;
};

/** A bot channel key, as the edge authenticated it (server/services/bot/authenticate.ts). */
export type BotKeyRef = { id: number; name: string };

/**
 * Who a service acts for, decided at the edge and never read from the input: a guest, a signed-in user acting
 * for themselves (whatever their role), staff acting for a customer (the call centre), whose orders are not
 * their own: they belong to the customer's account when the caller has one (`customerUserId`), to no account
 * otherwise, and name the staff member as their creator; or a bot calling with its API key, for a customer who has
 * no account with us; or the system itself (the sweeper's timeouts, a payment provider's notification), which is
 * nobody's session. Its constants and helpers are in services/actor.ts.
 */
export type Actor =
  | { kind: 'guest' }
  | { kind: 'customer'; user: SessionUser }
  | { kind: 'staff'; user: SessionUser; customerUserId: string | null }
  | { kind: 'bot'; key: BotKeyRef }
  | { kind: 'system' };

/** What the app is built with (createApp), once per process: the services' dependencies. */
export type AppDeps = {
  db: Db;
  env: Env;
  tenants: Tenant[];
  /** The clock, injectable so that opening hours and timeouts can be tested at any moment. */
  now: () => Date;
  /** Built once from env (createPaymentProviders); which provider takes which method in which country. */
  payments: PaymentProviders;
  /** Where photos are kept (built from env by createApp when the caller has not). */
  media: MediaStorage;
  /**
   * Aborted when the process begins to drain (SIGTERM, server/main.ts): /readyz fails and live streams end, so
   * their clients reconnect through the proxy to another server. Absent where nothing stops the app (tests).
   */
  stopping?: AbortSignal;
};

/** AppDeps without the payment providers: createApp builds them from env when the caller has not. */
export type AppDepsInput = Omit<AppDeps, 'payments' | 'media'> & { payments?: PaymentProviders; media?: MediaStorage };

/** Which of the three kinds of host a request names (design.md: one process, three kinds of host; server/hosts.ts). */
export type HostKind = { kind: 'shop' } | { kind: 'survey' } | { kind: 'tenant'; tenant: Tenant } | { kind: 'unknown' };

/** Hono's environment of every route and middleware: the deps, and the session's user when there is one. */
export type AppEnv = {
  /** `host`: which kind of host the request names, from its Host header (server/hosts.ts). */
  Variables: {
    deps: AppDeps;
    host: HostKind;
    user: SessionUser | null;
    sessionId: string | null;
    /** Set by the /api/admin guard (middleware/staff.ts): what the signed-in staff member may act on. */
    staffScope: StaffScope;
    /** The request's id (X-Request-Id, kept or made by the request middleware, server/request-log.ts). */
    requestId: string;
  };
};

/**
 * A service's context (decision 015), the one every verb takes: the clock and the actor always (the actor decided
 * at the edge, never read from the input), and the dependencies the verb names from AppDeps. `ServiceCtx<'db'>` is
 * a verb that reads or writes the database at a moment for someone; a reader that acts for nobody takes
 * `Pick<ServiceCtx<'db'>, 'db' | 'now'>`. `withTransaction(ctx, work)` (db/transaction.ts) hands the same context on
 * with a transaction as its `db`, joining the caller's when there is one.
 */
export type ServiceCtx<K extends keyof AppDeps = keyof AppDeps> = Pick<AppDeps, K | 'now'> & { actor: Actor };
