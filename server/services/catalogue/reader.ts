import type { AppDeps } from '#server/context.ts';
import type { DeliveryQuery } from '#domain/addresses.ts';
import { restaurantsDeliveringTo } from './find-delivering.ts';
import { getRestaurant, type MenuLanguage } from './menu.ts';
import { getCity, getConcept, getLocation, getLocationsAndConcepts } from './overview.ts';

/**
 * The catalogue as the server-rendered shop pages read it (decision 018): the same services the catalogue API
 * calls, bound to one database and clock. Handed to the pages as Astro.locals, so the page bundle holds no server
 * code of its own and the menu cache of server/services/catalogue/menu.ts is the one the API uses.
 */
export function catalogueReader(deps: Pick<AppDeps, 'db' | 'now' | 'tenants'>) {
  const { tenants } = deps;
  return {
    /** The brand's site config (texts, theme, pictures) for its concept page. */
    tenant: (slug: string) => tenants.find((tenant) => tenant.slug === slug) ?? null,
    /** Every brand's site config, in the order of tenants/. */
    tenants: () => tenants,
    overview: (language: MenuLanguage) => getLocationsAndConcepts(deps, language),
    city: (slug: string, language: MenuLanguage) => getCity(deps, { slug, language }),
    location: (slug: string, language: MenuLanguage) => getLocation(deps, { slug, language }),
    concept: (slug: string, language: MenuLanguage) => getConcept(deps, { slug, language }),
    restaurant: (slug: string, language: MenuLanguage) => getRestaurant(deps, { idOrSlug: slug, language }),
    delivering: (query: DeliveryQuery) => restaurantsDeliveringTo(deps, query),
  };
}

export type CatalogueReader = ReturnType<typeof catalogueReader>;
