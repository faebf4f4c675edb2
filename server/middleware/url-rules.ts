import type { MiddlewareHandler } from 'hono';
import { localizedRedirect } from '#server/domain/localized-routes.ts';

const ogonek = /ą|%C4%85/gi;
const ogonekUpper = /Ą|%C4%84/gi;

/**
 * Spec section 2: a URL with a double slash → 301 to the single-slash form; a URL with 'ą' (raw or
 * percent-encoded) → 301 with plain 'a'. Both are applied in one redirect.
 */
export const urlRules = (): MiddlewareHandler => async (c, next) => {
  const raw = c.req.url;
  const schemeEnd = raw.indexOf('://') + 3;
  const pathStart = raw.indexOf('/', schemeEnd);
  const pathAndQuery = pathStart === -1 ? '/' : raw.slice(pathStart);
  const queryAt = pathAndQuery.indexOf('?');
  const path = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const query = queryAt === -1 ? '' : pathAndQuery.slice(queryAt);
  const fixed = path
    .replace(/\/{2,}/g, '/')
    .replace(ogonek, 'a')
    .replace(ogonekUpper, 'A');
  const fixedQuery = query.replace(ogonek, 'a').replace(ogonekUpper, 'A');
  if (fixed !== path || fixedQuery !== query) return c.redirect(`${fixed}${fixedQuery}`, 301);
  return next();
};

/**
 * The shop's other readings of a path (design.md: /en/registration, /ua/contact) → 301 to the screen's canonical
 * path from the route table, keeping the query. Only on the shop's host: a brand site's /ua/contact/ is its own
 * contact page.
 */
export const localizedRedirects =
  (isShopHost: (host: string | undefined) => boolean): MiddlewareHandler =>
  async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const url = new URL(c.req.url);
    const target = localizedRedirect(url.pathname);
    if (target === null || !isShopHost(c.req.header('host'))) return next();
    return c.redirect(`${target}${url.search}`, 301);
  };
