import { and, count, eq } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { concepts, locations, restaurants } from '#db/schema/index.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { bool, contains, num, offsetOf, pageSizeOf, orderOf, str } from './sql.ts';

/** The restaurants with their concept and location, enabled (orders taken) and active flags. */
export async function listRestaurants({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const q = str(query.filters['q']);
  const concept = num(query.filters['concept']);
  const location = num(query.filters['location']);
  const country = str(query.filters['country']);
  const enabled = bool(query.filters['enabled']);
  const active = bool(query.filters['active']);
  const where = and(
    q ? contains(q, restaurants.name, restaurants.slug) : undefined,
    concept === undefined ? undefined : eq(restaurants.conceptId, concept),
    location === undefined ? undefined : eq(restaurants.locationId, location),
    country ? eq(locations.country, country) : undefined,
    enabled === undefined ? undefined : eq(restaurants.isEnabled, enabled),
    active === undefined ? undefined : eq(restaurants.active, active),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: restaurants.id,
        name: restaurants.name,
        slug: restaurants.slug,
        conceptId: concepts.id,
        concept: concepts.name,
        locationId: locations.id,
        location: locations.name,
        city: locations.city,
        country: locations.country,
        isEnabled: restaurants.isEnabled,
        active: restaurants.active,
      })
      .from(restaurants)
      .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
      .innerJoin(locations, eq(locations.id, restaurants.locationId))
      .where(where)
      .orderBy(
        ...orderOf(query.sort, { name: restaurants.name, slug: restaurants.slug, id: restaurants.id }, restaurants.id),
      )
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    db
      .select({ count: count() })
      .from(restaurants)
      .innerJoin(locations, eq(locations.id, restaurants.locationId))
      .where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
