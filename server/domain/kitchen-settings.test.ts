import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { WorkingHours } from './hours.ts';
import { slotOf } from './kitchen-capacity.ts';
import {
  type Kitchen,
  type PromiseCall,
  activeBusy,
  kitchenNow,
  orderPromise,
  preOrderAllowed,
  scheduleAnswer,
  storedBusy,
  validKitchenSettings,
} from './kitchen-settings.ts';
import { startBusyMode } from './kitchen-capacity.ts';
import type { RuleError } from './rule-error.ts';

const WAW = 'Europe/Warsaw';
const at = (local: string, zone = WAW) => Temporal.ZonedDateTime.from(`${local}[${zone}]`).toInstant();
const LUNCH_TO_LATE: WorkingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '11:00', to: '22:00' }));
const kitchen = (over: Partial<Kitchen> = {}): Kitchen => ({
  slotOrders: null,
  slotItems: null,
  preOrdersWhileClosed: false,
  horizonDays: 2,
  deliveryMinutes: 30,
  busy: null,
  ...over,
});
const call = (over: Partial<PromiseCall> = {}): PromiseCall => ({
  kitchen: kitchen(),
  restaurant: { isEnabled: true, hours: LUNCH_TO_LATE, timeZone: WAW, preparationMinutes: 30 },
  delivery: true,
  load: new Map(),
  items: 2,
  now: at('2026-11-27T12:00'),
  ...over,
});
const keyOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as RuleError).key;
  }
};

describe('the promise an order gets', () => {
  it('ASAP: ready after the preparation time, at the door the delivery time later', () => {
    const promise = orderPromise(call());
    expect(promise.readyAt.toString()).toBe(at('2026-11-27T12:30').toString());
    expect(promise.dueAt?.toString()).toBe(at('2026-11-27T13:00').toString());
    expect(promise.fireAt.toString()).toBe(at('2026-11-27T12:00').toString());
    expect(orderPromise(call({ delivery: false })).dueAt).toBeNull();
  });

  it('busy mode: extra time moves the promise, a pause refuses until it ends by itself', () => {
    const now = at('2026-11-27T12:00');
    const extra = storedBusy(startBusyMode({ kind: 'extraTime', extraMinutes: 20, forMinutes: 60 }, now), now);
    expect(orderPromise(call({ kitchen: kitchen({ busy: extra }) })).readyAt.toString()).toBe(
      at('2026-11-27T12:50').toString(),
    );
    const pause = storedBusy(startBusyMode({ kind: 'paused', reason: 'Oven', forMinutes: 15 }, now), now);
    expect(keyOf(() => orderPromise(call({ kitchen: kitchen({ busy: pause }) })))).toBe('kitchenPaused');
    const later = call({ kitchen: kitchen({ busy: pause }), now: now.add({ minutes: 15 }) });
    expect(keyOf(() => orderPromise(later))).toBeNull();
    expect(activeBusy(pause, now.add({ minutes: 15 }))).toBeNull();
    expect(kitchenNow(kitchen({ busy: pause }), 30, now)).toMatchObject({ paused: true });
  });

  it('a scheduled slot is taken only when offered: not full, on a quarter hour, within the hours and horizon', () => {
    const tomorrow = at('2026-11-28T12:30');
    expect(orderPromise(call({ scheduledFor: tomorrow })).readyAt.equals(tomorrow)).toBe(true);
    expect(keyOf(() => orderPromise(call({ scheduledFor: at('2026-11-28T12:37') })))).toBe('slotUnavailable');
    expect(keyOf(() => orderPromise(call({ scheduledFor: at('2026-11-28T23:00') })))).toBe('slotUnavailable');
    expect(keyOf(() => orderPromise(call({ scheduledFor: at('2026-12-01T12:30') })))).toBe('slotUnavailable');
    const full = new Map([[tomorrow.epochMilliseconds, { orders: 3, items: 6 }]]);
    const limited = call({ kitchen: kitchen({ slotOrders: 3 }), load: full, scheduledFor: tomorrow });
    expect(keyOf(() => orderPromise(limited))).toBe('slotUnavailable');
  });

  it('pre-orders while closed: only a scheduled order, only where the kitchen allows them', () => {
    const night = at('2026-11-27T03:00');
    const closed = { kitchen: kitchen(), restaurant: call().restaurant, now: night };
    expect(preOrderAllowed({ ...closed, scheduled: true })).toBe(false);
    expect(preOrderAllowed({ ...closed, kitchen: kitchen({ preOrdersWhileClosed: true }), scheduled: true })).toBe(
      true,
    );
    expect(preOrderAllowed({ ...closed, kitchen: kitchen({ preOrdersWhileClosed: true }), scheduled: false })).toBe(
      false,
    );
    const answer = scheduleAnswer({ ...call(), now: night, kitchen: kitchen({ preOrdersWhileClosed: true }) });
    expect(answer.asap).toBeNull();
    expect(answer.slots[0]?.slot).toBe(at('2026-11-27T11:30').toString());
  });

  it('validates the admin’s settings field by field', () => {
    expect(keyOf(() => validKitchenSettings({ ...kitchen(), horizonDays: 30 }))).toBe('validation');
    expect(keyOf(() => validKitchenSettings({ ...kitchen(), slotOrders: 0 }))).toBe('validation');
    expect(validKitchenSettings({ ...kitchen(), slotOrders: 10 }).slotOrders).toBe(10);
  });
});

describe('the unthrottled fast path', () => {
  it('promises what the slot search promises', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.integer({ min: 1, max: 180 }),
        fc.boolean(),
        (ms, preparationMinutes, delivery) => {
          const base = call({
            now: Temporal.Instant.fromEpochMilliseconds(ms),
            restaurant: { ...call().restaurant, preparationMinutes },
            delivery,
          });
          const fast = orderPromise(base);
          // A limit no order reaches sends the same call through the slot search.
          const searched = orderPromise({ ...base, kitchen: kitchen({ slotOrders: 1000 }) });
          expect(fast.slot.equals(searched.slot)).toBe(true);
          expect(fast.readyAt.equals(searched.readyAt)).toBe(true);
          expect(fast.fireAt.equals(searched.fireAt)).toBe(true);
          expect(String(fast.dueAt)).toBe(String(searched.dueAt));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('slotOf', () => {
  it('takes the same quarter hour as the kitchen’s own clock, in zones of every kind of offset', () => {
    const zones = [
      'Europe/Warsaw',
      'Europe/Kyiv',
      'Asia/Kathmandu',
      'Asia/Kolkata',
      'Australia/Eucla',
      'America/St_Johns',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1980, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const instant = Temporal.Instant.fromEpochMilliseconds(ms);
          const byZone = instant
            .toZonedDateTimeISO(zone)
            .round({ smallestUnit: 'minute', roundingIncrement: 15, roundingMode: 'floor' })
            .toInstant();
          expect(slotOf(instant, zone).equals(byZone)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
