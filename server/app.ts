import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import type { Db } from '#db/client.ts';
import type { Tenant } from '#tenants/schema.ts';
import type { Env } from './env.ts';
import { AppError } from './errors.ts';
import { localizedRedirects, urlRules } from './middleware/url-rules.ts';
import { fileResponse, resolveStaticFile } from './static-files.ts';
import { createApiRoutes } from './routes/index.ts';
import { mountSandboxBank } from './routes/sandbox-bank/index.ts';
import { brandContactRoutes } from './routes/brand-contact.ts';
import { WEBHOOK_PATH } from './services/payments/sandbox.ts';
import { RuleError } from './domain/errors.ts';
import { csrf } from 'hono/csrf';
import { session } from './middleware/session.ts';
import type { SessionUser } from './services/auth/sessions.ts';

export type AppDeps = {
  db: Db;
  env: Env;
  tenants: Tenant[];
  /** The clock, injectable so that opening hours and timeouts can be tested at any moment. */
  now: () => Date;
};

export type AppEnv = { Variables: { deps: AppDeps; user: SessionUser | null; sessionId: string | null } };

export type HostKind = { kind: 'shop' } | { kind: 'survey' } | { kind: 'tenant'; tenant: Tenant } | { kind: 'unknown' };

/** Which of the three kinds of host a request is for (design.md: one process, three kinds of host). */
export function classifyHost(hostHeader: string | undefined, env: Env, tenants: Tenant[]): HostKind {
  const host = (hostHeader ?? '').replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
  if (env.shopHosts.includes(host)) return { kind: 'shop' };
  if (host === env.surveyHost) return { kind: 'survey' };
  const tenant = tenants.find((t) => host === `${t.slug}.localhost` || host === t.domain || host === `www.${t.domain}`);
  return tenant ? { kind: 'tenant', tenant } : { kind: 'unknown' };
}

// Status codes for the domain's rule keys; everything not listed is a 400.
const ruleStatus: Record<string, 400 | 409 | 422> = {
  restaurantLocation: 409,
  mishmashedLocations: 409,
  invalidStatusTransition: 409,
};

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const dist = path.resolve(deps.env.distDir);

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    if (deps.env.logRequests) {
      const ms = (performance.now() - started).toFixed(1);
      console.log(
        `${c.req.method} ${c.req.header('host') ?? '-'}${new URL(c.req.url).pathname} ${c.res.status} ${ms}ms`,
      );
    }
  });
  app.use(urlRules());
  app.use(localizedRedirects((host) => classifyHost(host, deps.env, deps.tenants).kind === 'shop'));
  app.use(tenantScriptSources(deps));
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", 'https:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
      },
      strictTransportSecurity: deps.env.nodeEnv === 'production' ? 'max-age=31536000; includeSubDomains' : false,
    }),
  );
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    try {
      await deps.db.execute(sql`select 1`);
      return c.json({ status: 'ok', database: 'ok' });
    } catch {
      return c.json({ status: 'unavailable', database: 'unreachable' }, 503);
    }
  });

  // Cross-site form posts are refused; JSON bodies cannot be sent cross-site without CORS, which we never grant.
  // Except the payment webhook (and a provider's own path under it): the provider's servers post it, form-encoded
  // or JSON, with no Origin of ours, and its signature is its authentication (a forged one changes nothing).
  const csrfCheck = csrf();
  app.use('/api/*', (c, next) =>
    c.req.path === WEBHOOK_PATH || c.req.path.startsWith(`${WEBHOOK_PATH}/`) ? next() : csrfCheck(c, next),
  );
  app.use('/api/*', session());
  app.use('/api/*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'payloadTooLarge' }, 413) }));
  app.route('/api', createApiRoutes());
  app.all('/api/*', (c) => c.json({ error: 'notFound' }, 404));
  mountSandboxBank(app, deps);
  app.route('/', brandContactRoutes());

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const host = classifyHost(c.req.header('host'), deps.env, deps.tenants);
    const urlPath = new URL(c.req.url).pathname;
    if (host.kind === 'shop') {
      // Brand sites and the survey page live in the same build but belong to their own hosts.
      if (urlPath.startsWith('/brands/')) return notFoundPage(dist, c.req.raw);
      const file = await resolveStaticFile(dist, urlPath);
      return file ? fileResponse(file, 200, c.req.raw) : notFoundPage(dist, c.req.raw);
    }
    if (host.kind === 'survey') {
      if (urlPath === '/' || urlPath === '/index.html') {
        const file = await resolveStaticFile(dist, '/survey/');
        if (file) return fileResponse(file, 200, c.req.raw);
      }
      if (urlPath.startsWith('/_astro/') || urlPath.startsWith('/survey-form/')) {
        const file = await resolveStaticFile(dist, urlPath);
        if (file) return fileResponse(file, 200, c.req.raw);
      }
      return notFoundPage(dist, c.req.raw);
    }
    if (host.kind === 'tenant') {
      const root = path.join(dist, 'brands', host.tenant.slug);
      const file =
        (await resolveStaticFile(root, urlPath)) ??
        (urlPath.startsWith('/_astro/') ? await resolveStaticFile(dist, urlPath) : null);
      if (file) return fileResponse(file, 200, c.req.raw);
      const brand404 = await resolveStaticFile(root, '/404.html');
      return brand404 ? fileResponse(brand404, 404, c.req.raw) : notFoundPage(dist, c.req.raw);
    }
    return c.text('Unknown host', 404);
  });

  app.notFound((c) =>
    new URL(c.req.url).pathname.startsWith('/api/') ? c.json({ error: 'notFound' }, 404) : c.text('Not found', 404),
  );

  app.onError((error, c) => {
    if (error instanceof AppError)
      return c.json({ error: error.key, ...(error.details ? { details: error.details } : {}) }, error.status);
    if (error instanceof RuleError)
      return c.json(
        { error: error.key, ...(error.details ? { details: error.details } : {}) },
        ruleStatus[error.key] ?? 400,
      );
    if ('getResponse' in error && typeof error.getResponse === 'function') return error.getResponse() as Response;
    // Unexpected: log it for us, show nothing of it to the client.
    console.error(error);
    return c.json({ error: 'internalError' }, 500);
  });

  return app;
}

/** The origins a brand's pages load scripts from: its external legal documents and Google Tag Manager. */
export function tenantScriptOrigins(tenant: Tenant): string[] {
  const urls = [
    tenant.rrRegulationsUrl,
    tenant.rrPolicyUrl,
    tenant.gtm ? 'https://www.googletagmanager.com/' : undefined,
  ];
  return [...new Set(urls.filter((url) => url !== undefined).map((url) => new URL(url).origin))];
}

/**
 * On a brand's host, adds exactly that brand's external script origins to the policy's script-src (every other
 * host keeps 'self'). Registered before secureHeaders, so it runs after it has set the header.
 */
function tenantScriptSources({ env, tenants }: AppDeps): MiddlewareHandler<AppEnv> {
  const extra = new Map(tenants.map((tenant) => [tenant.slug, tenantScriptOrigins(tenant)]));
  return async (c, next) => {
    await next();
    const host = classifyHost(c.req.header('host'), env, tenants);
    const origins = host.kind === 'tenant' ? extra.get(host.tenant.slug) : undefined;
    const policy = c.res.headers.get('Content-Security-Policy');
    if (!origins?.length || !policy) return;
    c.res.headers.set(
      'Content-Security-Policy',
      policy.replace(
        /(^|;\s*)script-src ([^;]*)/,
        (_, start: string, sources: string) => `${start}script-src ${sources} ${origins.join(' ')}`,
      ),
    );
  };
}

async function notFoundPage(dist: string, request: Request): Promise<Response> {
  const file = await resolveStaticFile(dist, '/404.html');
  return file ? fileResponse(file, 404, request) : new Response('This page could not be found', { status: 404 });
}

export type App = ReturnType<typeof createApp>;
