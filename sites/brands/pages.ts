import { loadTenants } from '#tenants/index.ts';
import { LOCALES } from '../i18n.ts';
import { restParam } from '../localized-pages.ts';
import { brandPath } from './i18n.ts';

/**
 * The pages every brand site has, each in every language ('' is the landing page). A brand's folder is its
 * domain's web root, so a page's path is its segment behind the language prefix, the same word in every language:
 * brandPath(locale, page) → '/', '/en/contact/', '/ua/policy/' (decision 005). The 404 page is not localized.
 */
export const BRAND_PAGES = ['', 'contact', 'policy', 'regulations', 'accessibility'] as const;
export type BrandPageName = (typeof BRAND_PAGES)[number];

/**
 * getStaticPaths for one page of every brand in every language, for `sites/pages/brands/[slug]/[...<param>].astro`.
 * One file per page rather than one for all: Astro inlines into a page the styles of every component its file
 * imports, so a shared file would give the legal pages the landing page's styles.
 */
export function brandPagePaths<P extends string>(param: P, page: BrandPageName) {
  return loadTenants().flatMap((tenant) =>
    LOCALES.map((locale) => ({
      params: { slug: tenant.slug, [param]: restParam(brandPath(locale, page)) } as { slug: string } & Record<
        P,
        string | undefined
      >,
      props: { tenant, locale },
    })),
  );
}
