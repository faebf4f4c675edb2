import { Hono, type Context, type Next } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { isDatabaseUnavailable, isReadOnly } from '#db/errors.ts';
import { recycleConnections } from '#db/reconnect.ts';
import { canListen } from './services/orders/events.ts';
import { queryRows } from '#db/client.ts';
import { AppError, notFound, validationError } from './errors.ts';
import type { ErrorKey } from '#domain/error-catalogue.ts';
import { urlRules } from './middleware/url-rules.ts';
import { fileResponse, resolveStaticFile } from './static-files.ts';
import { createApiRoutes } from './routes/index.ts';
import { mountSandboxBank } from './routes/sandbox-bank/index.ts';
import { brandContactRoutes } from './routes/brand-contact.ts';
import { mediaRoute } from './routes/media.ts';
import { WEBHOOK_PATH } from './services/payments/providers/sandbox/notifier.ts';
import { RuleError } from '#domain/errors.ts';
import { csrf } from './middleware/csrf.ts';
import { isUploadPath, limitBody, limitUpload } from './middleware/body-limit.ts';
import { session } from './middleware/session.ts';
import { requestLog, routeOf } from './request-log.ts';
import { errorOf, log } from './observability/log.ts';
import { metricsEnabled, requestMetrics } from './observability/metrics.ts';
import { currentTracing } from './observability/tracing.ts';
import { metricsRoute } from './routes/metrics.ts';
import { contentSecurityPolicies } from './content-security-policy.ts';
import { defaultHeaders, securityHeaders, type Header } from './response-headers.ts';
import { serverRenderedPages } from './server-rendered-pages.ts';
import { adminHome, adminPath, matchAdminPath, rolesFor, screenInScope } from '#domain/admin-routes.ts';
import { kitchensInScope, loadStaffScope } from './services/admin/staff/scope.ts';
import { LOCALES, localePrefix } from '#domain/localized-routes.ts';
import { catalogueReader } from './services/catalogue/reader.ts';
import { orderReader } from './services/orders/reader.ts';
import { createPaymentProviders } from './services/payments/providers.ts';
import { mediaStorageFor } from './services/media/storage.ts';
import type { AppDeps, AppDepsInput, AppEnv } from './context.ts';
import { classifyHost, hostOf, type HostKind } from './hosts.ts';

// The catalogue's keys for the statuses Hono's own middleware refuses with.
const httpErrorKeys: Partial<Record<number, ErrorKey>> = {
  400: 'validation',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'notFound',
  413: 'payloadTooLarge',
  429: 'tooManyRequests',
};

export function createApp(input: AppDepsInput) {
  const deps: AppDeps = {
    ...input,
    payments: input.payments ?? createPaymentProviders(input.env, { db: input.db }),
    media: input.media ?? mediaStorageFor(input.env),
  };
  const app = new Hono<AppEnv>();
  const dist = path.resolve(deps.env.distDir);
  const pages = serverRenderedPages(dist, {
    catalogue: catalogueReader(deps),
    orders: orderReader(deps),
  });

  // Which kind of host a Host header names, worked out once per header value rather than two or three times per
  // request (decision 032). Bounded: a client may send any Host, and a full map simply starts again.
  const hostKinds = new Map<string, HostKind>();
  const hostKind = (host: string | undefined): HostKind => {
    const key = host ?? '';
    let kind = hostKinds.get(key);
    if (!kind) {
      kind = classifyHost(host, deps.env, deps.tenants);
      if (hostKinds.size >= 1000) hostKinds.clear();
      hostKinds.set(key, kind);
    }
    return kind;
  };

  // First: every request gets its id here (X-Request-Id, error bodies, its log lines), and its one log line, metrics
  // and span when those are on; it is timed only then (timing every request for nothing was measurable).
  const metrics = deps.env.metrics && metricsEnabled() ? requestMetrics() : null;
  const tracing = currentTracing();
  app.use(requestLog({ lines: deps.env.logRequests, metrics, tracing }));
  const policyFor = contentSecurityPolicies(deps.env.distDir, deps.tenants, {
    googlePay: deps.payments.googlePayFromGoogle,
    surveyFormUrl: deps.env.surveyFormUrl,
    mapTileUrl: deps.env.mapTiles?.url,
  });
  const security = securityHeaders({
    crossOriginOpenerPolicy: deps.payments.googlePayFromGoogle ? 'same-origin-allow-popups' : 'same-origin',
    strictTransportSecurity: deps.env.nodeEnv === 'production' ? 'max-age=31536000; includeSubDomains' : false,
  });
  // One list per policy and per answer kind, built on first use: a handful of hosts, so a handful of lists.
  const headerLists = new Map<string, Header[]>();
  const headers = defaultHeaders((c) => {
    const policy = policyFor(c.get('host'));
    // Baskets, orders, users and sessions must not be kept by a browser's or a proxy's cache; the public catalogue
    // answers set their own Cache-Control, which wins.
    const noStore = isUnder(c.req.path, '/api') || isUnder(c.req.path, '/sandbox-bank');
    const key = noStore ? `no-store ${policy}` : policy;
    let list = headerLists.get(key);
    if (!list) {
      list = [...security, ['Content-Security-Policy', policy]];
      if (noStore) list.push(['Cache-Control', 'no-store']);
      headerLists.set(key, list);
    }
    return list;
  });
  // First, so that the URL rules' redirects carry them too.
  app.use((c, next) => {
    c.set('deps', deps);
    // Worked out once here: the headers, the API's and the sandbox bank's guards and the pages all ask.
    c.set('host', hostKind(hostOf(c.req)));
    return headers(c, next);
  });
  app.use(urlRules((host) => hostKind(host).kind === 'shop'));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  if (metrics) app.get('/metrics', metricsRoute(deps));
  // Ready means able to take orders: a database that answers but refuses writes (a replica after a failover,
  // default_transaction_read_only) is not ready, so a load balancer sends the traffic elsewhere.
  app.get('/readyz', async (c) => {
    // A draining process (SIGTERM) is on its way out: whoever routes traffic sends it elsewhere from now on.
    if (deps.stopping?.aborted) return c.json({ status: 'unavailable', server: 'stopping' }, 503);
    try {
      const [state] = await queryRows<{ read_only: string; recovery: boolean }>(
        deps.db,
        sql`select current_setting('transaction_read_only') as read_only, pg_is_in_recovery() as recovery`,
      );
      if (state?.read_only === 'on' || state?.recovery)
        return c.json({ status: 'unavailable', database: 'readOnly' }, 503);
      return c.json({ status: 'ok', database: 'ok' });
    } catch {
      return c.json({ status: 'unavailable', database: 'unreachable' }, 503);
    }
  });

  // The one-click unsubscribe (RFC 8058) is posted by mail clients with no Origin of ours; its signed link authenticates.
  const checkCsrf = csrf({ exempt: [WEBHOOK_PATH, '/api/unsubscribe'] });
  const readSession = session();
  // What every API call passes through, in this order, as one layer (each layer of its own cost a trivial call a
  // promise and a dispatch, decision 035):
  // - The API belongs to the shop's hosts: a brand's domain runs marketers' scripts (GTM, external legal documents)
  //   and is no place to log in, pay or follow an order. Brand pages call exactly three public routes on their own
  //   origin (decision 005): a restaurant's menu (or their brand's default one's) and the contact form.
  // - Cross-site form posts, and any state-changing call a browser marks as cross-site, are refused. Except the
  //   payment webhook (and a provider's own path under it): the provider's servers post it, form-encoded or JSON,
  //   with no Origin of ours, and its signature is its authentication (a forged one changes nothing).
  // - The session, then the body limit. A GET or HEAD carries no body the app reads (the limit never saw one: the
  //   server hands them over bodiless), but asking for it made @hono/node-server build a whole WHATWG Request: 8 of
  //   the 20 µs of CPU the middleware cost a trivial route (decision 016).
  app.use('/api/*', (c, next) => {
    const host = c.get('host');
    if (host.kind !== 'shop' && !(host.kind === 'tenant' && isBrandSiteCall(c.req.method, c.req.path)))
      throw notFound();
    const bodyless = c.req.method === 'GET' || c.req.method === 'HEAD';
    // Hono's Next answers void; a middleware answers its Response or void, which compose() reads either way.
    const limit = isUploadPath(c.req.path) ? limitUpload : limitBody;
    const afterSession = (() => (bodyless ? next() : limit(c, next))) as Next;
    return checkCsrf(c, (() => readSession(c, afterSession)) as Next);
  });
  // The sandbox bank belongs to the shop's hosts too.
  app.use('/sandbox-bank/*', async (c, next) => {
    const host = c.get('host');
    return host.kind === 'shop' ? next() : notFoundOn(host, dist, c.req.raw);
  });
  // Admin screens are rendered for a signed-in staff member only, so they read the session as the API does. Only
  // under the admin prefixes ('/admin/*' matches '/admin' too): other pages and the API's hot paths pay nothing.
  for (const locale of LOCALES) app.use(`${localePrefix(locale)}/admin/*`, readSession);
  app.route('/api', createApiRoutes());
  app.all('/api/*', () => {
    throw notFound();
  });
  // The sandbox bank exists only where the sandbox takes payments (issue 11: never beside real providers).
  if (deps.payments.sandbox) mountSandboxBank(app, deps.payments.sandbox);
  app.route('/', brandContactRoutes());
  // Photos, on every host (a brand site's menu shows them from its own origin): their names are content hashes.
  app.on(['GET', 'HEAD'], '/media/:kind/:file', mediaRoute);

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const host = c.get('host');
    const urlPath = new URL(c.req.url).pathname;
    if (host.kind === 'shop') {
      // Brand sites and the survey page live in the same build but belong to their own hosts; dist/server/ is the
      // server-rendered pages' code, no file to serve.
      const file = /^\/(?:brands|server)\//.test(urlPath) ? null : await resolveStaticFile(dist, urlPath);
      if (file && !isInside(path.join(dist, 'brands'), file.path) && !isInside(path.join(dist, 'server'), file.path))
        return fileResponse(file, 200, c.req.raw);
      const admin = matchAdminPath(urlPath);
      if (admin) {
        const user = c.var.user;
        // Spec section 6: a page that needs a role the visitor lacks is the 401 page.
        const home = user && admin.screen === 'dashboard' ? adminHome(user.role) : null;
        if (home && home.screen !== 'dashboard') return c.redirect(adminPath(admin.locale, home), 302);
        if (!user || !(rolesFor(admin) as readonly string[]).includes(user.role))
          return unauthorizedPage(dist, c.req.raw);
        // A kitchen account opens its own kitchens' boards and restaurants only (issue 37). The call centre's one
        // screen (rolesFor) takes orders for every restaurant.
        const scope = user.role === 'callCenter' ? ({ kind: 'all' } as const) : await loadStaffScope(deps.db, user);
        if (!scope || !screenInScope(admin, scope)) return unauthorizedPage(dist, c.req.raw);
        const kitchens = admin.screen === 'kitchens' ? { kitchens: await kitchensInScope(deps.db, scope) } : {};
        const locals = { match: admin, user, scope, ...kitchens };
        return (await pages.admin(c.req.raw, locals)) ?? notFoundOn(host, dist, c.req.raw);
      }
      return (await pages.catalogue(c.req.raw)) ?? notFoundOn(host, dist, c.req.raw);
    }
    if (host.kind === 'survey') {
      const file =
        urlPath === '/' || urlPath === '/index.html'
          ? await resolveStaticFile(dist, '/survey/')
          : await resolveUnder(dist, urlPath, ['_astro', 'survey-form']);
      return file ? fileResponse(file, 200, c.req.raw) : notFoundOn(host, dist, c.req.raw);
    }
    if (host.kind === 'tenant') {
      const root = path.join(dist, 'brands', host.tenant.slug);
      const file = (await resolveStaticFile(root, urlPath)) ?? (await resolveUnder(dist, urlPath, ['_astro']));
      return file ? fileResponse(file, 200, c.req.raw) : notFoundOn(host, dist, c.req.raw);
    }
    return c.text('Unknown host', 404);
  });

  // Hono does not pass what a not-found handler throws to onError, so this one answers directly.
  app.notFound((c) =>
    new URL(c.req.url).pathname.startsWith('/api/') ? errorAnswer(c, notFound()) : c.text('Not found', 404),
  );

  app.onError((error, c) => {
    if (error instanceof AppError) return errorAnswer(c, error);
    // The domain's rule errors answer the status the same catalogue gives their key.
    if (error instanceof RuleError) return errorAnswer(c, new AppError(error.key, error.details));
    // Middleware of Hono's own (the JSON parser's 'Malformed JSON in request body', say) answers in plain text;
    // the API answers every failure as { error }, and names no English sentence in its details.
    if (error instanceof HTTPException && new URL(c.req.url).pathname.startsWith('/api/')) {
      const key = httpErrorKeys[error.status] ?? (error.status >= 500 ? 'internalError' : 'validation');
      return errorAnswer(c, key === 'validation' ? validationError({ '(body)': 'invalid' }) : new AppError(key));
    }
    if ('getResponse' in error && typeof error.getResponse === 'function') return error.getResponse() as Response;
    // A restart or a terminated backend: the connection pool opens new connections by itself, so the client may
    // simply try again (decision 013).
    if (isDatabaseUnavailable(error)) {
      log.warn({ method: c.req.method, route: routeOf(c) }, 'database unavailable');
      // Read-only: the pool's connections may be the stale ones (a failover, a switch turned back); new ones are not.
      if (isReadOnly(error) && canListen(deps.db))
        void recycleConnections(deps.db).catch((failure: Error) =>
          log.warn({ err: errorOf(failure) }, 'database: recycling the connections failed'),
        );
      c.header('Retry-After', '1');
      return errorAnswer(c, new AppError('databaseUnavailable'));
    }
    // Unexpected: log it for us, show nothing of it to the client.
    log.error({ err: errorOf(error), method: c.req.method, route: routeOf(c) }, 'request failed');
    return errorAnswer(c, new AppError('internalError'));
  });

  return app;
}

/**
 * The API routes a brand's own pages call on their own origin: a restaurant's menu, the brand's default
 * restaurant's menu (which the admin picks, decision 043) and the contact form.
 */
function isBrandSiteCall(method: string, urlPath: string): boolean {
  if (method === 'GET' || method === 'HEAD')
    return /^\/api\/(?:restaurants\/[^/]+|concepts\/[^/]+\/menu)$/.test(urlPath);
  return method === 'POST' && urlPath === '/api/contact';
}

/** Whether a path is `prefix` or under it, as Hono's `${prefix}/*` matches. */
const isUnder = (urlPath: string, prefix: string) =>
  urlPath.startsWith(prefix) && (urlPath.length === prefix.length || urlPath[prefix.length] === '/');

const isInside = (folder: string, file: string) => file.startsWith(folder + path.sep);

/**
 * A file under one of `folders` of `root`, named by a URL path starting with that folder (`/_astro/x.js`); the
 * path cannot climb out of the folder it names.
 */
async function resolveUnder(root: string, urlPath: string, folders: string[]) {
  const folder = folders.find((name) => urlPath.startsWith(`/${name}/`));
  return folder ? resolveStaticFile(path.join(root, folder), urlPath.slice(folder.length + 1)) : null;
}

/** The 404 page of the host: a brand's own, or the shop's. */
async function notFoundOn(host: HostKind, dist: string, request: Request): Promise<Response> {
  if (host.kind === 'tenant') {
    const brand404 = await resolveStaticFile(path.join(dist, 'brands', host.tenant.slug), '/404.html');
    if (brand404) return fileResponse(brand404, 404, request);
  }
  return notFoundPage(dist, request);
}

/**
 * The one shape of every error answer: `{ error: key }` (plus `details`) with the catalogue's status, and the
 * request's id (also in X-Request-Id), which finds the request's log lines when a customer reports the failure.
 */
function errorAnswer(c: Context<AppEnv>, error: AppError): Response {
  return c.json(
    { error: error.key, ...(error.details ? { details: error.details } : {}), requestId: c.var.requestId },
    error.status,
  );
}

async function notFoundPage(dist: string, request: Request): Promise<Response> {
  const file = await resolveStaticFile(dist, errorPagePath(request, 404));
  return file ? fileResponse(file, 404, request) : new Response('This page could not be found', { status: 404 });
}

/** The shop's 401 page in the request's language, for pages that need a role the visitor lacks (spec section 6). */
async function unauthorizedPage(dist: string, request: Request): Promise<Response> {
  const file = await resolveStaticFile(dist, errorPagePath(request, 401));
  return file ? fileResponse(file, 401, request) : new Response('Unauthorized', { status: 401 });
}

// The error pages are built per language: /404.html and /401/ for pl, /en/404/, /ua/401/ … by the path's prefix.
function errorPagePath(request: Request, status: 401 | 404): string {
  const prefix = /^\/(en|ua)(\/|$)/.exec(new URL(request.url).pathname)?.[1];
  return prefix ? `/${prefix}/${status}/` : status === 404 ? '/404.html' : '/401/';
}
