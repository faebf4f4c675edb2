import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { kitchenSchedule, type WorkingHours } from './hours.ts';
import { shiftAt } from './kitchen-shift.ts';

const WAW = 'Europe/Warsaw';
const KYIV = 'Europe/Kyiv';
const at = (local: string, zone = WAW) => Temporal.ZonedDateTime.from(`${local}[${zone}]`).toInstant();
const utc = (iso: string) => Temporal.Instant.from(iso);
const MON_10_22: WorkingHours = [{ day: 1, from: '10:00', to: '22:00' }];

/** What the board shows at `instant`: the server's schedule read at that instant, on that day of the kitchen. */
const shiftOf = (hours: WorkingHours, zone: string, instant: Temporal.Instant) =>
  shiftAt(
    kitchenSchedule(hours, zone, instant),
    instant.epochMilliseconds,
    instant.toZonedDateTimeISO(zone).toPlainDate().toString(),
  );

describe("shiftAt over kitchenSchedule: the kitchen board's view of the hours", () => {
  const SPLIT: WorkingHours = [
    { day: 1, from: '17:00', to: '23:00' },
    { day: 1, from: '11:00', to: '15:00', service: 'pickup' },
  ];
  it("is open until the end of the shift it is in, with today's ranges earliest first", () => {
    expect(shiftOf(SPLIT, WAW, at('2025-03-31T12:00'))).toEqual({
      open: true,
      closesAt: '2025-03-31T15:00:00+02:00',
      opensAt: null,
      today: {
        special: false,
        ranges: [
          { from: '11:00', to: '15:00', service: 'pickup' },
          { from: '17:00', to: '23:00', service: null },
        ],
      },
    });
  });
  it('between split shifts is closed and says when the next one opens', () => {
    const shift = shiftOf(SPLIT, WAW, at('2025-03-31T16:00'));
    expect(shift).toMatchObject({ open: false, closesAt: null, opensAt: '2025-03-31T17:00:00+02:00' });
  });
  it("a shift past midnight that meets the next day's first range closes when that one does", () => {
    const hours: WorkingHours = [
      { day: 1, from: '18:00', to: '24:00' },
      { day: 2, from: '00:00', to: '02:00' },
    ];
    expect(shiftOf(hours, WAW, at('2025-03-31T23:30')).closesAt).toBe('2025-04-01T02:00:00+02:00');
    const pastMidnight: WorkingHours = [{ day: 1, from: '20:00', to: '03:00' }];
    expect(shiftOf(pastMidnight, KYIV, at('2025-04-01T01:00', KYIV))).toMatchObject({
      open: true,
      closesAt: '2025-04-01T03:00:00+03:00',
      // Tuesday itself has no range: the one the kitchen is in began on Monday.
      today: { special: false, ranges: [] },
    });
  });
  it('a closed special day has no ranges and opens on the next day as the week says', () => {
    const hours: WorkingHours = [...MON_10_22, { day: 1, from: '00:00', to: '00:00', date: '2025-03-31' }];
    expect(shiftOf(hours, WAW, at('2025-03-31T12:00'))).toEqual({
      open: false,
      closesAt: null,
      opensAt: '2025-04-07T10:00:00+02:00',
      today: { special: true, ranges: [] },
    });
  });
  it("a special day with other hours shows those, not the week's", () => {
    const hours: WorkingHours = [...MON_10_22, { day: 1, from: '12:00', to: '14:00', date: '2025-03-31' }];
    expect(shiftOf(hours, WAW, at('2025-03-31T13:00'))).toMatchObject({
      open: true,
      closesAt: '2025-03-31T14:00:00+02:00',
      today: { special: true, ranges: [{ from: '12:00', to: '14:00', service: null }] },
    });
  });
  it('on the spring DST day closes at the written time in the new offset', () => {
    const sunday: WorkingHours = [{ day: 0, from: '01:00', to: '04:00' }];
    expect(shiftOf(sunday, WAW, utc('2025-03-30T00:30:00Z')).closesAt).toBe('2025-03-30T04:00:00+02:00');
  });
  it('with no hours is closed for good', () => {
    expect(shiftOf([], WAW, at('2025-03-31T12:00'))).toEqual({
      open: false,
      closesAt: null,
      opensAt: null,
      today: { special: false, ranges: [] },
    });
  });
  it("around the clock is one opening to the end of the schedule's week", () => {
    const always: WorkingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));
    const shift = shiftOf(always, WAW, at('2025-03-31T12:00'));
    expect(shift.open).toBe(true);
    expect(Date.parse(shift.closesAt!) - at('2025-03-31T12:00').epochMilliseconds).toBeGreaterThan(7 * 86_400_000);
  });
  it('read later by the board, moves on by itself: closed at the end of a shift, open at the next one', () => {
    const hours: WorkingHours = [
      { day: 1, from: '11:00', to: '15:00' },
      { day: 1, from: '17:00', to: '23:00' },
    ];
    const schedule = kitchenSchedule(hours, WAW, at('2025-03-31T09:00'));
    const board = (local: string) => shiftAt(schedule, at(local).epochMilliseconds, '2025-03-31');
    expect(board('2025-03-31T15:00')).toMatchObject({ open: false, opensAt: '2025-03-31T17:00:00+02:00' });
    expect(board('2025-03-31T17:30')).toMatchObject({ open: true, closesAt: '2025-03-31T23:00:00+02:00' });
    // A board left on past the days it was given says nothing of today's ranges rather than the wrong ones.
    expect(shiftAt(schedule, at('2025-04-05T12:00').epochMilliseconds, '2025-04-05').today).toEqual({
      special: false,
      ranges: [],
    });
  });
});
