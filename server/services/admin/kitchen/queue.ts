import { and, asc, eq, inArray } from 'drizzle-orm';
import { concepts, orders, restaurants } from '#db/schema/index.ts';
import { allowedStaffActions, KITCHEN_STATUSES, type StaffAction } from '#domain/staff-actions.ts';
import { loadOrderViews, type OrderView } from '#server/services/orders/view.ts';
import type { AppDeps } from '#server/context.ts';

export type KitchenRestaurant = { id: number; slug: string; name: string; concept: string; acceptanceMinutes: number };
export type KitchenCard = OrderView & { actions: StaffAction[]; acceptedAt: string | null };
export type KitchenQueue = {
  restaurant: KitchenRestaurant;
  orders: KitchenCard[];
  /** The server's clock when read, so a board whose clock is off still counts the acceptance window right. */
  now: string;
};

/** The restaurant a board shows, by its slug (the address staff see and type): null for an unknown one. */
export async function findKitchenRestaurant(
  { db }: Pick<AppDeps, 'db'>,
  { slug }: { slug: string },
): Promise<KitchenRestaurant | null> {
  const [row] = await db
    .select({
      id: restaurants.id,
      slug: restaurants.slug,
      name: restaurants.name,
      concept: concepts.name,
      acceptanceMinutes: restaurants.acceptanceMinutes,
    })
    .from(restaurants)
    .innerJoin(concepts, eq(concepts.id, restaurants.conceptId))
    .where(eq(restaurants.slug, slug));
  return row ?? null;
}

/**
 * The orders a kitchen still works on (new, processing, ready), oldest first. Read whole on every change and on
 * every reconnect, so a board that missed events while offline is right again at once.
 */
export async function loadKitchenQueue(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  { restaurant }: { restaurant: KitchenRestaurant },
): Promise<KitchenQueue> {
  const now = clock();
  const rows = await db
    .select({ id: orders.id, acceptedAt: orders.acceptedAt })
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurant.id), inArray(orders.status, [...KITCHEN_STATUSES])))
    .orderBy(asc(orders.createdAt))
    .limit(200);
  const views = await loadOrderViews({ db, now: clock }, { ids: rows.map((r) => r.id) });
  const acceptedAt = new Map(rows.map((r) => [r.id, r.acceptedAt?.toISOString() ?? null]));
  return {
    restaurant,
    orders: views.map((view) => ({
      ...view,
      actions: allowedStaffActions(view.status, view.deliveryType),
      acceptedAt: acceptedAt.get(view.id) ?? null,
    })),
    now: now.toISOString(),
  };
}

/** What a board reacts to: which orders are there and in which status (the countdown ticks on the board). */
export const kitchenQueueKey = (queue: KitchenQueue) => queue.orders.map((o) => `${o.id}:${o.status}`).join(',');
