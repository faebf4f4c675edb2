import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SlotCapacity, SlotLoad } from './kitchen-capacity.ts';
import {
  SLOT_STRIPES,
  bookLockedSlot,
  fitsStripe,
  pickStripe,
  rebuiltStripes,
  type StripeBooking,
  stripeShare,
} from './kitchen-slot-stripes.ts';

const countsOf = (bookings: StripeBooking[][]) => {
  const counts = new Map<number, SlotLoad>();
  for (const booking of bookings)
    for (const part of booking) {
      const given = counts.get(part.stripe) ?? { orders: 0, items: 0 };
      counts.set(part.stripe, { orders: given.orders + part.orders, items: given.items + part.items });
    }
  return counts;
};

describe('stripeShare', () => {
  it('splits a limit as evenly as whole numbers allow, the shares adding up to it', () => {
    expect(Array.from({ length: SLOT_STRIPES }, (_, s) => stripeShare(10, s))).toEqual([3, 3, 2, 2]);
    expect(Array.from({ length: SLOT_STRIPES }, (_, s) => stripeShare(1, s))).toEqual([1, 0, 0, 0]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (limit) => {
        const shares = Array.from({ length: SLOT_STRIPES }, (_, s) => stripeShare(limit, s));
        expect(shares.reduce((a, b) => a + b, 0)).toBe(limit);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('pickStripe', () => {
  it('picks only a stripe whose own share fits the order, or none', () => {
    const capacity = { orders: 10, items: 20 };
    const counts = new Map([
      [0, { orders: 3, items: 3 }],
      [1, { orders: 1, items: 4 }],
      [2, { orders: 0, items: 0 }],
    ]);
    // Stripe 0 has no place left, stripe 1 too few items (5 share), stripes 2 and 3 fit.
    expect(fitsStripe(capacity, counts, 0, 2)).toBe(false);
    expect(fitsStripe(capacity, counts, 1, 2)).toBe(false);
    expect(pickStripe(capacity, counts, 2, () => 0)).toBe(2);
    expect(pickStripe(capacity, counts, 2, () => 0.99)).toBe(3);
    // 6 items fit no stripe's share of 5, though the slot has 13 left.
    expect(pickStripe(capacity, counts, 6)).toBeNull();
    expect(pickStripe({ orders: null, items: null }, counts, 99, () => 0.5)).toBe(2);
  });
});

describe('bookLockedSlot', () => {
  it('fills unused shares first and answers null when the slot has no room', () => {
    const capacity = { orders: null, items: 10 };
    const counts = new Map([
      [0, { orders: 1, items: 3 }],
      [1, { orders: 1, items: 3 }],
    ]);
    expect(bookLockedSlot(capacity, counts, { orders: 0, items: 0 }, 3)).toEqual([
      { stripe: 0, orders: 1, items: 0 },
      { stripe: 2, orders: 0, items: 2 },
      { stripe: 3, orders: 0, items: 1 },
    ]);
    expect(bookLockedSlot(capacity, counts, { orders: 0, items: 0 }, 5)).toBeNull();
    // What a rejected order gave back goes past stripe 0's share.
    const full = new Map([
      [0, { orders: 1, items: 3 }],
      [1, { orders: 1, items: 3 }],
      [2, { orders: 1, items: 2 }],
      [3, { orders: 1, items: 2 }],
    ]);
    expect(bookLockedSlot(capacity, full, { orders: 1, items: 3 }, 3)).toEqual([{ stripe: 0, orders: 1, items: 3 }]);
  });

  it('rebuilt counters fill the shares stripe by stripe, what is past the limits onto stripe 0', () => {
    expect(rebuiltStripes({ orders: 10, items: null }, { orders: 7, items: 9 })).toEqual([
      { stripe: 0, orders: 3, items: 9 },
      { stripe: 1, orders: 3, items: 0 },
      { stripe: 2, orders: 1, items: 0 },
    ]);
    expect(rebuiltStripes({ orders: 2, items: null }, { orders: 5, items: 5 })).toEqual([
      { stripe: 0, orders: 4, items: 5 },
      { stripe: 1, orders: 1, items: 0 },
    ]);
  });

  // The model: orders claim a stripe alone or book the locked slot, orders are voided, in any interleaving (each
  // step atomic, as the row locks make it); the orders the slot keeps never exceed its limits, and the locked booking
  // refuses an order only when the slot truly has no room for it.
  it('never keeps more than the slot’s limits, and refuses only what does not fit', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('claim' as const),
        items: fc.integer({ min: 1, max: 6 }),
        r: fc.double({ min: 0, max: 1, maxExcluded: true }),
      }),
      fc.record({ kind: fc.constant('locked' as const), items: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ kind: fc.constant('void' as const), which: fc.nat() }),
    );
    const capacity = fc.record({
      orders: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
      items: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        capacity,
        fc.record({ orders: fc.integer({ min: 0, max: 8 }), items: fc.integer({ min: 0, max: 20 }) }),
        fc.array(step, { maxLength: 60 }),
        (limits: SlotCapacity, before: SlotLoad, steps) => {
          // Counters rebuilt from orders placed while throttling was off (possibly over the limits already).
          const placed: { booking: StripeBooking[]; items: number; voided: boolean }[] = [];
          const rebuilt = rebuiltStripes(limits, before);
          const base = countsOf([rebuilt]);
          const kept = () => {
            const live = placed.filter((p) => !p.voided);
            return { orders: before.orders + live.length, items: before.items + live.reduce((n, p) => n + p.items, 0) };
          };
          const voided = () => {
            const gone = placed.filter((p) => p.voided);
            return { orders: gone.length, items: gone.reduce((n, p) => n + p.items, 0) };
          };
          const overBefore =
            (limits.orders !== null && before.orders > limits.orders) ||
            (limits.items !== null && before.items > limits.items);
          for (const s of steps) {
            const counts = countsOf([
              [...base.entries()].map(([stripe, l]) => ({ stripe, ...l })),
              ...placed.map((p) => p.booking),
            ]);
            if (s.kind === 'claim') {
              const stripe = pickStripe(limits, counts, s.items, () => s.r);
              if (stripe !== null)
                placed.push({ booking: [{ stripe, orders: 1, items: s.items }], items: s.items, voided: false });
            } else if (s.kind === 'locked') {
              const booking = bookLockedSlot(limits, counts, voided(), s.items);
              const now = kept();
              const fits =
                (limits.orders === null || now.orders + 1 <= limits.orders) &&
                (limits.items === null || now.items + s.items <= limits.items);
              expect(booking !== null).toBe(fits);
              if (booking) {
                expect(booking.reduce((n, p) => n + p.orders, 0)).toBe(1);
                expect(booking.reduce((n, p) => n + p.items, 0)).toBe(s.items);
                placed.push({ booking, items: s.items, voided: false });
              }
            } else if (placed.length > 0) {
              placed[s.which % placed.length]!.voided = true;
            }
            if (!overBefore) {
              const now = kept();
              if (limits.orders !== null) expect(now.orders).toBeLessThanOrEqual(limits.orders);
              if (limits.items !== null) expect(now.items).toBeLessThanOrEqual(limits.items);
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
