import type { Db } from '#db/client.ts';
import type { Tenant } from '#tenants/schema.ts';
import type { Env } from './env.ts';
import type { Actor } from './services/actor.ts';
import type { SessionUser } from './services/auth/sessions.ts';
import type { PaymentProviders } from './services/payments/providers.ts';

/*
 * The types every route, middleware, service and worker runs with, in a module of their own: it imports types only,
 * and from modules that import neither server/app.ts nor any route or middleware (server/layering.test.ts checks
 * it), so nothing that app.ts mounts has to import app.ts back.
 */

/** What the app is built with (createApp), once per process: the services' dependencies. */
export type AppDeps = {
  db: Db;
  env: Env;
  tenants: Tenant[];
  /** The clock, injectable so that opening hours and timeouts can be tested at any moment. */
  now: () => Date;
  /** Built once from env (createPaymentProviders); which provider takes which method in which country. */
  payments: PaymentProviders;
};

/** AppDeps without the payment providers: createApp builds them from env when the caller has not. */
export type AppDepsInput = Omit<AppDeps, 'payments'> & { payments?: PaymentProviders };

/** Hono's environment of every route and middleware: the deps, and the session's user when there is one. */
export type AppEnv = { Variables: { deps: AppDeps; user: SessionUser | null; sessionId: string | null } };

/**
 * A service's context (decision 015): the dependencies it names from AppDeps, and the actor the edge decided —
 * never read from the input. `ServiceCtx<'db' | 'now'>` is a verb that reads the database at a moment for someone.
 */
export type ServiceCtx<K extends keyof AppDeps = keyof AppDeps> = Pick<AppDeps, K> & { actor: Actor };
