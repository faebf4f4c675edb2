/**
 * The shop's public screens and their path in each interface language (spec section 2, "Public routes"), with
 * design.md's decisions where the spec is open: every screen exists in ua, and ua uses the English segments
 * except where the spec gives a ua path of its own (/ua/kontakt). Pages, islands and the server all read this one
 * table, so a link, the language picker, hreflang and the server's redirects can never disagree.
 */

import { LOCALES, type Locale } from './locales.ts';

export { LOCALES, type Locale };

/** pl has no prefix; en and ua have theirs (spec section 2, Localisation). */
export const localePrefix = (locale: Locale): string => (locale === 'pl' ? '' : `/${locale}`);

/** `ua` in URLs and the lang cookie; ISO 639-1 `uk` in <html lang> and hreflang (design.md). */
export const htmlLang = (locale: Locale): string => (locale === 'ua' ? 'uk' : locale);

/** Paths without the locale prefix; `{name}` is a parameter, one whole segment. */
const SHOP_ROUTES = {
  home: { pl: '/', en: '/', ua: '/' },
  basket: { pl: '/koszyk', en: '/basket', ua: '/basket' },
  contact: { pl: '/kontakt', en: '/contact', ua: '/kontakt' },
  login: { pl: '/login', en: '/login', ua: '/login' },
  myOrders: { pl: '/moje-zamowienia', en: '/my-orders', ua: '/my-orders' },
  summary: { pl: '/podsumowanie', en: '/summary', ua: '/summary' },
  privacyPolicy: { pl: '/polityka-prywatnosci', en: '/privacy-policy', ua: '/privacy-policy' },
  accessibilityStatement: {
    pl: '/deklaracja-dostepnosci',
    en: '/accessibility-statement',
    ua: '/accessibility-statement',
  },
  profile: { pl: '/profil', en: '/profile', ua: '/profile' },
  // A guest's data request (decision 052): the form, and the page its e-mailed link opens (the link's token after #).
  myData: { pl: '/moje-dane', en: '/my-data', ua: '/my-data' },
  terms: { pl: '/regulamin', en: '/terms', ua: '/terms' },
  restaurantTerms: { pl: '/regulamin-restauracji', en: '/restaurant-terms', ua: '/restaurant-terms' },
  register: { pl: '/rejestracja', en: '/register', ua: '/register' },
  resetPassword: { pl: '/resetowanie-hasla', en: '/reset-password', ua: '/reset-password' },
  forgottenPassword: { pl: '/zapomniane-haslo', en: '/forgotten-password', ua: '/forgotten-password' },
  concept: { pl: '/koncepty/{slug}', en: '/concept/{slug}', ua: '/concept/{slug}' },
  location: { pl: '/lokalizacja/{slug}', en: '/location/{slug}', ua: '/location/{slug}' },
  city: { pl: '/miasta/{slug}', en: '/city/{slug}', ua: '/city/{slug}' },
  restaurant: { pl: '/restauracja/{slug}', en: '/restaurant/{slug}', ua: '/restaurant/{slug}' },
  // Spec section 2: order status pages under /status/…; the access token in the path lets a guest bookmark it or
  // open it from the confirmation e-mail (the owner's my-orders links carry it too).
  status: { pl: '/status/{orderId}/{token}', en: '/status/{orderId}/{token}', ua: '/status/{orderId}/{token}' },
} as const satisfies Record<string, Record<Locale, `/${string}`>>;

export type Screen = keyof typeof SHOP_ROUTES;
export const SCREENS = Object.keys(SHOP_ROUTES) as Screen[];

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The parameters a screen's path needs, e.g. `{ slug: string }` for `concept`; `{}` for `basket`. */
export type RouteParams<S extends Screen> = { [Name in ParamNames<(typeof SHOP_ROUTES)[S]['pl']>]: string };

/** A URL path the server answers with a 301 to a screen's canonical path (design.md's settled readings). */
export type LocalizedRedirect = { from: string; screen: Screen; locale: Locale };
export const LOCALIZED_REDIRECTS: readonly LocalizedRedirect[] = [
  // The spec's other reading of the English registration segment.
  { from: '/en/registration', screen: 'register', locale: 'en' },
  // The spec gives /ua/kontakt; the English segment every other ua screen uses leads to it.
  { from: '/ua/contact', screen: 'contact', locale: 'ua' },
];

/** The root-relative path of a screen in a language: pathFor('concept', 'en', { slug: 'smash-club' }). */
export function pathFor<S extends Screen>(screen: S, locale: Locale, ...[params]: ParamsArgument<S>): string {
  const template: string = SHOP_ROUTES[screen][locale];
  const given = (params ?? {}) as Record<string, string>;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = given[name];
    if (!value) throw new Error(`pathFor('${screen}'): missing parameter '${name}'`);
    return encodeURIComponent(value);
  });
  const prefix = localePrefix(locale);
  return prefix && path === '/' ? prefix : `${prefix}${path}`;
}
// Parameters are required exactly when the screen's path has some.
type ParamsArgument<S extends Screen> = keyof RouteParams<S> extends never ? [] : [params: RouteParams<S>];

// Prefixed languages first, so that a pl path can never claim '/en/…' or '/ua/…'.
const MATCH_ORDER: readonly Locale[] = ['en', 'ua', 'pl'];

export type MatchedPath = { screen: Screen; locale: Locale; params: Record<string, string> };

/**
 * Which screen, language and parameters a URL (or a root-relative path) is: the inverse of pathFor. A trailing
 * slash is ignored (the static build answers both); anything not in the table is null.
 */
export function matchPath(url: string | URL): MatchedPath | null {
  const path = stripTrailingSlash(pathnameOf(url));
  for (const locale of MATCH_ORDER) {
    const prefix = localePrefix(locale);
    let rest: string;
    if (!prefix) rest = path;
    else if (path === prefix) rest = '/';
    else if (path.startsWith(`${prefix}/`)) rest = path.slice(prefix.length);
    else continue;
    for (const screen of SCREENS) {
      const params = matchTemplate(SHOP_ROUTES[screen][locale], rest);
      if (params) return { screen, locale, params };
    }
  }
  return null;
}

export type Alternate = { locale: Locale; hreflang: string; path: string };

/**
 * The same page in each language, for the language picker and hreflang alternates; empty for a path that is not
 * a screen of the table.
 */
export function alternates(url: string | URL): Alternate[] {
  const matched = matchPath(url);
  if (!matched) return [];
  return LOCALES.map((locale) => ({
    locale,
    hreflang: htmlLang(locale),
    path: pathWithParams(matched.screen, locale, matched.params),
  }));
}

/** Where a URL path should be redirected (301) to, keeping its query; null when it is not a redirect of the table. */
export function localizedRedirect(pathname: string): string | null {
  const path = stripTrailingSlash(pathname);
  const found = LOCALIZED_REDIRECTS.find((redirect) => redirect.from === path);
  return found ? pathWithParams(found.screen, found.locale, {}) : null;
}

// pathFor with parameters already known to fit the screen (they came from matching its own path).
const pathWithParams = (screen: Screen, locale: Locale, params: Record<string, string>): string =>
  (pathFor as (screen: Screen, locale: Locale, params: Record<string, string>) => string)(screen, locale, params);

function matchTemplate(template: string, path: string): Record<string, string> | null {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const value = got[i] ?? '';
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name === undefined) {
      if (segment !== value) return null;
      continue;
    }
    if (!value) return null;
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return params;
}

function pathnameOf(url: string | URL): string {
  if (url instanceof URL) return url.pathname;
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return /^[a-z][a-z\d+.-]*:/i.test(path) ? new URL(path).pathname : path;
}

const stripTrailingSlash = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

/** Root-relative path of a brand page in a language: '/', '/en/', '/ua/policy/'. */
export const brandPath = (locale: Locale, page = ''): string =>
  `${locale === 'pl' ? '' : `/${locale}`}/${page ? `${page}/` : ''}`;
