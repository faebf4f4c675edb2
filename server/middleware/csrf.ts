import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { forbidden } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// What a plain HTML form, a no-cors fetch or a link's ping can send from another site without a CORS preflight. A missing
// Content-Type counts too: a cross-site fetch may send a body without one.
const FORM_LIKE = /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data|text\/(?:plain|ping))\b/i;

/** Whether the browser says the request came from a page of another site (or a sibling subdomain). */
const fromAnotherSite = (c: Context): boolean => {
  const site = c.req.header('sec-fetch-site');
  return site !== undefined && site !== 'same-origin' && site !== 'none';
};

/**
 * CSRF protection for state-changing requests; every refusal is the API's usual `{ error: 'Forbidden' }` 403.
 * - Any body: refused when the browser says it comes from another site (`Sec-Fetch-Site` cross-site or
 *   same-site). JSON needs CORS we never grant, but the session cookie is SameSite=Lax, not Strict, so we do not
 *   lean on that alone.
 * - A form-like body, which a page of another site can send with no preflight: also needs an `Origin` equal to
 *   ours, unless `Sec-Fetch-Site` says same-origin (older browsers send neither on some requests).
 *
 * `exempt` lists paths (each with the paths under it) whose callers are not browsers and that authenticate otherwise — a payment provider's
 * webhook, say, signed with a shared secret and posted form-encoded with no Origin.
 */
export const csrf =
  (options: { exempt?: readonly string[] } = {}): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const path = c.req.path;
    if (SAFE_METHODS.has(c.req.method) || options.exempt?.some((p) => path === p || path.startsWith(`${p}/`)))
      return next();
    if (fromAnotherSite(c)) throw forbidden();
    const formLike = FORM_LIKE.test(c.req.header('content-type') ?? 'text/plain');
    const sameOrigin =
      c.req.header('sec-fetch-site') === 'same-origin' || c.req.header('origin') === new URL(c.req.url).origin;
    if (formLike && !sameOrigin) throw forbidden();
    return next();
  };
