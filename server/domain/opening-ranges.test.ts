import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  type WorkingHours,
  hoursFor,
  isOpenAt,
  nextOpening,
  openingRangeProblem,
  openThroughout,
  restaurantState,
  serviceOf,
  weekdayOf,
} from './hours.ts';

// Issue 38: several ranges a day, special days by date, pickup and delivery hours, in the restaurant's zone.
const WAW = 'Europe/Warsaw';
const KYIV = 'Europe/Kyiv';
const at = (local: string, zone = WAW) => Temporal.ZonedDateTime.from(`${local}[${zone}]`).toInstant();
const next = (hours: WorkingHours, instant: Temporal.Instant, zone = WAW) =>
  nextOpening(hours, zone, instant)?.toString({ timeZoneName: 'never' }) ?? null;

// 2025-03-30 (Sunday) and 2025-10-26 (Sunday) are the DST changes in both zones; 2025-03-31 is a Monday.
const SPLIT: WorkingHours = [
  { day: 0, from: '11:00', to: '15:00' },
  { day: 0, from: '17:00', to: '01:30' },
  { day: 1, from: '11:00', to: '15:00' },
  { day: 1, from: '17:00', to: '22:00' },
];

describe('split shifts', () => {
  it('are open in each range, closed in the break, and the evening one runs past midnight', () => {
    expect(isOpenAt(SPLIT, WAW, at('2025-03-31T12:00'))).toBe(true);
    expect(isOpenAt(SPLIT, WAW, at('2025-03-31T16:00'))).toBe(false);
    expect(next(SPLIT, at('2025-03-31T16:00'))).toBe('2025-03-31T17:00:00+02:00');
    expect(isOpenAt(SPLIT, WAW, at('2025-03-31T21:59'))).toBe(true);
    // Sunday's evening range ends at 01:30 on Monday.
    expect(isOpenAt(SPLIT, WAW, at('2025-03-31T01:00'))).toBe(true);
    expect(isOpenAt(SPLIT, WAW, at('2025-03-31T02:00'))).toBe(false);
  });

  it('on the spring DST day the past-midnight range is shorter by the skipped hour, on the autumn day longer', () => {
    // Sunday 30 March 17:00 (+02:00) to Monday 01:30: 8.5 hours; 26 October 17:00 (+01:00) to 01:30: 8.5 hours too,
    // both on the clock; the spring day's first shift begins after the jump at 02:00.
    expect(isOpenAt(SPLIT, WAW, at('2025-03-30T12:00'))).toBe(true);
    expect(isOpenAt(SPLIT, WAW, at('2025-10-26T23:30'))).toBe(true);
    expect(isOpenAt(SPLIT, WAW, at('2025-10-27T01:29'))).toBe(true);
    expect(openThroughout(SPLIT, WAW, at('2025-10-26T17:00'), at('2025-10-27T01:30'))).toBe(true);
    expect(openThroughout(SPLIT, WAW, at('2025-10-26T14:00'), at('2025-10-26T17:30'))).toBe(false);
  });
});

describe('special days', () => {
  const WEEK: WorkingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '10:00', to: '22:00' }));

  it('a closed date is closed all day and the next opening skips it; the week goes on after it', () => {
    const closed: WorkingHours = [
      ...WEEK,
      { day: weekdayOf('2025-12-25'), date: '2025-12-25', from: '00:00', to: '00:00' },
    ];
    expect(isOpenAt(closed, WAW, at('2025-12-25T12:00'))).toBe(false);
    expect(next(closed, at('2025-12-24T23:00'))).toBe('2025-12-26T10:00:00+01:00');
    expect(isOpenAt(closed, WAW, at('2025-12-26T12:00'))).toBe(true);
  });

  it('other hours on a date replace the week’s, across the autumn DST change, in Kyiv as in Warsaw', () => {
    const shorter: WorkingHours = [
      ...WEEK,
      { day: 0, date: '2025-10-26', from: '12:00', to: '14:00' },
      { day: 0, date: '2025-10-26', from: '18:00', to: '02:30' },
    ];
    for (const zone of [WAW, KYIV]) {
      expect(isOpenAt(shorter, zone, at('2025-10-26T11:00', zone))).toBe(false);
      expect(isOpenAt(shorter, zone, at('2025-10-26T13:00', zone))).toBe(true);
      expect(isOpenAt(shorter, zone, at('2025-10-26T16:00', zone))).toBe(false);
      expect(isOpenAt(shorter, zone, at('2025-10-27T02:00', zone))).toBe(true);
      // Monday is an ordinary Monday again.
      expect(isOpenAt(shorter, zone, at('2025-10-27T11:00', zone))).toBe(true);
    }
  });

  it('closed for two weeks, the next opening is found after them', () => {
    const holiday: WorkingHours = [
      ...WEEK,
      ...Array.from({ length: 14 }, (_, i) => {
        const date = Temporal.PlainDate.from('2026-01-01').add({ days: i }).toString();
        return { day: weekdayOf(date), date, from: '00:00', to: '00:00' };
      }),
    ];
    expect(next(holiday, at('2026-01-01T09:00'))).toBe('2026-01-15T10:00:00+01:00');
    expect(restaurantState({ isEnabled: true, hours: holiday, timeZone: WAW }, at('2026-01-05T12:00'))).toEqual({
      state: 'closed',
      nextOpening: '2026-01-15T10:00:00+01:00',
    });
  });
});

describe('pickup and delivery hours', () => {
  const HOURS: WorkingHours = [
    { day: 1, from: '10:00', to: '22:00', service: 'pickup' },
    { day: 1, from: '12:00', to: '21:00', service: 'delivery' },
  ];

  it('each service keeps its own; the badge is open when either is', () => {
    expect(serviceOf('pickup')).toBe('pickup');
    expect(serviceOf('door2door')).toBe('delivery');
    expect(isOpenAt(hoursFor(HOURS, 'pickup'), WAW, at('2025-03-31T11:00'))).toBe(true);
    expect(isOpenAt(hoursFor(HOURS, 'delivery'), WAW, at('2025-03-31T11:00'))).toBe(false);
    expect(isOpenAt(hoursFor(HOURS, null), WAW, at('2025-03-31T11:00'))).toBe(true);
  });

  it('a range for both services counts for each', () => {
    const both: WorkingHours = [{ day: 1, from: '10:00', to: '22:00' }];
    expect(hoursFor(both, 'pickup')).toEqual(both);
    expect(hoursFor(both, 'delivery')).toEqual(both);
  });

  it('for any hours, a service is never open when the restaurant’s badge says closed', () => {
    const range = fc.record({
      day: fc.integer({ min: 0, max: 6 }),
      from: fc.constantFrom('00:00', '06:30', '10:00', '15:00', '23:00'),
      to: fc.constantFrom('01:00', '11:00', '14:00', '22:00', '24:00'),
      service: fc.constantFrom(null, 'pickup' as const, 'delivery' as const),
    });
    const instant = fc.integer({ min: 0, max: 14 * 24 * 60 }).map((m) => at('2025-10-20T00:00').add({ minutes: m }));
    fc.assert(
      fc.property(fc.array(range, { maxLength: 6 }), instant, (hours, now) => {
        const any = isOpenAt(hours, WAW, now);
        for (const service of ['pickup', 'delivery'] as const)
          if (isOpenAt(hoursFor(hours, service), WAW, now)) expect(any).toBe(true);
      }),
    );
  });
});

describe('the admin’s ranges', () => {
  it('refuses an overlap on one day and service, an empty range, and keeps split shifts and a closed date', () => {
    expect(openingRangeProblem(SPLIT)).toBeNull();
    expect(openingRangeProblem([{ day: 1, date: '2025-12-25', from: '00:00', to: '00:00' }])).toBeNull();
    expect(
      openingRangeProblem([
        { day: 1, from: '10:00', to: '15:00' },
        { day: 1, from: '14:00', to: '22:00' },
      ]),
    ).toEqual({ index: 1, field: 'from' });
    expect(
      openingRangeProblem([
        { day: 1, from: '10:00', to: '15:00', service: 'pickup' },
        { day: 1, from: '14:00', to: '22:00', service: 'delivery' },
      ]),
    ).toBeNull();
    expect(openingRangeProblem([{ day: 1, from: '10:00', to: '10:00' }])).toEqual({ index: 0, field: 'to' });
  });
});
