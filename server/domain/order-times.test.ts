import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { lateness } from './kitchen-capacity.ts';
import { ORDER_STATUSES } from './orders.ts';
import { instantOf, measurable, promisedReadyAt, timeStampsOf } from './order-times.ts';

const at = (iso: string) => Temporal.Instant.from(iso);

describe('the times a status change writes', () => {
  it('marks ready on the ready statuses of delivery and pickup, finished on finished, nothing otherwise', () => {
    expect(timeStampsOf('waiting_for_courier')).toEqual({ readyAt: true, finishedAt: false });
    expect(timeStampsOf('ready_for_pickup')).toEqual({ readyAt: true, finishedAt: false });
    expect(timeStampsOf('waiting_for_pickup')).toEqual({ readyAt: true, finishedAt: false });
    expect(timeStampsOf('finished')).toEqual({ readyAt: false, finishedAt: true });
    for (const status of ['waiting_for_payment', 'new', 'processing', 'rejected', 'canceled'] as const)
      expect(timeStampsOf(status)).toEqual({ readyAt: false, finishedAt: false });
  });

  it('never stamps both at once', () => {
    for (const status of ORDER_STATUSES) {
      const stamps = timeStampsOf(status);
      expect(stamps.readyAt && stamps.finishedAt).toBe(false);
    }
  });
});

describe('the promise', () => {
  const accepted = at('2026-11-27T18:00:00Z');

  it('is the promise written at placing when there is one', () => {
    const promisedAt = at('2026-11-27T18:45:00Z');
    expect(promisedReadyAt({ promisedAt, acceptedAt: accepted, preparationMinutes: 20 })).toEqual(promisedAt);
  });

  it('is otherwise the acceptance plus the minutes given then (what the status page showed)', () => {
    expect(promisedReadyAt({ promisedAt: null, acceptedAt: accepted, preparationMinutes: 25 })).toEqual(
      at('2026-11-27T18:25:00Z'),
    );
  });

  it('is none for an order nobody accepted and nothing promised', () => {
    expect(promisedReadyAt({ promisedAt: null, acceptedAt: null, preparationMinutes: 30 })).toBeNull();
    expect(promisedReadyAt({ promisedAt: null, acceptedAt: accepted, preparationMinutes: null })).toBeNull();
  });

  it('measures only ready orders with a promise, late positive and early negative', () => {
    const orders = [
      // 10 min late against acceptance + 20.
      { promisedAt: null, acceptedAt: accepted, preparationMinutes: 20, readyAt: at('2026-11-27T18:30:00Z') },
      // 5 min early against the written promise.
      {
        promisedAt: at('2026-11-27T19:00:00Z'),
        acceptedAt: accepted,
        preparationMinutes: 20,
        readyAt: at('2026-11-27T18:55:00Z'),
      },
      // Not ready yet, and never accepted: left out.
      { promisedAt: null, acceptedAt: accepted, preparationMinutes: 20, readyAt: null },
      { promisedAt: null, acceptedAt: null, preparationMinutes: null, readyAt: at('2026-11-27T18:30:00Z') },
    ];
    const measured = measurable(orders);
    expect(measured).toHaveLength(2);
    expect(lateness(measured)).toEqual({ p50: -5, p90: 10 });
  });

  it('a kitchen ready exactly on its promise is never late, whatever the minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1, max: 240 }), (ms, minutes) => {
        const acceptedAt = Temporal.Instant.fromEpochMilliseconds(ms);
        const order = { promisedAt: null, acceptedAt, preparationMinutes: minutes };
        const readyAt = promisedReadyAt(order)!;
        expect(lateness(measurable([{ ...order, readyAt }]))).toEqual({ p50: 0, p90: 0 });
      }),
    );
  });

  it('reads database values', () => {
    expect(instantOf(new Date('2026-11-27T18:00:00Z'))).toEqual(accepted);
    expect(instantOf('2026-11-27T18:00:00.000Z')).toEqual(accepted);
    expect(instantOf(null)).toBeNull();
  });
});
