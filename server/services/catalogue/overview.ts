import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { concepts, conceptReviews, locations, restaurants } from '#db/schema/index.ts';
import { countryOf, type Country } from '#domain/money.ts';
import {
  locationView,
  restaurantSummaries,
  type LocationView,
  type RestaurantSummary,
  type ShopLanguage,
} from './restaurants.ts';
import type { AppDeps } from '#server/context.ts';

export type ConceptView = {
  id: number;
  slug: string;
  name: string;
  domain: string;
  country: Country;
  shortDescription: string;
  logo: string | null;
  showOnCompanyPortfolio: boolean;
  defaultRestaurant: string | null;
};

export type City = { slug: string; name: string; country: Country };

function conceptView(c: typeof concepts.$inferSelect): ConceptView {
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    domain: c.domain,
    country: countryOf(c.country),
    shortDescription: c.shortDescription,
    logo: c.logo,
    showOnCompanyPortfolio: c.showOnCompanyPortfolio,
    defaultRestaurant: c.defaultRestaurantSlug,
  };
}

/**
 * Cities are not a table: they are the distinct cities of the locations, named as the locations name them (in the
 * page's language where they have it).
 */
function citiesOf(list: LocationView[]): City[] {
  const bySlug = new Map<string, City>();
  for (const l of list)
    if (!bySlug.has(l.citySlug)) bySlug.set(l.citySlug, { slug: l.citySlug, name: l.city, country: l.country });
  return [...bySlug.values()].sort((a, b) => a.country.localeCompare(b.country) || a.name.localeCompare(b.name, 'pl'));
}

async function visibleLocations(db: Db, language: ShopLanguage | undefined): Promise<LocationView[]> {
  const rows = await db.select().from(locations).where(eq(locations.deleted, false)).orderBy(asc(locations.name));
  return rows.map((row) => locationView(row, language));
}

/** GET /api/getLocationsAndConcepts: what the footer and the city/concept pages link to, in `language`. */
export async function getLocationsAndConcepts(
  { db }: Pick<AppDeps, 'db'>,
  language?: ShopLanguage,
): Promise<{ locations: LocationView[]; concepts: ConceptView[]; cities: City[] }> {
  const list = await visibleLocations(db, language);
  const conceptRows = await db.select().from(concepts).where(eq(concepts.active, true)).orderBy(asc(concepts.name));
  return { locations: list, concepts: conceptRows.map(conceptView), cities: citiesOf(list) };
}

export async function getCity(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { slug, language }: { slug: string; language?: ShopLanguage },
): Promise<(City & { locations: LocationView[]; restaurants: RestaurantSummary[] }) | null> {
  const now = clock();
  const inCity = (await visibleLocations(db, language)).filter((l) => l.citySlug === slug);
  const [city] = citiesOf(inCity);
  if (!city) return null;
  const list = await restaurantSummaries(db, eq(locations.citySlug, slug), now, language);
  return { ...city, locations: inCity, restaurants: list };
}

export async function getLocation(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { slug, language }: { slug: string; language?: ShopLanguage },
): Promise<(LocationView & { restaurants: RestaurantSummary[] }) | null> {
  const now = clock();
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.slug, slug), eq(locations.deleted, false)));
  if (!row) return null;
  const list = await restaurantSummaries(db, eq(restaurants.locationId, row.id), now, language);
  return { ...locationView(row, language), restaurants: list };
}

/**
 * The restaurant whose menu a brand's site shows: its default restaurant, which the admin picks (decision 043);
 * null for an unknown or inactive brand, or one without a default restaurant yet.
 */
export async function defaultRestaurantOf({ db }: Pick<AppDeps, 'db'>, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ restaurant: concepts.defaultRestaurantSlug })
    .from(concepts)
    .where(and(eq(concepts.slug, slug), eq(concepts.active, true)));
  return row?.restaurant ?? null;
}

export type ConceptDetail = ConceptView & {
  description: string;
  chef: string | null;
  chefsComment: string | null;
  contactEmail: string;
  facebook: string | null;
  instagram: string | null;
  tiktok: string | null;
  cover: string | null;
  reviews: { id: number; author: string; city: string; text: string }[];
  restaurants: RestaurantSummary[];
};

export async function getConcept(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { slug, language }: { slug: string; language?: ShopLanguage },
): Promise<ConceptDetail | null> {
  const now = clock();
  const [row] = await db
    .select()
    .from(concepts)
    .where(and(eq(concepts.slug, slug), eq(concepts.active, true)));
  if (!row) return null;
  const reviews = await db
    .select({
      id: conceptReviews.id,
      author: conceptReviews.author,
      city: conceptReviews.city,
      text: conceptReviews.text,
    })
    .from(conceptReviews)
    .where(eq(conceptReviews.conceptId, row.id))
    .orderBy(asc(conceptReviews.id));
  return {
    ...conceptView(row),
    description: row.description,
    chef: row.chef,
    chefsComment: row.chefsComment,
    contactEmail: row.contactEmail,
    facebook: row.facebook,
    instagram: row.instagram,
    tiktok: row.tiktok,
    cover: row.cover,
    reviews,
    restaurants: await restaurantSummaries(db, eq(restaurants.conceptId, row.id), now, language),
  };
}
