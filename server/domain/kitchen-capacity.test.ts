import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { WorkingHours } from './hours.ts';
import {
  type KitchenFacts,
  type SlotLoad,
  SLOT_MINUTES,
  asapPromise,
  boardColumn,
  busyModeAt,
  deliveredAt,
  hasRoom,
  lateness,
  pauseAt,
  preparationMinutesAt,
  scheduleOffers,
  slotOf,
  startBusyMode,
  takesScheduledOrders,
} from './kitchen-capacity.ts';
import type { RuleError } from './rule-error.ts';

const WAW = 'Europe/Warsaw';
const KYIV = 'Europe/Kyiv';
const at = (local: string, zone = WAW) => Temporal.ZonedDateTime.from(`${local}[${zone}]`).toInstant();
const local = (instant: Temporal.Instant, zone = WAW) =>
  instant.toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: 'minute' });
const EVERY_DAY_11_22: WorkingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '11:00', to: '22:00' }));
const AROUND_THE_CLOCK: WorkingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));

function facts(over: Partial<KitchenFacts> = {}): KitchenFacts {
  return {
    timeZone: WAW,
    hours: EVERY_DAY_11_22,
    preparationMinutes: 30,
    capacity: null,
    load: new Map(),
    ...over,
  };
}

function fieldsOf(fn: () => unknown): unknown {
  try {
    fn();
    return null;
  } catch (e) {
    return { key: (e as RuleError).key, details: (e as RuleError).details };
  }
}

describe('busy mode', () => {
  const now = at('2026-11-27T19:00');

  it('extra time adds to the preparation time until its time is up, then ends by itself', () => {
    const mode = startBusyMode({ kind: 'extraTime', extraMinutes: 20, forMinutes: 60 }, now);
    expect(preparationMinutesAt(30, mode, now)).toBe(50);
    expect(preparationMinutesAt(30, mode, at('2026-11-27T19:59'))).toBe(50);
    expect(preparationMinutesAt(30, mode, at('2026-11-27T20:00'))).toBe(30);
    expect(busyModeAt(mode, at('2026-11-27T20:00'))).toBeNull();
    expect(pauseAt(mode, now)).toBeNull();
  });

  it('a pause holds new orders until its end, or until someone resumes', () => {
    const timed = startBusyMode({ kind: 'paused', reason: ' Oven broken ', forMinutes: 30 }, now);
    expect(timed).toEqual({ kind: 'paused', reason: 'Oven broken', until: at('2026-11-27T19:30') });
    expect(pauseAt(timed, at('2026-11-27T19:29'))).toEqual({ until: at('2026-11-27T19:30') });
    expect(pauseAt(timed, at('2026-11-27T19:30'))).toBeNull();
    expect(preparationMinutesAt(30, timed, now)).toBe(30);

    const open = startBusyMode({ kind: 'paused', reason: 'Rush', forMinutes: null }, now);
    expect(pauseAt(open, now.add({ hours: 48 }))).toEqual({ until: null });
    expect(busyModeAt(null, now)).toBeNull();
  });

  it('refuses what the board does not offer, naming the field', () => {
    expect(fieldsOf(() => startBusyMode({ kind: 'extraTime', extraMinutes: 15, forMinutes: 60 }, now))).toEqual({
      key: 'validation',
      details: { extraMinutes: 'invalid' },
    });
    expect(fieldsOf(() => startBusyMode({ kind: 'extraTime', extraMinutes: 10, forMinutes: 0 }, now))).toEqual({
      key: 'validation',
      details: { forMinutes: 'invalid' },
    });
    expect(fieldsOf(() => startBusyMode({ kind: 'paused', reason: '  ', forMinutes: 15 }, now))).toEqual({
      key: 'validation',
      details: { reason: 'notEmpty' },
    });
    expect(fieldsOf(() => startBusyMode({ kind: 'paused', reason: 'x'.repeat(201), forMinutes: 15 }, now))).toEqual({
      key: 'validation',
      details: { reason: 'tooLong' },
    });
    expect(fieldsOf(() => startBusyMode({ kind: 'paused', reason: 'Rush', forMinutes: 45 }, now))).toEqual({
      key: 'validation',
      details: { forMinutes: 'invalid' },
    });
    expect(startBusyMode({ kind: 'extraTime', extraMinutes: 30, forMinutes: null }, now).until).toBeNull();
  });
});

describe('slots', () => {
  it('are the quarter hours of the kitchen clock', () => {
    expect(local(slotOf(at('2026-11-27T19:14'), WAW))).toBe('2026-11-27T19:00');
    expect(local(slotOf(at('2026-11-27T19:15'), WAW))).toBe('2026-11-27T19:15');
    expect(local(slotOf(at('2026-11-27T23:59', KYIV), KYIV), KYIV)).toBe('2026-11-27T23:45');
  });

  it('in the hour the clocks go back, each of the two 02:xx keeps its own slot', () => {
    const first = Temporal.Instant.from('2026-10-25T00:40:00Z'); // 02:40+02:00 in Warsaw
    const second = Temporal.Instant.from('2026-10-25T01:40:00Z'); // 02:40+01:00
    expect(slotOf(first, WAW).toString()).toBe('2026-10-25T00:30:00Z');
    expect(slotOf(second, WAW).toString()).toBe('2026-10-25T01:30:00Z');
  });

  it('a slot has room while it holds fewer orders and items than its limits', () => {
    expect(hasRoom(null, { orders: 1000, items: 1000 }, 50)).toBe(true);
    expect(hasRoom({ orders: 10, items: null }, { orders: 9, items: 99 }, 50)).toBe(true);
    expect(hasRoom({ orders: 10, items: null }, { orders: 10, items: 0 }, 1)).toBe(false);
    expect(hasRoom({ orders: null, items: 20 }, { orders: 0, items: 18 }, 2)).toBe(true);
    expect(hasRoom({ orders: null, items: 20 }, { orders: 0, items: 18 }, 3)).toBe(false);
  });
});

describe('an order as soon as possible', () => {
  const now = at('2026-11-27T19:05');

  it('is ready after the preparation time, in the slot that holds that moment when it has room', () => {
    const promise = asapPromise(facts(), now, 3)!;
    expect(local(promise.readyAt)).toBe('2026-11-27T19:35');
    expect(local(promise.slot)).toBe('2026-11-27T19:30');
    expect(local(promise.fireAt)).toBe('2026-11-27T19:05');
    expect(local(deliveredAt(promise.readyAt, 40))).toBe('2026-11-27T20:15');
  });

  it('moves to the first later slot with room, promising that slot and cooking later', () => {
    const full: SlotLoad = { orders: 10, items: 30 };
    const load = new Map([
      [at('2026-11-27T19:30').epochMilliseconds, full],
      [at('2026-11-27T19:45').epochMilliseconds, full],
    ]);
    const promise = asapPromise(facts({ capacity: { orders: 10, items: null }, load }), now, 2)!;
    expect(local(promise.slot)).toBe('2026-11-27T20:00');
    expect(local(promise.readyAt)).toBe('2026-11-27T20:00');
    expect(local(promise.fireAt)).toBe('2026-11-27T19:30');
  });

  it('is refused when no slot has room within the search', () => {
    const load = new Map<number, SlotLoad>();
    for (let slot = at('2026-11-27T19:30'); slot.epochMilliseconds <= at('2026-11-28T02:00').epochMilliseconds;) {
      load.set(slot.epochMilliseconds, { orders: 1, items: 1 });
      slot = slot.add({ minutes: SLOT_MINUTES });
    }
    expect(asapPromise(facts({ capacity: { orders: 1, items: null }, load }), now, 1, 6)).toBeNull();
  });

  it('never puts more orders in a slot than it holds, however the orders come (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.record({ minute: fc.integer({ min: 0, max: 120 }), items: fc.integer({ min: 1, max: 4 }) }), {
          maxLength: 40,
        }),
        fc.integer({ min: 5, max: 60 }),
        (perSlot, orders, preparationMinutes) => {
          const load = new Map<number, SlotLoad>();
          const start = at('2026-11-27T18:00');
          for (const order of orders.sort((a, b) => a.minute - b.minute)) {
            const orderedAt = start.add({ minutes: order.minute });
            const kitchen = facts({ preparationMinutes, capacity: { orders: perSlot, items: null }, load });
            const promise = asapPromise(kitchen, orderedAt, order.items, 24)!;
            // Never sooner than the kitchen can cook, never outside its slot, always cooked for the whole time.
            expect(Temporal.Instant.compare(promise.readyAt, orderedAt.add({ minutes: preparationMinutes }))).toBe(
              Temporal.Instant.compare(promise.slot, orderedAt.add({ minutes: preparationMinutes })) > 0 ? 1 : 0,
            );
            expect(slotOf(promise.readyAt, WAW).equals(promise.slot)).toBe(true);
            expect(promise.readyAt.since(promise.fireAt).total({ unit: 'minutes' })).toBe(preparationMinutes);
            // Every slot before the chosen one, from the earliest possible, was full.
            for (
              let slot = slotOf(orderedAt.add({ minutes: preparationMinutes }), WAW);
              slot.epochMilliseconds < promise.slot.epochMilliseconds;
              slot = slot.add({ minutes: SLOT_MINUTES })
            ) {
              expect(load.get(slot.epochMilliseconds)?.orders).toBe(perSlot);
            }
            const held = load.get(promise.slot.epochMilliseconds) ?? { orders: 0, items: 0 };
            load.set(promise.slot.epochMilliseconds, { orders: held.orders + 1, items: held.items + order.items });
          }
          for (const held of load.values()) expect(held.orders).toBeLessThanOrEqual(perSlot);
        },
      ),
    );
  });
});

describe('scheduled orders', () => {
  it('offers the quarter hours the kitchen can cook within its hours, from now to the horizon', () => {
    const offers = scheduleOffers(facts(), at('2026-11-27T20:50'), 2, 1);
    const times = offers.map((o) => local(o.slot));
    // Today: from 21:30 (20:50 + 30 min, the next quarter) to closing; tomorrow from 11:30 (cooking from 11:00).
    expect(times.slice(0, 3)).toEqual(['2026-11-27T21:30', '2026-11-27T21:45', '2026-11-27T22:00']);
    expect(times[3]).toBe('2026-11-28T11:30');
    expect(times.at(-1)).toBe('2026-11-28T22:00');
    expect(times).toHaveLength(3 + 43);
    expect(local(offers[3]!.fireAt)).toBe('2026-11-28T11:00');
    expect(offers[3]!.readyAt.equals(offers[3]!.slot)).toBe(true);
  });

  it('tomorrow at 12:30 is offered in Warsaw and in Kyiv on their own clocks', () => {
    for (const zone of [WAW, KYIV]) {
      const offers = scheduleOffers(facts({ timeZone: zone }), at('2026-11-27T12:00', zone), 1, 2);
      const slot = offers.find((o) => local(o.slot, zone) === '2026-11-28T12:30');
      expect(slot?.slot.equals(at('2026-11-28T12:30', zone))).toBe(true);
    }
  });

  it('does not offer full slots, nor a slot that would start cooking before opening or across a break', () => {
    const split: WorkingHours = [
      { day: 6, from: '12:00', to: '15:00' },
      { day: 6, from: '17:00', to: '22:00' },
    ];
    const load = new Map([[at('2026-11-28T13:00').epochMilliseconds, { orders: 5, items: 9 }]]);
    const times = scheduleOffers(
      facts({ hours: split, capacity: { orders: 5, items: null }, load }),
      at('2026-11-28T08:00'),
      1,
      0,
    ).map((o) => local(o.slot).slice(11));
    expect(times).toContain('12:30');
    expect(times).not.toContain('12:15');
    expect(times).not.toContain('13:00');
    expect(times).toContain('15:00');
    expect(times).not.toContain('17:15');
    expect(times).toContain('17:30');
  });

  it('the day the clocks go forward has no 02:xx; the day they go back has it twice', () => {
    const kitchen = facts({ hours: AROUND_THE_CLOCK, preparationMinutes: 15 });
    const spring = scheduleOffers(kitchen, at('2026-03-28T23:00'), 1, 1).map((o) => local(o.slot));
    expect(spring.filter((t) => t.startsWith('2026-03-29T02:'))).toEqual([]);
    expect(spring).toContain('2026-03-29T01:45');
    expect(spring).toContain('2026-03-29T03:00');
    // 23 hours of quarter hours on that day.
    expect(spring.filter((t) => t.startsWith('2026-03-29'))).toHaveLength(23 * 4);

    const autumn = scheduleOffers(kitchen, at('2026-10-24T23:00'), 1, 1).map((o) => local(o.slot));
    expect(autumn.filter((t) => t === '2026-10-25T02:30')).toHaveLength(2);
    expect(autumn.filter((t) => t.startsWith('2026-10-25'))).toHaveLength(25 * 4);
  });

  it('a closed kitchen takes scheduled orders only with pre-orders on', () => {
    expect(takesScheduledOrders(true, false)).toBe(true);
    expect(takesScheduledOrders(false, false)).toBe(false);
    expect(takesScheduledOrders(false, true)).toBe(true);
  });

  it('waits in the later column until its fire time, then moves to cooking', () => {
    const fireAt = at('2026-11-28T12:00');
    expect(boardColumn(fireAt, at('2026-11-28T11:59'))).toBe('later');
    expect(boardColumn(fireAt, fireAt)).toBe('toCook');
  });
});

describe('promise accuracy', () => {
  it('is the median and the 90th percentile of ready minus promised, in minutes', () => {
    const promisedAt = at('2026-11-27T19:00');
    const orders = [-5, 0, 2, 3, 4, 5, 6, 8, 10, 25].map((late) => ({
      promisedAt,
      readyAt: promisedAt.add({ minutes: late }),
    }));
    expect(lateness(orders)).toEqual({ p50: 4, p90: 10 });
    expect(lateness([{ promisedAt, readyAt: promisedAt.add({ seconds: 89 }) }])).toEqual({ p50: 1, p90: 1 });
    expect(lateness([])).toBeNull();
  });
});
