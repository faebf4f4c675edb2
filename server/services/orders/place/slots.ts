import type { Temporal } from 'temporal-polyfill';
import type { Query } from '#db/raw.ts';
import type { SlotLoad } from '#domain/kitchen-capacity.ts';

/**
 * A kitchen's slot load and the lock that keeps it right under concurrency (decision 053). Both are named by the
 * basket, so place-order sends them in its first round trip, behind the basket's lock: the advisory lock of the
 * basket's kitchen, taken only where the kitchen limits its slots, queues every order of that kitchen until the one
 * ahead commits; the load read behind it is a new statement, so it sees what that order wrote. The lock ends with the
 * transaction, whose commit travels with the order's one write statement: one order of a throttled kitchen at a time
 * between its first and second round trip, none lost and no slot over its capacity.
 */

/** The advisory lock's first key: kitchen capacity (the second is the location's id). */
const LOCK_CLASS = 53;

export const KITCHEN_LOCK_SQL = `select pg_advisory_xact_lock(${LOCK_CLASS}, l.id)::text as locked
  from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
  where b.id = $1::text::uuid and (l.slot_orders is not null or l.slot_items is not null)`;

/**
 * What each slot of the basket's kitchen holds, over every brand cooked there: orders still on their way to the
 * customer (a rejected or canceled order frees its place), and their items. Read only where the kitchen limits its
 * slots; $2 and $3 bound the slots read.
 */
export const SLOT_LOAD_SQL = `select o.scheduled_for as slot, count(*)::int as orders,
    coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = o.id)), 0)::int as items
  from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
  join restaurants k on k.location_id = l.id
  join orders o on o.restaurant_id = k.id
  where b.id = $1::text::uuid and (l.slot_orders is not null or l.slot_items is not null)
    and o.scheduled_for >= $2::text::timestamptz and o.scheduled_for < $3::text::timestamptz
    and o.status not in ('rejected', 'canceled')
  group by o.scheduled_for`;

export function slotLoadOf(rows: Record<string, unknown>[]): Map<number, SlotLoad> {
  const load = new Map<number, SlotLoad>();
  for (const row of rows) {
    const at = row['slot'] instanceof Date ? row['slot'].getTime() : new Date(String(row['slot'])).getTime();
    load.set(at, { orders: Number(row['orders']), items: Number(row['items']) });
  }
  return load;
}

export function slotLoad(query: Query, basketId: string, window: { from: Temporal.Instant; to: Temporal.Instant }) {
  return query(SLOT_LOAD_SQL, [basketId, window.from.toString(), window.to.toString()]).then(slotLoadOf);
}
