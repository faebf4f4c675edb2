import { describe, expect, it } from 'vitest';
import { figuresDay, orderOutcome, periodStart } from './dashboard.ts';
import type { OrderStatus } from './orders.ts';

describe('periodStart', () => {
  it('starts today at midnight in Warsaw, in winter and in summer', () => {
    expect(periodStart(1, new Date('2026-03-04T11:00:00Z')).toISOString()).toBe('2026-03-03T23:00:00.000Z');
    expect(periodStart(1, new Date('2026-07-04T11:00:00Z')).toISOString()).toBe('2026-07-03T22:00:00.000Z');
  });

  it('counts today as the first of 7 and of 30 days', () => {
    expect(periodStart(7, new Date('2026-03-04T11:00:00Z')).toISOString()).toBe('2026-02-25T23:00:00.000Z');
    expect(periodStart(30, new Date('2026-03-04T11:00:00Z')).toISOString()).toBe('2026-02-02T23:00:00.000Z');
  });

  it('is already the next day just after midnight in Warsaw', () => {
    expect(periodStart(1, new Date('2026-03-04T23:30:00Z')).toISOString()).toBe('2026-03-04T23:00:00.000Z');
  });
});

describe('orderOutcome', () => {
  const order = (status: OrderStatus, rejectionReason: string | null = null, acceptedAt: Date | null = null) => ({
    status,
    rejectionReason,
    acceptedAt,
  });

  it('counts an order in progress or handed over as sold', () => {
    for (const status of ['new', 'processing', 'ready_for_pickup', 'finished'] as const)
      expect(orderOutcome(order(status)), status).toBe('sold');
  });

  it('tells a rejection with a reason from an order nobody accepted in time', () => {
    expect(orderOutcome(order('rejected', 'soldOut'))).toBe('rejected');
    expect(orderOutcome(order('rejected', null))).toBe('missed');
  });

  it('counts a cancelation only once the restaurant had accepted the order', () => {
    expect(orderOutcome(order('canceled', null, new Date()))).toBe('canceled');
    expect(orderOutcome(order('canceled'))).toBeNull();
    expect(orderOutcome(order('waiting_for_payment'))).toBeNull();
  });
});

describe('figuresDay', () => {
  it('reads the day in Warsaw: late evening in Kyiv is still the same day there', () => {
    expect(figuresDay(new Date('2026-03-04T22:30:00Z'))).toBe('2026-03-04');
    expect(figuresDay(new Date('2026-03-04T23:30:00Z'))).toBe('2026-03-05');
  });
});
