import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';

/**
 * Every /api route, chained so that `hc<ApiType>` in the islands knows each path, body and answer.
 * Add a resource with `.route('/<resource>', <resource>Routes)`.
 */
export function createApiRoutes() {
  return new Hono<AppEnv>().get('/ping', (c) => c.json({ ok: true }));
}

export type ApiType = ReturnType<typeof createApiRoutes>;
