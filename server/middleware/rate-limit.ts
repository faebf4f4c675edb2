import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../app.ts';
import { AppError } from '../errors.ts';
import { hitRateLimit } from '../services/rate-limit/hit.ts';

/** The caller's address: the socket's, or (in-process tests, behind a trusted proxy) the forwarded one. */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return forwarded && (address === '127.0.0.1' || address === '::1') ? forwarded : address;
  } catch {
    // No socket: the request came through app.request().
  }
  return forwarded ?? 'local';
}

/** Refuses with tooManyRequests (429) and Retry-After once `limit` attempts per window are used. */
export function rateLimit(options: {
  name: string;
  limit: number;
  windowSeconds: number;
  key?: (c: Context<AppEnv>) => string;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.var.deps;
    const key = `${options.name}:${options.key ? options.key(c) : clientIp(c)}`;
    const result = await hitRateLimit(deps.db, {
      key,
      limit: options.limit,
      windowSeconds: options.windowSeconds,
      now: deps.now(),
    });
    if (!result.allowed) {
      c.header('Retry-After', String(result.retryAfterSeconds));
      throw new AppError('tooManyRequests');
    }
    return next();
  };
}
