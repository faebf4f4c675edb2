import { and, count, eq, sql } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { locations, restaurants } from '#db/schema/index.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { contains, offsetOf, pageSizeOf, orderOf, str } from './sql.ts';

/** The locations: address, country, pickup and delivery flags, shared baskets, restaurants there; soft-deleted ones when asked. */
export async function listLocations({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const q = str(query.filters['q']);
  const country = str(query.filters['country']);
  const city = str(query.filters['city']);
  const deleted = str(query.filters['deleted']);
  const where = and(
    q ? contains(q, locations.name, locations.street, locations.city, locations.zip) : undefined,
    country ? eq(locations.country, country) : undefined,
    city ? contains(city, locations.city, locations.citySlug) : undefined,
    deleted === 'include' ? undefined : eq(locations.deleted, deleted === 'only'),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: locations.id,
        name: locations.name,
        slug: locations.slug,
        street: locations.street,
        no: locations.no,
        zip: locations.zip,
        city: locations.city,
        country: locations.country,
        pickupEnabled: locations.pickupEnabled,
        deliveryEnabled: locations.deliveryEnabled,
        sharedBaskets: locations.sharedBaskets,
        deleted: locations.deleted,
        // Spelled out: in a one-table select Drizzle writes column names unqualified, so `location_id = id` would
        // compare the restaurant's own columns (every location counted 1).
        restaurants: sql<number>`(select count(*)::int from ${restaurants} as r where r.location_id = ${locations}.id)`,
      })
      .from(locations)
      .where(where)
      .orderBy(...orderOf(query.sort, { name: locations.name, city: locations.city, id: locations.id }, locations.id))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    db.select({ count: count() }).from(locations).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
