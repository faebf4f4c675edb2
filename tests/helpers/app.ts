import os from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { folderStorage } from '#server/services/media/storage.ts';
import { afterEach, beforeEach } from 'vitest';
import { createApp } from '#server/app.ts';
import type { AppDeps } from '#server/context.ts';
import { parseEnv } from '#server/env.ts';
import { createPaymentProviders } from '#server/services/payments/providers.ts';
import { loadTenants } from '#tenants/index.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export type TestContext = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: TestDatabase;
  /** Moves the app's clock; the default is the real time. */
  setNow: (date: Date) => void;
};

export async function createTestApp(
  envOverrides: Record<string, string> = {},
): Promise<TestContext & { close: () => Promise<void> }> {
  const database = await createTestDatabase();
  const mediaFolder = await mkdtemp(path.join(os.tmpdir(), 'marketplace-media-'));
  let now: Date | undefined;
  const env = parseEnv({ NODE_ENV: 'test', ...envOverrides });
  const deps: AppDeps = {
    db: database.db,
    env,
    tenants: loadTenants(),
    now: () => now ?? new Date(),
    // Short waits, so the retry tests do not take long; a time limit a loaded test machine still meets.
    payments: createPaymentProviders(env, { db: database.db, http: { timeoutMs: 1500, retryDelaysMs: [20, 40] } }),
    // A folder of the test's own, outside the worktree, removed with its database.
    media: folderStorage(mediaFolder),
  };
  return {
    app: createApp(deps),
    deps,
    database,
    setNow: (date) => {
      now = date;
    },
    close: async () => {
      await deps.payments.recorded();
      await database.drop();
      await rm(mediaFolder, { recursive: true, force: true });
    },
  };
}

/**
 * Gives every test of the file its own app on its own copy of the seeded database, so no test sees
 * another's writes. Read the returned object's fields inside tests (they are replaced before each one).
 */
export function useTestApp(envOverrides: Record<string, string> = {}): TestContext {
  const context = {} as TestContext;
  let close: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const created = await createTestApp(envOverrides);
    close = created.close;
    Object.assign(context, created);
  });
  afterEach(async () => {
    await close?.();
  });
  return context;
}

/** Sends a request to the given host through the whole app, as a browser would. */
export const request = (ctx: TestContext, path: string, init: RequestInit & { host?: string } = {}) => {
  const { host = 'localhost', headers, ...rest } = init;
  return ctx.app.request(`http://${host}${path}`, {
    ...rest,
    headers: { host, ...(headers as Record<string, string>) },
  });
};

/** Every item of a restaurant's menu as the shop's API answers it, its categories flattened; `T` names the fields used. */
export async function restaurantMenuItems<T>(ctx: TestContext, slug: string): Promise<T[]> {
  const body = (await (await request(ctx, `/api/restaurants/${slug}`)).json()) as { categories: { items: T[] }[] };
  return body.categories.flatMap((c) => c.items);
}

/** What a browser keeps between calls: the basket cookie the API set. */
export type BasketJar = { cookie: string };

/**
 * Calls the API as the shop's own page does (same-origin, JSON body), sending the jar's basket cookie and keeping
 * the one the answer sets.
 */
export async function callWithBasket(
  ctx: TestContext,
  jar: BasketJar,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const response = await request(ctx, path, {
    method: init.method ?? 'GET',
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(jar.cookie ? { cookie: jar.cookie } : {}),
      'sec-fetch-site': 'same-origin',
    },
  });
  const set = response.headers.getSetCookie().find((c) => c.startsWith('basket='));
  if (set) jar.cookie = set.split(';')[0] ?? '';
  return response;
}
