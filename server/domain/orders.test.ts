import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import type { RuleError } from './errors.ts';
import {
  DEFAULT_ACCEPTANCE_MINUTES,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_TIMEOUT_MINUTES,
  PICKUP_MINUTES,
  acceptanceDeadline,
  acceptanceSecondsLeft,
  assertTransition,
  canTransition,
  displayId,
  isFinished,
  isOrderStatus,
  isReadyToPickup,
  isRejected,
  isSelfPickup,
  isTerminal,
  isWaitingForPayment,
  isWaitingForRestaurantAccept,
  nextStatuses,
  overdueTransition,
  paymentDeadline,
  stripEmoji,
} from './orders.ts';

const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['waiting_for_payment', 'new'],
  ['waiting_for_payment', 'canceled'],
  ['new', 'processing'],
  ['new', 'rejected'],
  ['new', 'canceled'],
  ['processing', 'waiting_for_courier'],
  ['processing', 'ready_for_pickup'],
  ['processing', 'waiting_for_pickup'],
  ['processing', 'canceled'],
  ['waiting_for_courier', 'finished'],
  ['waiting_for_pickup', 'finished'],
  ['ready_for_pickup', 'finished'],
];

describe('status machine (design.md)', () => {
  it('has the nine statuses, waiting_for_pickup included', () => {
    expect(ORDER_STATUSES).toHaveLength(9);
    expect(isOrderStatus('waiting_for_pickup')).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
    expect(isOrderStatus(null)).toBe(false);
  });

  // Every pair of statuses: exactly the design's table is allowed.
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', (from, to) => {
    const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to)).toBe(allowed);
    if (allowed) {
      expect(() => assertTransition(from, to)).not.toThrow();
    } else {
      expect(() => assertTransition(from, to)).toThrow(`cannot go from ${from} to ${to}`);
      try {
        assertTransition(from, to);
      } catch (e) {
        expect((e as RuleError).key).toBe('invalidStatusTransition');
        expect((e as RuleError).details).toEqual({ from, to });
      }
    }
  });

  it('nextStatuses and terminal states', () => {
    expect(nextStatuses('processing')).toEqual([
      'waiting_for_courier',
      'ready_for_pickup',
      'waiting_for_pickup',
      'canceled',
    ]);
    expect(ORDER_STATUSES.filter(isTerminal)).toEqual(['finished', 'rejected', 'canceled']);
  });
});

describe('derived groups (spec section 4)', () => {
  const groups = {
    waitingForPayment: ['waiting_for_payment'],
    waitingForRestaurantAccept: ['new'],
    finished: ['finished', 'rejected', 'canceled'],
    rejected: ['rejected', 'canceled'],
    readyToPickup: ['ready_for_pickup'],
  };
  it.each([
    ['waitingForPayment', isWaitingForPayment],
    ['waitingForRestaurantAccept', isWaitingForRestaurantAccept],
    ['finished', isFinished],
    ['rejected', isRejected],
    ['readyToPickup', isReadyToPickup],
  ] as const)('%s', (group, predicate) => {
    expect(ORDER_STATUSES.filter(predicate)).toEqual(groups[group]);
  });
  it('self pickup is the delivery type pickup', () => {
    expect(isSelfPickup('pickup')).toBe(true);
    expect(['door2door', 'outside', 'leave@door'].some(isSelfPickup)).toBe(false);
  });
});

describe('timeouts', () => {
  const t0 = Temporal.Instant.from('2025-03-30T00:50:00Z'); // across the Warsaw DST change: instants do not care
  it('constants from the spec and design', () => {
    expect([PICKUP_MINUTES, PAYMENT_TIMEOUT_MINUTES, DEFAULT_ACCEPTANCE_MINUTES]).toEqual([30, 15, 10]);
  });
  it('deadlines', () => {
    expect(paymentDeadline(t0).toString()).toBe('2025-03-30T01:05:00Z');
    expect(acceptanceDeadline(t0).toString()).toBe('2025-03-30T01:00:00Z');
    expect(acceptanceDeadline(t0, 20).toString()).toBe('2025-03-30T01:10:00Z');
  });
  it.each<[OrderStatus, number, OrderStatus | null]>([
    ['waiting_for_payment', 14 * 60 + 59, null],
    ['waiting_for_payment', 15 * 60, 'canceled'],
    ['new', 9 * 60 + 59, null],
    ['new', 10 * 60, 'rejected'],
    ['processing', 3600, null],
  ])('%s after %ds → %s', (status, seconds, expected) => {
    expect(overdueTransition(status, t0, t0.add({ seconds }))).toBe(expected);
  });
  it('acceptance window is configurable', () => {
    expect(overdueTransition('new', t0, t0.add({ minutes: 10 }), 30)).toBeNull();
  });
  it('countdown in whole seconds, never negative', () => {
    expect(acceptanceSecondsLeft(t0, t0)).toBe(600);
    expect(acceptanceSecondsLeft(t0, t0.add({ milliseconds: 500 }))).toBe(600);
    expect(acceptanceSecondsLeft(t0, t0.add({ minutes: 9, seconds: 59 }))).toBe(1);
    expect(acceptanceSecondsLeft(t0, t0.add({ minutes: 11 }))).toBe(0);
    expect(acceptanceSecondsLeft(t0, t0, 5)).toBe(300);
  });
});

describe('displayId: last 5 characters of basketId', () => {
  it.each<[string | number, string]>([
    ['6a1f0c2e-88b1-4c55-9d1e-0f3b2a7c91d4', '7c91d4'.slice(-5)],
    ['abc', 'abc'],
    [1234567, '34567'],
    ['', ''],
  ])('%j → %j', (basketId, id) => expect(displayId(basketId)).toBe(id));
});

describe('stripEmoji', () => {
  it.each([
    ['Pizza 🍕 Margherita', 'Pizza Margherita'],
    ['🔥 Hot wings 🔥', 'Hot wings'],
    ['Burger 👍🏽', 'Burger'],
    ['Family 👨‍👩‍👧 box', 'Family box'],
    ['Pierogi 🇵🇱', 'Pierogi'],
    ['Spicy ❤️ ramen', 'Spicy ramen'],
    ['Combo 1️⃣', 'Combo'],
    ['Борщ український 🥣', 'Борщ український'],
    ['Żurek 0,5 l #1', 'Żurek 0,5 l #1'],
    ['Plain name', 'Plain name'],
    ['🍔', ''],
  ])('%j → %j', (name, out) => expect(stripEmoji(name)).toBe(out));
});
