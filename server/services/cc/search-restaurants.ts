import { and, eq, ilike, or } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { concepts, locations, restaurants } from '#db/schema/index.ts';
import { restaurantSummaries, type RestaurantSummary } from '../catalogue/restaurants.ts';

/** LIKE's own characters typed by someone are searched for, not obeyed. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The restaurants a call-centre agent can order from, found by a part of the restaurant's, the brand's or the
 * city's name or slug (any case): the catalogue's own summaries (open first, each with its state now), so the agent sees
 * what the caller would. An empty query lists them all; `locationId` keeps those cooked at that location (the brands a
 * shared basket there may hold).
 */
export async function searchRestaurants(
  ctx: Pick<ServiceCtx<'db'>, 'db' | 'now'>,
  input: { query: string; locationId?: number | undefined },
): Promise<RestaurantSummary[]> {
  const text = input.query.trim();
  const pattern = `%${literal(text)}%`;
  const where = text
    ? or(
        ilike(restaurants.name, pattern),
        ilike(concepts.name, pattern),
        ilike(locations.city, pattern),
        ilike(locations.name, pattern),
        // Slugs are Latin: 'kyiv' finds Київ for an agent typing without Cyrillic.
        ilike(restaurants.slug, pattern),
        ilike(locations.citySlug, pattern),
      )
    : undefined;
  const here = input.locationId === undefined ? undefined : eq(restaurants.locationId, input.locationId);
  return restaurantSummaries(ctx.db, and(where, here), ctx.now());
}
