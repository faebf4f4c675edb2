import type { Temporal } from 'temporal-polyfill';
import type { Query } from '#db/raw.ts';
import type { SlotCapacity, SlotLoad } from '#domain/kitchen-capacity.ts';
import * as ordersSql from '#db/statements/orders.ts';
import type { SlotCountRow } from '#db/statements/orders.ts';
import { run } from '#db/statements/statement.ts';
import { bookLockedSlot, pickStripe, type StripeBooking, type StripeCounts } from '#domain/kitchen-slot-stripes.ts';

/**
 * A kitchen's slot load and how its count stays exact under concurrency (decision 053). A slot's count is spread over
 * stripes, each a counter row with its share of the slot's limits (domain/kitchen-slot-stripes.ts). Place-order reads
 * the counters in its first round trip, without a kitchen lock, and an order claims one stripe whose share fits it:
 * its write statement counts it up there only while the stripe's share still fits it (kitchenSlotCtes in db/statements/orders.ts), judged under
 * that row's lock, held from the statement to the COMMIT travelling with it. Orders of one kitchen mostly claim
 * different rows, so their commits overlap. An order whose stripe filled up meanwhile writes nothing and tries again,
 * behind the kitchen's advisory lock (db/statements/orders.ts lockKitchenOfBasket) with the others that lost one. Where no stripe fits alone,
 * the order locks every stripe of its slot and is booked by the slot's total (lockedSlotBooking): none lost and no
 * slot over its capacity.
 */

/** What the kitchen's slots hold: the load each is judged by (hasRoom) and what each stripe was given. */
export type SlotCounters = {
  /** By slot (epoch ms): what its stripes were given, less its orders rejected or canceled since. */
  load: Map<number, SlotLoad>;
  /** By slot (epoch ms): what each stripe was given. */
  stripes: Map<number, StripeCounts>;
};

export function slotCountersOf(rows: readonly SlotCountRow[]): SlotCounters {
  const load = new Map<number, SlotLoad>();
  const stripes = new Map<number, Map<number, SlotLoad>>();
  const voided = new Map<number, SlotLoad>();
  for (const row of rows) {
    const slot = (row.slot instanceof Date ? row.slot : new Date(row.slot)).getTime();
    const { stripe } = row;
    const given = { orders: row.orders, items: row.items };
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
  return run(query, ordersSql.slotLoad, {
    basketId,
    from: window.from.toString(),
    to: window.to.toString(),
  }).then(slotCountersOf);
}

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

  if (!call.queued) await run(query, ordersSql.lockKitchen, { locationId: kitchen.locationId });
  const load = new Map(counters.load);
  for (;;) {
    const at = slot.toISOString();
    const stripe = { locationId: kitchen.locationId, slot: at };
    const [, rows, [voided]] = await Promise.all([
      run(query, ordersSql.ensureStripes, stripe),
      run(query, ordersSql.lockStripes, stripe),
      run(query, ordersSql.slotVoided, stripe),
    ]);
    const counts = new Map(rows.map((r) => [r.stripe, { orders: r.orders, items: r.items }]));
    const gone = { orders: voided?.orders ?? 0, items: voided?.items ?? 0 };
    const booking = bookLockedSlot(kitchen.capacity, counts, gone, items);
    if (booking) return { draft, claim: { booking, locked: true } };
    load.set(slot.getTime(), FULL);
    draft = call.draftAt(load);
    slot = call.slotOf(draft);
    if (!slot) return { draft, claim: null };
  }
}
