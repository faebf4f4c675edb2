import { hc, type ClientRequestOptions } from 'hono/client';
// Type only: the browser bundle gets the route types, never the server code behind them.
import type { ApiType } from '#server/routes/index.ts';
import { logoutOn401 } from '#app/stores/session.ts';
import { trackProgress } from '#app/stores/progress.ts';
import { apiBase } from '#app/api-base.ts';

export { apiBase };

/**
 * A typed client of every /api route (`hc<ApiType>`): paths, bodies and answers are checked against the routes.
 * Tests pass `{ fetch }` to answer without a server. Every answer passes logoutOn401 (spec section 4), and every
 * request moves the progress bar while it runs (spec section 7).
 */
export const createApiClient = (options?: ClientRequestOptions) =>
  hc<ApiType>(`${apiBase()}/api`, {
    ...options,
    fetch: trackProgress(logoutOn401(options?.fetch ?? ((input, init) => globalThis.fetch(input, init)))),
  });

export type ApiClient = ReturnType<typeof createApiClient>;

/** The client the islands' stores use unless a test gives them another. */
export const api: ApiClient = createApiClient();
