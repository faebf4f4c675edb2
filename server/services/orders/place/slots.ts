import type { Temporal } from 'temporal-polyfill';
import type { Query } from '#db/raw.ts';
import type { SlotLoad } from '#domain/kitchen-capacity.ts';

/**
 * A kitchen's slot load and how its count stays exact under concurrency (decision 053). The load is named by the
 * basket, so place-order reads it in its first round trip, without a kitchen lock. Its write statement counts the order
 * up only while the slot still has room (kitchenSlotCtes), judged under the counter row's lock, which is held from
 * that statement to the COMMIT travelling with it; an order whose slot filled up meanwhile writes nothing and tries
 * again, then behind the kitchen's advisory lock (KITCHEN_LOCK_SQL) with the others that lost a slot: none lost and no
 * slot over its capacity.
 */

/** The advisory lock's first key: kitchen capacity (the second is the location's id). */
const LOCK_CLASS = 53;

export const KITCHEN_LOCK_SQL = `select pg_advisory_xact_lock(${LOCK_CLASS}, l.id)::text as locked
  from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
  where b.id = $1::text::uuid and (l.slot_orders is not null or l.slot_items is not null)`;

/**
 * What each slot of the basket's kitchen holds, over every brand cooked there: what its counter was given (the write
 * statement counts each order up, KITCHEN_SLOT_SQL), less the orders of the slot rejected or canceled since (a
 * partial index keeps those few at hand). Read only where the kitchen limits its slots; $2 and $3 bound the slots.
 */
export const SLOT_LOAD_SQL = `select ks.slot, ks.orders - coalesce(v.orders, 0) as orders, ks.items - coalesce(v.items, 0) as items
  from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
  join kitchen_slots ks on ks.location_id = l.id
  left join lateral (
    select count(*)::int as orders,
      coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = o.id)), 0)::int as items
    from orders o join restaurants k on k.id = o.restaurant_id
    where o.scheduled_for = ks.slot and o.status in ('rejected', 'canceled') and o.scheduled_for is not null
      and k.location_id = l.id
  ) v on true
  where b.id = $1::text::uuid and (l.slot_orders is not null or l.slot_items is not null)
    and ks.slot >= $2::text::timestamptz and ks.slot < $3::text::timestamptz`;

/**
 * The write statement's first parts (write.ts, decision 053): `kitchen` is the order's kitchen where it limits its
 * slots (no row otherwise, and then nothing here reads or writes more); `slotted` counts the order up in its slot only
 * while the slot still has room, judged on the counter's latest committed value under its row lock (as hasRoom
 * judges it: the counter less the slot's voided orders); `room` is false when the kitchen limits its slots and the
 * order's slot had none left, and then the rest of the statement writes nothing and place-order tries again. The row
 * lock is held from this statement to the COMMIT that travels with it. $slot, $items and $restaurantId name the
 * statement's parameters.
 */
export const kitchenSlotCtes = (p: { slot: string; items: string; restaurantId: string }) => `kitchen as (
  select l.id, l.slot_orders, l.slot_items
  from restaurants r join locations l on l.id = r.location_id
  where r.id = ${p.restaurantId} and (l.slot_orders is not null or l.slot_items is not null)
), voided as (
  select count(*)::int as orders,
    coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = o.id)), 0)::int as items
  from orders o join restaurants k on k.id = o.restaurant_id
  where o.scheduled_for = ${p.slot} and o.status in ('rejected', 'canceled') and o.scheduled_for is not null
    and k.location_id = (select id from kitchen)
), slotted as (
  insert into kitchen_slots as ks (location_id, slot, orders, items)
  select k.id, ${p.slot}, 1, ${p.items}
  from kitchen k
  where ${p.slot} is not null and (k.slot_orders is null or 1 <= k.slot_orders)
    and (k.slot_items is null or ${p.items} <= k.slot_items)
  on conflict (location_id, slot) do update
    set orders = ks.orders + 1, items = ks.items + excluded.items
    where (select (k.slot_orders is null or ks.orders - v.orders + 1 <= k.slot_orders)
        and (k.slot_items is null or ks.items - v.items + excluded.items <= k.slot_items)
      from kitchen k, voided v)
  returning 1
), room as (
  select not exists (select from kitchen) or ${p.slot} is null or exists (select from slotted) as ok
)`;

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
