import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { concepts, orders, restaurants } from '#db/schema/index.ts';
import type { AppDeps } from '#server/context.ts';

export type EscalatedOrder = {
  id: string;
  displayId: string;
  restaurant: { slug: string; name: string; concept: string; phone: string | null };
  escalatedAt: string;
  /** When the order will be rejected unless the restaurant accepts it. */
  acceptDeadline: string | null;
};

export type Escalations = {
  orders: EscalatedOrder[];
  /** The server's clock when read, so the screen counts down to each deadline by the server's time. */
  now: string;
};

/**
 * The orders escalated for waiting (escalate.ts) that are still new: the call centre phones their restaurants. An
 * order leaves the list as soon as it is accepted, rejected or timed out. The oldest deadline first: call it first.
 */
export async function loadEscalations({ db, now }: Pick<AppDeps, 'db' | 'now'>): Promise<Escalations> {
  const rows = await db
    .select({
      id: orders.id,
      displayId: orders.displayId,
      slug: restaurants.slug,
      name: restaurants.name,
      concept: concepts.name,
      phone: restaurants.phone,
      escalatedAt: orders.escalatedAt,
      acceptDeadline: orders.acceptDeadline,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(and(eq(orders.status, 'new'), isNotNull(orders.escalatedAt)))
    .orderBy(asc(orders.acceptDeadline), asc(orders.createdAt))
    .limit(100);
  return {
    // The query keeps escalated orders only; the type does not know it.
    orders: rows.flatMap((row) =>
      row.escalatedAt
        ? [
            {
              id: row.id,
              displayId: row.displayId,
              restaurant: { slug: row.slug, name: row.name, concept: row.concept, phone: row.phone },
              escalatedAt: row.escalatedAt.toISOString(),
              acceptDeadline: row.acceptDeadline?.toISOString() ?? null,
            },
          ]
        : [],
    ),
    now: now().toISOString(),
  };
}

/** What the card reacts to: which orders are listed (the countdowns tick on the screen). */
export const escalationsKey = (escalations: Escalations) => escalations.orders.map((o) => o.id).join(',');
