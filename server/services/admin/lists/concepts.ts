import { and, count, eq, sql } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { concepts, restaurants } from '#db/schema/index.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { bool, contains, offsetOf, pageSizeOf, orderOf, str } from './sql.ts';

/** The concepts (brands): name, slug, domain, country, active flag and how many restaurants each has. */
export async function listConcepts({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const q = str(query.filters['q']);
  const country = str(query.filters['country']);
  const active = bool(query.filters['active']);
  const where = and(
    q ? contains(q, concepts.name, concepts.slug, concepts.domain) : undefined,
    country ? eq(concepts.country, country) : undefined,
    active === undefined ? undefined : eq(concepts.active, active),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: concepts.id,
        name: concepts.name,
        slug: concepts.slug,
        domain: concepts.domain,
        country: concepts.country,
        active: concepts.active,
        // Qualified by hand: in a one-table select drizzle names a column without its table, which inside the subquery
        // would be the restaurant's own id.
        restaurants: sql<number>`(select count(*)::int from ${restaurants} as r where r.concept_id = ${concepts}.id)`,
      })
      .from(concepts)
      .where(where)
      .orderBy(...orderOf(query.sort, { name: concepts.name, slug: concepts.slug, id: concepts.id }, concepts.id))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    db.select({ count: count() }).from(concepts).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
