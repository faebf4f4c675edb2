import type { Temporal } from 'temporal-polyfill';
import type { Query } from '#db/raw.ts';
import type { SlotCapacity, SlotLoad } from '#domain/kitchen-capacity.ts';
import {
  bookLockedSlot,
  pickStripe,
  SLOT_STRIPES,
  type StripeBooking,
  type StripeCounts,
} from '#domain/kitchen-slot-stripes.ts';

/**
 * A kitchen's slot load and how its count stays exact under concurrency (decision 053). A slot's count is spread over
 * stripes, each a counter row with its share of the slot's limits (domain/kitchen-slot-stripes.ts). Place-order reads
 * the counters in its first round trip, without a kitchen lock, and an order claims one stripe whose share fits it:
 * its write statement counts it up there only while the stripe's share still fits it (kitchenSlotCtes), judged under
 * that row's lock, held from the statement to the COMMIT travelling with it. Orders of one kitchen mostly claim
 * different rows, so their commits overlap. An order whose stripe filled up meanwhile writes nothing and tries again,
 * behind the kitchen's advisory lock (KITCHEN_LOCK_SQL) with the others that lost one. Where no stripe fits alone,
 * the order locks every stripe of its slot and is booked by the slot's total (lockedSlotBooking): none lost and no
 * slot over its capacity.
 */

/** The advisory lock's first key: kitchen capacity (the second is the location's id). */
const LOCK_CLASS = 53;

export const KITCHEN_LOCK_SQL = `select pg_advisory_xact_lock(${LOCK_CLASS}, l.id)::text as locked
  from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
  where b.id = $1::text::uuid and (l.slot_orders is not null or l.slot_items is not null)`;

/** The same lock by the kitchen's id, for a try that turns to booking its slot as a whole. */
const KITCHEN_LOCK_BY_ID_SQL = `select pg_advisory_xact_lock(${LOCK_CLASS}, $1::int)::text as locked`;

/** The orders of the kitchen's slots rejected or canceled (a partial index keeps those few at hand). */
const voidedOrdersSql = (kitchen: string, slotCondition: string) => `select o.scheduled_for as slot,
    count(*)::int as orders,
    coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = o.id)), 0)::int as items
  from orders o join restaurants k on k.id = o.restaurant_id
  where ${slotCondition} and o.status in ('rejected', 'canceled') and o.scheduled_for is not null
    and k.location_id = ${kitchen}
  group by o.scheduled_for`;

/**
 * What each stripe of each slot of the basket's kitchen was given (the write statement counts each order up), and, as
 * stripe −1, the orders of each slot rejected or canceled since, which its load does not hold any more. Over every
 * brand cooked there; read only where the kitchen limits its slots; $2 and $3 bound the slots.
 */
export const SLOT_LOAD_SQL = `with kitchen as (
  select l.id from baskets b join restaurants r on r.id = b.restaurant_id join locations l on l.id = r.location_id
  where b.id = $1::text::uuid and (l.slot_orders is not null or l.slot_items is not null)
)
select ks.slot, ks.stripe, ks.orders, ks.items
from kitchen_slots ks join kitchen on ks.location_id = kitchen.id
where ks.slot >= $2::text::timestamptz and ks.slot < $3::text::timestamptz
union all
select v.slot, -1, v.orders, v.items from (${voidedOrdersSql(
  '(select id from kitchen)',
  'o.scheduled_for >= $2::text::timestamptz and o.scheduled_for < $3::text::timestamptz',
)}) v`;

/** A stripe's share of a limit, as stripeShare computes it (SQL expressions in). */
const shareSql = (limit: string, stripe: string) =>
  `(${limit} / ${SLOT_STRIPES} + (${stripe} < ${limit} % ${SLOT_STRIPES})::int)`;

/**
 * The write statement's first parts (write.ts, decision 053): `kitchen` is the order's kitchen where it limits its
 * slots (no row otherwise, and then nothing here reads or writes more); `slotted` counts the order up as `booking`
 * says: in the one stripe it claims, only while that stripe's share still fits it, judged on the counter's latest
 * committed value under its row lock; or, booked with every stripe of the slot locked ($locked), as booked. `room` is
 * false when the kitchen limits its slots and the stripe had no room left, and then the rest of the statement writes
 * nothing and place-order tries again. Row locks are held from this statement to the COMMIT that travels with it.
 * The arguments name the statement's parameters.
 */
export const kitchenSlotCtes = (p: { slot: string; booking: string; locked: string; restaurantId: string }) => {
  const fits = (orders: string, items: string, stripe: string) =>
    `(k.slot_orders is null or ${orders} <= ${shareSql('k.slot_orders', stripe)})
      and (k.slot_items is null or ${items} <= ${shareSql('k.slot_items', stripe)})`;
  return `kitchen as (
  select l.id, l.slot_orders, l.slot_items
  from restaurants r join locations l on l.id = r.location_id
  where r.id = ${p.restaurantId} and (l.slot_orders is not null or l.slot_items is not null)
), booking as (
  select b.stripe, b.orders, b.items from jsonb_to_recordset(${p.booking}) as b(stripe int, orders int, items int)
), slotted as (
  insert into kitchen_slots as ks (location_id, slot, stripe, orders, items)
  select k.id, ${p.slot}, b.stripe, b.orders, b.items
  from kitchen k, booking b
  where ${p.slot} is not null and (${p.locked} or ${fits('b.orders', 'b.items', 'b.stripe')})
  on conflict (location_id, slot, stripe) do update
    set orders = ks.orders + excluded.orders, items = ks.items + excluded.items
    where ${p.locked} or (select ${fits('ks.orders + excluded.orders', 'ks.items + excluded.items', 'ks.stripe')}
      from kitchen k)
  returning 1
), room as (
  select not exists (select from kitchen) or ${p.slot} is null
    or (select count(*) from slotted) = (select count(*) from booking) and exists (select from booking) as ok
)`;
};

/** What the kitchen's slots hold: the load each is judged by (hasRoom) and what each stripe was given. */
export type SlotCounters = {
  /** By slot (epoch ms): what its stripes were given, less its orders rejected or canceled since. */
  load: Map<number, SlotLoad>;
  /** By slot (epoch ms): what each stripe was given. */
  stripes: Map<number, StripeCounts>;
};

const epochOf = (value: unknown) => (value instanceof Date ? value.getTime() : new Date(String(value)).getTime());

export function slotCountersOf(rows: Record<string, unknown>[]): SlotCounters {
  const load = new Map<number, SlotLoad>();
  const stripes = new Map<number, Map<number, SlotLoad>>();
  const voided = new Map<number, SlotLoad>();
  for (const row of rows) {
    const slot = epochOf(row['slot']);
    const stripe = Number(row['stripe']);
    const given = { orders: Number(row['orders']), items: Number(row['items']) };
    if (stripe < 0) {
      voided.set(slot, given);
      continue;
    }
    let counts = stripes.get(slot);
    if (!counts) stripes.set(slot, (counts = new Map()));
    counts.set(stripe, given);
    const total = load.get(slot) ?? { orders: 0, items: 0 };
    load.set(slot, { orders: total.orders + given.orders, items: total.items + given.items });
  }
  // A slot's voided orders are taken off where it has counters (a slot without any was never throttled).
  for (const [slot, total] of load) {
    const gone = voided.get(slot);
    if (gone) load.set(slot, { orders: total.orders - gone.orders, items: total.items - gone.items });
  }
  return { load, stripes };
}

export function slotCounters(
  query: Query,
  basketId: string,
  window: { from: Temporal.Instant; to: Temporal.Instant },
): Promise<SlotCounters> {
  return query(SLOT_LOAD_SQL, [basketId, window.from.toString(), window.to.toString()]).then(slotCountersOf);
}

/**
 * A slot's every stripe, there for sure (an insert waits for another order's uncommitted one of the same stripe) and
 * then locked, so that its counts are the latest and nothing changes them until this order commits; with the slot's
 * voided orders, read behind the lock. Three statements, one round trip.
 */
const ENSURE_STRIPES_SQL = `insert into kitchen_slots (location_id, slot, stripe, orders, items)
  select $1::int, $2::text::timestamptz, s, 0, 0 from generate_series(0, ${SLOT_STRIPES - 1}) as s
  on conflict do nothing`;
const LOCK_STRIPES_SQL = `select stripe, orders, items from kitchen_slots
  where location_id = $1::int and slot = $2::text::timestamptz order by stripe for update`;
const SLOT_VOIDED_SQL = voidedOrdersSql('$1::int', 'o.scheduled_for = $2::text::timestamptz');

/** How place-order counts an order in its slot (write.ts). */
export type SlotClaim = { booking: StripeBooking[]; locked: boolean };

/** A load no order fits: a slot found full once locked. */
const FULL: SlotLoad = { orders: Number.MAX_SAFE_INTEGER / 2, items: Number.MAX_SAFE_INTEGER / 2 };

/**
 * The order's draft and how it is counted in its slot. The draft picks the slot by the load read (the first with room,
 * or the customer's); the order then claims one stripe of it whose share fits (no lock: its write judges that under
 * the row's lock). Where none fits, the try takes the kitchen's lock (unless queued behind it already), locks the
 * slot's stripes and books it by the slot's total; a slot found full that way is drafted again as full, so an ASAP
 * order moves to the next slot with room and a chosen one is refused (slotUnavailable, from the draft).
 */
export async function claimSlot<Draft>(
  query: Query,
  call: {
    kitchen: { locationId: number; capacity: SlotCapacity } | null;
    counters: SlotCounters;
    items: number;
    queued: boolean;
    draftAt: (load: ReadonlyMap<number, SlotLoad>) => Draft;
    slotOf: (draft: Draft) => Date | null;
  },
): Promise<{ draft: Draft; claim: SlotClaim | null }> {
  const { kitchen, counters, items } = call;
  let draft = call.draftAt(counters.load);
  let slot = call.slotOf(draft);
  if (!kitchen || !slot) return { draft, claim: null };
  const stripe = pickStripe(kitchen.capacity, counters.stripes.get(slot.getTime()) ?? new Map(), items);
  if (stripe !== null) return { draft, claim: { booking: [{ stripe, orders: 1, items }], locked: false } };

  if (!call.queued) await query(KITCHEN_LOCK_BY_ID_SQL, [kitchen.locationId]);
  const load = new Map(counters.load);
  for (;;) {
    const at = slot.toISOString();
    const [, rows, [voided]] = await Promise.all([
      query(ENSURE_STRIPES_SQL, [kitchen.locationId, at]),
      query(LOCK_STRIPES_SQL, [kitchen.locationId, at]),
      query(SLOT_VOIDED_SQL, [kitchen.locationId, at]),
    ]);
    const counts = new Map(
      rows.map((r) => [Number(r['stripe']), { orders: Number(r['orders']), items: Number(r['items']) }]),
    );
    const gone = { orders: Number(voided?.['orders'] ?? 0), items: Number(voided?.['items'] ?? 0) };
    const booking = bookLockedSlot(kitchen.capacity, counts, gone, items);
    if (booking) return { draft, claim: { booking, locked: true } };
    load.set(slot.getTime(), FULL);
    draft = call.draftAt(load);
    slot = call.slotOf(draft);
    if (!slot) return { draft, claim: null };
  }
}
