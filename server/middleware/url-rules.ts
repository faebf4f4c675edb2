import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { localizedRedirect } from '#domain/localized-routes.ts';
import { LOCALES, type Locale } from '#domain/locales.ts';

const ogonek = /ą|%C4%85/gi;
const ogonekUpper = /Ą|%C4%84/gi;

/**
 * The URL rules of spec section 2, as one middleware in front of every route (one layer rather than three: each layer
 * costs a trivial request its own promise, decision 035):
 * - a URL with a double slash → 301 to the single-slash form; a URL with 'ą' (raw or percent-encoded) → 301 with
 *   plain 'a'; both are applied in one redirect;
 * - on the shop's host, the shop's other readings of a path (design.md: /en/registration, /ua/contact) → 301 to the
 *   screen's canonical path from the route table, keeping the query (a brand site's /ua/contact/ is its own page);
 * - on the shop's host, the language detection of the root path (languageDetection below).
 */
export const urlRules = (isShopHost: (host: string | undefined) => boolean): MiddlewareHandler => {
  const detectLanguage = languageDetection(isShopHost);
  return async (c, next) => {
    const fixed = fixedUrl(c.req.url);
    if (fixed !== null) return c.redirect(fixed, 301);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const target = localizedRedirect(c.req.path);
    if (target !== null && isShopHost(c.req.header('host')))
      return c.redirect(`${target}${new URL(c.req.url).search}`, 301);
    return c.req.path === '/' ? detectLanguage(c, next) : next();
  };
};

// What either rewriting rule looks for, anywhere after the scheme: most URLs have neither, and skip the rewriting.
const suspect = /\/\/|ą|Ą|%C4%8[45]/i;

/** The path and query with double slashes and 'ą' fixed, or null when there is nothing to fix. */
function fixedUrl(raw: string): string | null {
  const schemeEnd = raw.indexOf('://') + 3;
  if (!suspect.test(raw.slice(schemeEnd))) return null;
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
  return fixed !== path || fixedQuery !== query ? `${fixed}${fixedQuery}` : null;
}

/** The `lang` cookie's values (spec section 2): the interface language a visitor chose. */
const LANG_COOKIE_VALUES = LOCALES;
type LangCookie = Locale;

/** The interface language an Accept-Language header prefers, by its q-values; null when it names none of ours. */
export function preferredLanguage(acceptLanguage: string | undefined): LangCookie | null {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranked) {
    if (primary === 'pl' || primary === 'en') return primary;
    // Ukrainian is `uk` in language tags; `ua` is the interface's own name for it.
    if (primary === 'uk' || primary === 'ua') return 'ua';
  }
  return null;
}

/**
 * Spec section 2: the language is detected from the browser on the root path only. The `lang` cookie (the visitor's
 * own choice) wins over the browser; without it, Accept-Language picks. Only the Polish home (`/`) redirects, and
 * only a visitor arriving from elsewhere: a link inside the shop to `/` (the language picker without JavaScript) is
 * a choice too. Answers the path to redirect to, or null.
 */
export function languageRedirect(request: {
  path: string;
  langCookie: string | undefined;
  acceptLanguage: string | undefined;
  fetchSite: string | undefined;
}): string | null {
  if (request.path !== '/') return null;
  const chosen = LANG_COOKIE_VALUES.find((value) => value === request.langCookie);
  const language = chosen ?? (request.fetchSite === 'same-origin' ? null : preferredLanguage(request.acceptLanguage));
  return language && language !== 'pl' ? `/${language}` : null;
}

/**
 * languageRedirect on the shop's host. A 302, not a 301: the answer depends on the visitor, so it must not be
 * cached as the address's (Vary names what it depends on).
 */
export const languageDetection =
  (isShopHost: (host: string | undefined) => boolean): MiddlewareHandler =>
  async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path !== '/') return next();
    if (!isShopHost(c.req.header('host'))) return next();
    const target = languageRedirect({
      path: c.req.path,
      langCookie: getCookie(c, 'lang'),
      acceptLanguage: c.req.header('accept-language'),
      fetchSite: c.req.header('sec-fetch-site'),
    });
    if (target === null) {
      await next();
      c.res.headers.append('Vary', 'Cookie, Accept-Language');
      return;
    }
    const url = new URL(c.req.url);
    c.header('Vary', 'Cookie, Accept-Language');
    return c.redirect(`${target}${url.search}`, 302);
  };
