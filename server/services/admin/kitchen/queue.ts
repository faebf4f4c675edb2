import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { concepts, orderItems, orders, restaurants } from '#db/schema/index.ts';
import { allowedStaffActions, KITCHEN_STATUSES, type StaffAction } from '#domain/staff-actions.ts';
import { loadOrderViews, type OrderView } from '#server/services/orders/view.ts';
import type { AppDeps, ServiceCtx } from '#server/context.ts';
import type { Db } from '#db/client.ts';
import { alarmRinging } from '#domain/kitchen-alarms.ts';
import { actorUserId } from '#server/services/actor.ts';
import { recordAudit } from '#server/services/orders/bookkeeping.ts';
import { announceOrderChange, transactionAnnouncing } from '#server/services/orders/events.ts';
import { kitchenBusyState, type KitchenBusyState } from '#server/services/capacity/busy.ts';
import { hoursByRestaurant } from '#server/services/catalogue/restaurants.ts';
import { kitchenSchedule } from '#domain/hours.ts';
import type { KitchenSchedule } from '#domain/kitchen-shift.ts';
import { Temporal } from 'temporal-polyfill';

export type KitchenRestaurant = { id: number; slug: string; name: string; concept: string; acceptanceMinutes: number };
export type KitchenCard = OrderView & {
  actions: StaffAction[];
  acceptedAt: string | null;
  /** Still ringing on the kitchen's boards: nobody has acknowledged, accepted or rejected it (alarmRinging). */
  alarm: boolean;
  /** When it was escalated to the managers and the call centre for waiting too long; null while it was not. */
  escalatedAt: string | null;
};
export type KitchenQueue = {
  restaurant: KitchenRestaurant;
  orders: KitchenCard[];
  /** The server's clock when read, so a board whose clock is off still counts the acceptance window right. */
  now: string;
  /** The kitchen (location) cooking this restaurant, and its busy mode in force (issue 34). */
  kitchen: KitchenBusyState;
  /** The restaurant's openings for a week and its ranges for three days: the board says whether it is open (issue 38). */
  schedule: KitchenSchedule;
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
 * An order this restaurant cooks for: its own, or a shared basket's order (issue 35, decision 066) with a line of
 * this brand, which every board of the brands in it shows as one card.
 */
const cookedBy = (restaurantId: number) =>
  or(
    eq(orders.restaurantId, restaurantId),
    sql`exists (select from ${orderItems} where ${orderItems.orderId} = ${orders.id}
      and ${orderItems.restaurantId} = ${restaurantId})`,
  );

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
    .select({
      id: orders.id,
      acceptedAt: orders.acceptedAt,
      alarmAcknowledgedAt: orders.alarmAcknowledgedAt,
      escalatedAt: orders.escalatedAt,
    })
    .from(orders)
    .where(and(cookedBy(restaurant.id), inArray(orders.status, [...KITCHEN_STATUSES])))
    .orderBy(asc(orders.createdAt))
    .limit(200);
  const [views, kitchen, hours] = await Promise.all([
    loadOrderViews({ db, now: clock }, { ids: rows.map((r) => r.id) }),
    kitchenBusyState({ db, now: clock }, { restaurantId: restaurant.id }),
    hoursByRestaurant(db, [restaurant.id]),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    restaurant,
    orders: views.map((view) => {
      const row = byId.get(view.id);
      return {
        ...view,
        actions: allowedStaffActions(view.status, view.deliveryType),
        acceptedAt: row?.acceptedAt?.toISOString() ?? null,
        alarm: alarmRinging({ status: view.status, alarmAcknowledgedAt: row?.alarmAcknowledgedAt ?? null }),
        escalatedAt: row?.escalatedAt?.toISOString() ?? null,
      };
    }),
    now: now.toISOString(),
    kitchen,
    schedule: kitchenSchedule(
      hours.get(restaurant.id) ?? [],
      kitchen.timeZone,
      Temporal.Instant.fromEpochMilliseconds(now.getTime()),
    ),
  };
}

/**
 * What a board reacts to: which orders are there, in which status, and whether each still rings (an acknowledgement
 * on one tablet silences the others). The countdown ticks on the board.
 */
export const kitchenQueueKey = (queue: KitchenQueue) =>
  `${JSON.stringify(queue.kitchen.busy)}|${JSON.stringify(queue.schedule.days)}|` +
  queue.orders.map((o) => `${o.id}:${o.status}:${o.alarm ? 'ringing' : 'quiet'}`).join(',');

/**
 * Someone at a board has noticed an order: it stops ringing on every board of its kitchen (the change is announced,
 * so their streams send the queue again). Only an order of this restaurant that still rings is changed; answers false
 * when the order is not this restaurant's, so the route says notFound. Acknowledging twice is no error.
 */
export async function acknowledgeAlarm(
  deps: ServiceCtx<'db' | 'now'>,
  { restaurant, orderId }: { restaurant: KitchenRestaurant; orderId: string },
): Promise<boolean> {
  const now = deps.now();
  return transactionAnnouncing(deps.db as Db, async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, acknowledged: orders.alarmAcknowledgedAt })
      .from(orders)
      .where(and(eq(orders.id, orderId), cookedBy(restaurant.id)))
      .for('update');
    if (!order) return false;
    if (order.acknowledged) return true;
    await tx.update(orders).set({ alarmAcknowledgedAt: now }).where(eq(orders.id, orderId));
    await recordAudit(tx, {
      at: now,
      actorUserId: actorUserId(deps.actor),
      action: 'order.alarmAcknowledged',
      entity: 'order',
      entityId: orderId,
      data: {},
    });
    await announceOrderChange(tx, orderId);
    return true;
  });
}
