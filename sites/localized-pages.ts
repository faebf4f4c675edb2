import { LOCALES, pathFor, type Locale, type RouteParams, type Screen } from '#domain/localized-routes.ts';

/** The value of an Astro rest parameter for a root-relative path: 'en/basket' for '/en/basket', undefined for '/'. */
export const restParam = (path: string): string | undefined => decodeURI(path).replace(/^\/+|\/+$/g, '') || undefined;

/**
 * getStaticPaths for one shop screen in every language, from the route table (server/domain/localized-routes.ts).
 * The page file is `sites/pages/[...<screen>].astro`: its rest parameter is named after the screen, so each screen
 * has one file and no file per language. A screen with parameters is built once per parameter set.
 */
export function shopPagePaths<S extends Screen>(screen: S, paramSets: RouteParams<S>[] = [{} as RouteParams<S>]) {
  const pathOf = pathFor as (screen: S, locale: Locale, params: RouteParams<S>) => string;
  return paramSets.flatMap((params) =>
    LOCALES.map((locale) => ({
      params: { [screen]: restParam(pathOf(screen, locale, params)) } as Record<S, string | undefined>,
      props: { locale, params },
    })),
  );
}
