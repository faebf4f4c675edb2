import type { Db } from '#db/client.ts';
import type { Tenant } from '#tenants/schema.ts';
import { restaurantsDeliveringTo, type DeliveryQuery } from './delivering.ts';
import { getRestaurant, type MenuLanguage } from './menu.ts';
import { getCity, getConcept, getLocation, getLocationsAndConcepts } from './overview.ts';

/**
 * The catalogue as the server-rendered shop pages read it (decision 018): the same services the catalogue API
 * calls, bound to one database and clock. Handed to the pages as Astro.locals, so the page bundle holds no server
 * code of its own and the menu cache of server/services/catalogue/menu.ts is the one the API uses.
 */
export function catalogueReader(db: Db, now: () => Date, tenants: Tenant[]) {
  return {
    /** The brand's site config (texts, theme, pictures) for its concept page. */
    tenant: (slug: string) => tenants.find((tenant) => tenant.slug === slug) ?? null,
    overview: () => getLocationsAndConcepts(db),
    city: (slug: string) => getCity(db, slug, now()),
    location: (slug: string) => getLocation(db, slug, now()),
    concept: (slug: string) => getConcept(db, slug, now()),
    restaurant: (slug: string, language: MenuLanguage) => getRestaurant(db, slug, now(), language),
    delivering: (query: DeliveryQuery) => restaurantsDeliveringTo(db, query, now()),
  };
}

export type CatalogueReader = ReturnType<typeof catalogueReader>;
