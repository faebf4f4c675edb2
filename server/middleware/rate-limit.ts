import type { Context, Input, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { hitRateLimit, LONGEST_WINDOW_SECONDS } from '../services/rate-limit/hit.ts';

/**
 * The address a rate limit counts against. The chain is X-Forwarded-For's entries followed by the socket peer;
 * its last `trustedHops` entries are our own proxies (the socket peer being the nearest), so the entry just left
 * of them was written by a proxy we trust. Anything further left is whatever the client sent and is never used.
 */
export function clientAddress(forwardedFor: string | undefined, socketAddress: string, trustedHops: number): string {
  const forwarded = trustedHops > 0 ? (forwardedFor ?? '').split(',') : [];
  const chain = [...forwarded.map((entry) => entry.trim()).filter(Boolean), socketAddress];
  // A shorter chain than configured reached us past some of the proxies: its furthest entry is still ours to trust.
  const address = chain[Math.max(0, chain.length - 1 - trustedHops)] ?? socketAddress;
  // One key per IPv4 client whichever way the socket reports it.
  return address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/** The caller's address for rate limits; TRUST_PROXY says how many proxies in front of us to believe. */
export function clientIp(c: Context<AppEnv>): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // No socket: the request came through app.request() in a test.
  }
  return clientAddress(c.req.header('x-forwarded-for'), socketAddress ?? 'local', c.var.deps.env.trustProxy);
}

/**
 * Answers 429 { error: 'tooManyRequests' } with Retry-After once `limit` attempts per window are used. Every
 * attempt counts, successful or not, in one upsert, so parallel attempts cannot slip past the count. `key`
 * defaults to the client's address; it may read the request's validated input.
 */
export function rateLimit<I extends Input = Input>(options: {
  name: string;
  limit: number;
  windowSeconds: number;
  key?: (c: Context<AppEnv, string, I>) => string;
}): MiddlewareHandler<AppEnv, string, I> {
  // The sweeper deletes rows older than the longest window; a longer one would be forgotten early.
  if (options.windowSeconds > LONGEST_WINDOW_SECONDS) {
    throw new Error(`rate limit ${options.name}: windows longer than ${LONGEST_WINDOW_SECONDS} s are swept early`);
  }
  return async (c, next) => {
    const deps = c.var.deps;
    const key = `${options.name}:${options.key ? options.key(c) : clientIp(c)}`;
    const result = await hitRateLimit(deps, { key, limit: options.limit, windowSeconds: options.windowSeconds });
    if (!result.allowed) {
      c.header('Retry-After', String(result.retryAfterSeconds));
      throw new AppError('tooManyRequests');
    }
    return next();
  };
}
