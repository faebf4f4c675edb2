import { hasRoom, type SlotCapacity, type SlotLoad } from './kitchen-capacity.ts';

/**
 * A throttled slot's count spread over stripes (decision 053): each stripe is its own counter row with its share of
 * the slot's limits, so that orders of one kitchen claim different rows and their commits overlap, where one counter
 * row per slot made each wait for the commit (and WAL flush) of the order ahead.
 *
 * Two ways in, both exact:
 * - an order claims one stripe alone while the order fits that stripe's share by the stripe's own count, judged under
 *   the stripe row's lock (no voided order is taken off there: that errs on the full side);
 * - where no stripe fits alone (what is left is spread over several stripes, or was given back by orders rejected or
 *   canceled since), the order locks every stripe of the slot and is booked by the slot's total less its voided
 *   orders (hasRoom), filling the stripes' unused shares first; only what voided orders gave back goes past a share
 *   (onto stripe 0).
 * Either way the orders a slot keeps never exceed its limits (the property test models both against voids).
 */

/** How many counter rows a throttled slot's count is spread over. */
export const SLOT_STRIPES = 4;

/** A stripe's share of a slot's limit: the limit split as evenly as whole numbers allow; the shares add up to it. */
export function stripeShare(limit: number, stripe: number): number {
  return Math.floor(limit / SLOT_STRIPES) + (stripe < limit % SLOT_STRIPES ? 1 : 0);
}

/** What each stripe of a slot was given, by stripe number (a missing stripe was given nothing). */
export type StripeCounts = ReadonlyMap<number, SlotLoad>;

const NOTHING: SlotLoad = { orders: 0, items: 0 };

/** Whether an order of `items` items fits stripe `stripe`'s own share, by what the stripe was given. */
export function fitsStripe(capacity: SlotCapacity, counts: StripeCounts, stripe: number, items: number): boolean {
  const given = counts.get(stripe) ?? NOTHING;
  if (capacity.orders !== null && given.orders + 1 > stripeShare(capacity.orders, stripe)) return false;
  if (capacity.items !== null && given.items + items > stripeShare(capacity.items, stripe)) return false;
  return true;
}

/**
 * The stripe an order claims alone: one at random of those whose share still fits it, so that concurrent orders
 * mostly claim different rows; null when none does (then the order books the slot as a whole, bookLockedSlot).
 */
export function pickStripe(
  capacity: SlotCapacity,
  counts: StripeCounts,
  items: number,
  random: () => number = Math.random,
): number | null {
  const fitting: number[] = [];
  for (let stripe = 0; stripe < SLOT_STRIPES; stripe++) {
    if (fitsStripe(capacity, counts, stripe, items)) fitting.push(stripe);
  }
  if (fitting.length === 0) return null;
  return fitting[Math.min(fitting.length - 1, Math.floor(random() * fitting.length))] ?? null;
}

/** What an order adds to each stripe it is counted in. */
export type StripeBooking = { stripe: number; orders: number; items: number };

/** `amount` over the stripes' unused shares of `limit`, stripe by stripe; what is left past them onto stripe 0. */
function spread(amount: number, limit: number | null, given: (stripe: number) => number): number[] {
  const parts = Array.from({ length: SLOT_STRIPES }, () => 0);
  let left = amount;
  if (limit !== null) {
    for (let stripe = 0; stripe < SLOT_STRIPES && left > 0; stripe++) {
      const part = Math.min(left, Math.max(0, stripeShare(limit, stripe) - given(stripe)));
      parts[stripe] = part;
      left -= part;
    }
  }
  parts[0] = (parts[0] ?? 0) + left;
  return parts;
}

/**
 * An order booked in a slot whose every stripe it holds locked: by the slot's total less its voided orders (as the
 * load is judged everywhere, hasRoom); null when the slot has no room for it. Unused shares are filled first, so what
 * goes past a share is never more than voided orders gave back, and orders claiming a stripe alone cannot then
 * overfill the slot.
 */
export function bookLockedSlot(
  capacity: SlotCapacity,
  counts: StripeCounts,
  voided: SlotLoad,
  items: number,
): StripeBooking[] | null {
  let orders = -voided.orders;
  let givenItems = -voided.items;
  for (const count of counts.values()) {
    orders += count.orders;
    givenItems += count.items;
  }
  if (!hasRoom(capacity, { orders, items: givenItems }, items)) return null;
  const ordersParts = spread(1, capacity.orders, (s) => (counts.get(s) ?? NOTHING).orders);
  const itemsParts = spread(items, capacity.items, (s) => (counts.get(s) ?? NOTHING).items);
  const booking: StripeBooking[] = [];
  for (let stripe = 0; stripe < SLOT_STRIPES; stripe++) {
    const part = { stripe, orders: ordersParts[stripe] ?? 0, items: itemsParts[stripe] ?? 0 };
    if (part.orders > 0 || part.items > 0) booking.push(part);
  }
  return booking;
}

/**
 * A slot's total (orders, items) over its stripes as counters rebuilt from orders are laid out: the unused shares
 * filled stripe by stripe, the rest (a slot over its limits, from orders placed while throttling was off) onto stripe 0.
 * The SQL that rebuilds the counters does the same (services/capacity/counters.ts).
 */
export function rebuiltStripes(capacity: SlotCapacity, total: SlotLoad): StripeBooking[] {
  const ordersParts = spread(total.orders, capacity.orders, () => 0);
  const itemsParts = spread(total.items, capacity.items, () => 0);
  return Array.from({ length: SLOT_STRIPES }, (_, stripe) => ({
    stripe,
    orders: ordersParts[stripe] ?? 0,
    items: itemsParts[stripe] ?? 0,
  })).filter((part) => part.orders > 0 || part.items > 0);
}
