import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { RuleError } from './errors.ts';
import {
  type WorkingHours,
  canTakeOrders,
  dayIndex,
  isOpenAt,
  nextOpening,
  openThroughout,
  parseTime,
  restaurantState,
} from './hours.ts';

const WAW = 'Europe/Warsaw';
const KYIV = 'Europe/Kyiv';

/** A local wall time in a zone; an offset in the string pins one of two repeated times. */
const at = (local: string, zone = WAW) => Temporal.ZonedDateTime.from(`${local}[${zone}]`).toInstant();
const utc = (iso: string) => Temporal.Instant.from(iso);
const next = (hours: WorkingHours, instant: Temporal.Instant, zone = WAW) =>
  nextOpening(hours, zone, instant)?.toString({ timeZoneName: 'never' }) ?? null;

// 2025-03-31 is a Monday, 2025-03-30 a Sunday (the spring DST change), 2025-10-26 a Sunday (autumn).
const MON_10_22: WorkingHours = [{ day: 1, from: '10:00', to: '22:00' }];

describe('dayIndex', () => {
  it('numbers Sunday 0 … Saturday 6', () => {
    expect(dayIndex(Temporal.PlainDate.from('2025-03-30'))).toBe(0);
    expect(dayIndex(Temporal.PlainDate.from('2025-03-31'))).toBe(1);
    expect(dayIndex(Temporal.PlainDate.from('2025-04-05'))).toBe(6);
  });
});

describe('parseTime', () => {
  it.each([
    ['00:00', { hour: 0, minute: 0, second: 0 }],
    ['09:05', { hour: 9, minute: 5, second: 0 }],
    ['23:59:30', { hour: 23, minute: 59, second: 30 }],
    ['24:00', { hour: 24, minute: 0, second: 0 }],
    ['24:00:00', { hour: 24, minute: 0, second: 0 }],
  ])('%s', (value, parsed) => expect(parseTime(value)).toEqual(parsed));
  it.each(['9:00', '24:01', '25:00', '12:60', '', 'noon', '12:00:60'])('refuses %j', (value) => {
    expect(() => parseTime(value)).toThrow(RuleError);
  });
});

describe('isOpenAt: strictly after from, strictly before to', () => {
  it.each([
    ['2025-03-31T09:59', false],
    ['2025-03-31T10:00', false],
    ['2025-03-31T10:00:01', true],
    ['2025-03-31T15:00', true],
    ['2025-03-31T21:59:59.999', true],
    ['2025-03-31T22:00', false],
    ['2025-03-31T23:00', false],
    ['2025-04-01T15:00', false],
    ['2025-03-30T15:00', false],
  ])('Mon 10–22 at %s → %s', (local, open) => expect(isOpenAt(MON_10_22, WAW, at(local))).toBe(open));

  it('day 0 is Sunday', () => {
    const sunday: WorkingHours = [{ day: 0, from: '08:00', to: '20:00' }];
    expect(isOpenAt(sunday, WAW, at('2025-04-06T12:00'))).toBe(true);
    expect(isOpenAt(sunday, WAW, at('2025-04-07T12:00'))).toBe(false);
    expect(isOpenAt(sunday, WAW, at('2025-04-05T12:00'))).toBe(false);
  });

  it('no hours means closed', () => {
    expect(isOpenAt([], WAW, at('2025-03-31T12:00'))).toBe(false);
    expect(isOpenAt([{ day: 2, from: '10:00', to: '22:00' }], WAW, at('2025-03-31T12:00'))).toBe(false);
  });

  it('from equal to to is an empty day', () => {
    expect(isOpenAt([{ day: 1, from: '10:00', to: '10:00' }], WAW, at('2025-03-31T10:00'))).toBe(false);
    expect(isOpenAt([{ day: 1, from: '10:00', to: '10:00' }], WAW, at('2025-03-31T15:00'))).toBe(false);
  });

  it('uses the restaurant’s zone, not the server’s', () => {
    // 08:30 UTC is 10:30 in Warsaw (CEST) and 11:30 in Kyiv (EEST).
    const hours: WorkingHours = [{ day: 1, from: '11:00', to: '12:00' }];
    expect(isOpenAt(hours, WAW, utc('2025-03-31T08:30:00Z'))).toBe(false);
    expect(isOpenAt(hours, KYIV, utc('2025-03-31T08:30:00Z'))).toBe(true);
  });

  it('several entries on one day', () => {
    const split: WorkingHours = [
      { day: 1, from: '17:00', to: '22:00' },
      { day: 1, from: '10:00', to: '14:00' },
    ];
    expect(isOpenAt(split, WAW, at('2025-03-31T12:00'))).toBe(true);
    expect(isOpenAt(split, WAW, at('2025-03-31T15:00'))).toBe(false);
    expect(isOpenAt(split, WAW, at('2025-03-31T18:00'))).toBe(true);
  });

  it('accepts HH:MM:SS as PostgreSQL prints time', () => {
    expect(isOpenAt([{ day: 1, from: '10:00:00', to: '22:00:00' }], WAW, at('2025-03-31T12:00'))).toBe(true);
  });

  it('refuses bad data instead of guessing', () => {
    expect(() => isOpenAt([{ day: 7, from: '10:00', to: '22:00' }], WAW, at('2025-03-31T12:00'))).toThrow(RuleError);
    expect(() => isOpenAt([{ day: -1, from: '10:00', to: '22:00' }], WAW, at('2025-03-31T12:00'))).toThrow(RuleError);
    expect(() => isOpenAt([{ day: 1.5, from: '10:00', to: '22:00' }], WAW, at('2025-03-31T12:00'))).toThrow(RuleError);
    expect(() => isOpenAt([{ day: 1, from: '10', to: '22:00' }], WAW, at('2025-03-31T12:00'))).toThrow(RuleError);
    expect(() => isOpenAt([{ day: 1, from: '10:00', to: '22' }], WAW, at('2025-03-31T12:00'))).toThrow(RuleError);
  });
});

describe('midnight', () => {
  // Friday 2025-04-04 18:00 until Saturday 02:00; the part after midnight belongs to Friday's entry.
  const FRI_NIGHT: WorkingHours = [{ day: 5, from: '18:00', to: '02:00' }];
  it.each([
    ['2025-04-04T17:59', false],
    ['2025-04-04T18:00', false],
    ['2025-04-04T23:59:59', true],
    ['2025-04-05T00:00', true],
    ['2025-04-05T01:59:59', true],
    ['2025-04-05T02:00', false],
    ['2025-04-05T20:00', false],
    ['2025-04-04T01:00', false],
  ])('Fri 18–02 at %s → %s', (local, open) => expect(isOpenAt(FRI_NIGHT, WAW, at(local))).toBe(open));

  it('Saturday night runs into Sunday (day 6 → day 0)', () => {
    const satNight: WorkingHours = [{ day: 6, from: '20:00', to: '03:00' }];
    expect(isOpenAt(satNight, WAW, at('2025-04-06T00:30'))).toBe(true);
    expect(isOpenAt(satNight, WAW, at('2025-04-06T03:00'))).toBe(false);
    expect(isOpenAt(satNight, WAW, at('2025-04-05T00:30'))).toBe(false);
  });

  it('a day ending at 00:00 closes at midnight', () => {
    const hours: WorkingHours = [{ day: 1, from: '10:00', to: '00:00' }];
    expect(isOpenAt(hours, WAW, at('2025-03-31T23:59:59'))).toBe(true);
    expect(isOpenAt(hours, WAW, at('2025-04-01T00:00'))).toBe(false);
    expect(isOpenAt(hours, WAW, at('2025-04-01T00:00:01'))).toBe(false);
  });

  const allDay: WorkingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));

  it("'00:00'–'24:00' every day is open around the clock, midnight included", () => {
    expect(isOpenAt(allDay, WAW, at('2025-03-31T00:00:00.001'))).toBe(true);
    expect(isOpenAt(allDay, WAW, at('2025-03-31T23:59:59.999'))).toBe(true);
    // Sunday's opening ends the instant Monday's begins: one opening, no closed instant between them.
    expect(isOpenAt(allDay, WAW, at('2025-03-31T00:00'))).toBe(true);
    expect(next(allDay, at('2025-03-31T00:00'))).toBeNull();
  });

  // 2025-03-30 (spring) and 2025-10-26 (autumn) change the clocks in both zones: the day before midnight is 23 or
  // 25 hours long.
  it.each([WAW, KYIV])('the minute around each midnight of a DST week in %s is open around the clock', (zone) => {
    for (const [before, after] of [
      ['2025-03-29T23:59:30', '2025-03-30T00:00:30'],
      ['2025-03-30T23:59:30', '2025-03-31T00:00:30'],
      ['2025-10-25T23:59:30', '2025-10-26T00:00:30'],
      ['2025-10-26T23:59:30', '2025-10-27T00:00:30'],
    ] as const) {
      expect(isOpenAt(allDay, zone, at(before, zone)), `${before} ${zone}`).toBe(true);
      expect(isOpenAt(allDay, zone, at(after, zone)), `${after} ${zone}`).toBe(true);
      expect(isOpenAt(allDay, zone, at(`${after.slice(0, 10)}T00:00`, zone))).toBe(true);
      expect(canTakeOrders({ isEnabled: true, hours: allDay, timeZone: zone }, at(before, zone))).toBe(true);
    }
    // Through the changes themselves, too.
    expect(isOpenAt(allDay, zone, at('2025-03-30T03:30', zone))).toBe(true);
    expect(isOpenAt(allDay, zone, at('2025-10-26T02:30', zone))).toBe(true);
  });

  it('what the database stored before 24:00 was allowed closes for the last minute of the day', () => {
    const until2359: WorkingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '23:59' }));
    expect(isOpenAt(until2359, WAW, at('2025-03-31T23:59:30'))).toBe(false);
    expect(isOpenAt(until2359, KYIV, at('2025-03-31T23:59:30', KYIV))).toBe(false);
  });

  it('a day ending at 24:00 closes at midnight when the next day opens later', () => {
    const hours: WorkingHours = [
      { day: 1, from: '10:00', to: '24:00' },
      { day: 2, from: '10:00', to: '22:00' },
    ];
    expect(isOpenAt(hours, WAW, at('2025-03-31T23:59:30'))).toBe(true);
    expect(isOpenAt(hours, WAW, at('2025-04-01T00:00'))).toBe(false);
    expect(isOpenAt(hours, WAW, at('2025-04-01T00:00:30'))).toBe(false);
    expect(next(hours, at('2025-04-01T00:00'))).toBe('2025-04-01T10:00:00+02:00');
  });

  it('an overnight opening continued by the next day is open at the hand-over', () => {
    const hours: WorkingHours = [
      { day: 5, from: '18:00', to: '02:00' },
      { day: 6, from: '02:00', to: '12:00' },
    ];
    expect(isOpenAt(hours, WAW, at('2025-04-05T02:00'))).toBe(true);
    expect(isOpenAt(hours, WAW, at('2025-04-05T12:00'))).toBe(false);
  });

  it('next opening across midnight and across the week', () => {
    expect(next(MON_10_22, at('2025-03-31T08:00'))).toBe('2025-03-31T10:00:00+02:00');
    expect(next(MON_10_22, at('2025-03-31T10:00'))).toBe('2025-03-31T10:00:00+02:00');
    expect(next(MON_10_22, at('2025-03-31T22:00'))).toBe('2025-04-07T10:00:00+02:00');
    expect(next(MON_10_22, at('2025-03-30T23:59'))).toBe('2025-03-31T10:00:00+02:00');
    expect(next([{ day: 1, from: '00:00', to: '06:00' }], at('2025-03-30T23:00'))).toBe('2025-03-31T00:00:00+02:00');
    expect(next(MON_10_22, at('2025-03-31T12:00'))).toBeNull();
    expect(next([], at('2025-03-31T12:00'))).toBeNull();
    expect(next([{ day: 3, from: '10:00', to: '10:00' }], at('2025-03-31T12:00'))).toBeNull();
  });

  it('next opening picks the earliest entry of the day', () => {
    const split: WorkingHours = [
      { day: 1, from: '17:00', to: '22:00' },
      { day: 1, from: '12:00', to: '14:00' },
    ];
    expect(next(split, at('2025-03-31T08:00'))).toBe('2025-03-31T12:00:00+02:00');
    expect(next(split, at('2025-03-31T15:00'))).toBe('2025-03-31T17:00:00+02:00');
  });
});

describe('DST spring forward (2025-03-30)', () => {
  // Warsaw: 02:00 CET → 03:00 CEST at 01:00Z.
  it('Warsaw: ordinary hours open and close at the right instants', () => {
    const sunday: WorkingHours = [{ day: 0, from: '10:00', to: '22:00' }];
    expect(isOpenAt(sunday, WAW, utc('2025-03-30T08:00:00Z'))).toBe(false); // 10:00 CEST
    expect(isOpenAt(sunday, WAW, utc('2025-03-30T08:00:01Z'))).toBe(true);
    expect(isOpenAt(sunday, WAW, utc('2025-03-30T19:59:59Z'))).toBe(true);
    expect(isOpenAt(sunday, WAW, utc('2025-03-30T20:00:00Z'))).toBe(false);
    expect(next(sunday, utc('2025-03-30T00:30:00Z'))).toBe('2025-03-30T10:00:00+02:00');
  });

  it('Warsaw: a from inside the skipped hour opens at the jump', () => {
    const hours: WorkingHours = [{ day: 0, from: '02:30', to: '10:00' }];
    expect(isOpenAt(hours, WAW, at('2025-03-30T01:59:59'))).toBe(false);
    expect(isOpenAt(hours, WAW, utc('2025-03-30T01:00:00Z'))).toBe(false); // 03:00 CEST: the opening instant
    expect(isOpenAt(hours, WAW, utc('2025-03-30T01:00:01Z'))).toBe(true);
    expect(isOpenAt(hours, WAW, at('2025-03-30T03:30'))).toBe(true);
    expect(next(hours, at('2025-03-30T01:30'))).toBe('2025-03-30T03:00:00+02:00');
  });

  it('Warsaw: a to inside the skipped hour closes at the jump', () => {
    const hours: WorkingHours = [{ day: 6, from: '20:00', to: '02:30' }];
    expect(isOpenAt(hours, WAW, at('2025-03-30T01:59:59'))).toBe(true);
    expect(isOpenAt(hours, WAW, utc('2025-03-30T01:00:00Z'))).toBe(false);
    expect(isOpenAt(hours, WAW, at('2025-03-30T03:15'))).toBe(false);
  });

  it('Warsaw: hours wholly inside the skipped hour never open that day', () => {
    const hours: WorkingHours = [{ day: 0, from: '02:10', to: '02:50' }];
    expect(isOpenAt(hours, WAW, utc('2025-03-30T01:00:00Z'))).toBe(false);
    expect(next(hours, at('2025-03-30T00:30'))).toBe('2025-04-06T02:10:00+02:00');
  });

  it('Warsaw: a night spanning the change lasts an hour less but keeps its wall times', () => {
    const hours: WorkingHours = [{ day: 6, from: '22:00', to: '06:00' }];
    expect(isOpenAt(hours, WAW, utc('2025-03-30T00:59:59Z'))).toBe(true); // 01:59:59 CET
    expect(isOpenAt(hours, WAW, utc('2025-03-30T01:00:00Z'))).toBe(true); // 03:00 CEST
    expect(isOpenAt(hours, WAW, utc('2025-03-30T03:59:59Z'))).toBe(true); // 05:59:59 CEST
    expect(isOpenAt(hours, WAW, utc('2025-03-30T04:00:00Z'))).toBe(false); // 06:00 CEST
  });

  // Kyiv: 03:00 EET → 04:00 EEST at 01:00Z.
  it('Kyiv: ordinary hours, and a from and a to inside the skipped hour', () => {
    const sunday: WorkingHours = [{ day: 0, from: '10:00', to: '22:00' }];
    expect(isOpenAt(sunday, KYIV, utc('2025-03-30T07:00:00Z'))).toBe(false); // 10:00 EEST
    expect(isOpenAt(sunday, KYIV, utc('2025-03-30T07:00:01Z'))).toBe(true);
    expect(isOpenAt(sunday, KYIV, utc('2025-03-30T18:59:59Z'))).toBe(true);
    expect(isOpenAt(sunday, KYIV, utc('2025-03-30T19:00:00Z'))).toBe(false);

    const opensInGap: WorkingHours = [{ day: 0, from: '03:30', to: '12:00' }];
    expect(isOpenAt(opensInGap, KYIV, utc('2025-03-30T00:59:59Z'))).toBe(false); // 02:59:59 EET
    expect(isOpenAt(opensInGap, KYIV, utc('2025-03-30T01:00:01Z'))).toBe(true); // 04:00:01 EEST
    expect(next(opensInGap, utc('2025-03-30T00:00:00Z'), KYIV)).toBe('2025-03-30T04:00:00+03:00');

    const closesInGap: WorkingHours = [{ day: 6, from: '20:00', to: '03:30' }];
    expect(isOpenAt(closesInGap, KYIV, utc('2025-03-30T00:59:59Z'))).toBe(true);
    expect(isOpenAt(closesInGap, KYIV, utc('2025-03-30T01:00:00Z'))).toBe(false);
  });
});

describe('DST fall back (2025-10-26)', () => {
  // Warsaw: 03:00 CEST → 02:00 CET at 01:00Z; 02:00–03:00 happens twice. The first one counts.
  it('Warsaw: a to inside the repeated hour closes at its first occurrence and stays closed', () => {
    const hours: WorkingHours = [{ day: 6, from: '18:00', to: '02:30' }];
    expect(isOpenAt(hours, WAW, at('2025-10-26T02:29:59+02:00'))).toBe(true);
    expect(isOpenAt(hours, WAW, at('2025-10-26T02:30+02:00'))).toBe(false);
    expect(isOpenAt(hours, WAW, at('2025-10-26T02:10+01:00'))).toBe(false);
    expect(isOpenAt(hours, WAW, at('2025-10-26T02:40+01:00'))).toBe(false);
  });

  it('Warsaw: a from inside the repeated hour opens at its first occurrence and stays open', () => {
    const hours: WorkingHours = [{ day: 0, from: '02:30', to: '12:00' }];
    expect(isOpenAt(hours, WAW, at('2025-10-26T02:29+02:00'))).toBe(false);
    expect(isOpenAt(hours, WAW, at('2025-10-26T02:31+02:00'))).toBe(true);
    expect(isOpenAt(hours, WAW, at('2025-10-26T02:10+01:00'))).toBe(true);
    expect(next(hours, at('2025-10-26T01:00+02:00'))).toBe('2025-10-26T02:30:00+02:00');
  });

  it('Warsaw: ordinary hours after the change use the winter offset', () => {
    const sunday: WorkingHours = [{ day: 0, from: '10:00', to: '22:00' }];
    expect(isOpenAt(sunday, WAW, utc('2025-10-26T09:00:00Z'))).toBe(false); // 10:00 CET
    expect(isOpenAt(sunday, WAW, utc('2025-10-26T09:00:01Z'))).toBe(true);
    expect(isOpenAt(sunday, WAW, utc('2025-10-26T20:59:59Z'))).toBe(true);
    expect(isOpenAt(sunday, WAW, utc('2025-10-26T21:00:00Z'))).toBe(false);
    expect(next(sunday, at('2025-10-25T23:00'))).toBe('2025-10-26T10:00:00+01:00');
  });

  it('Warsaw: a night spanning the change lasts an hour longer', () => {
    const hours: WorkingHours = [{ day: 6, from: '22:00', to: '06:00' }];
    expect(isOpenAt(hours, WAW, at('2025-10-26T02:30+02:00'))).toBe(true);
    expect(isOpenAt(hours, WAW, at('2025-10-26T02:30+01:00'))).toBe(true);
    expect(isOpenAt(hours, WAW, utc('2025-10-26T04:59:59Z'))).toBe(true); // 05:59:59 CET
    expect(isOpenAt(hours, WAW, utc('2025-10-26T05:00:00Z'))).toBe(false);
  });

  // Kyiv: 04:00 EEST → 03:00 EET at 01:00Z.
  it('Kyiv: repeated hour and ordinary hours', () => {
    const closes: WorkingHours = [{ day: 6, from: '20:00', to: '03:30' }];
    expect(isOpenAt(closes, KYIV, at('2025-10-26T03:29+03:00', KYIV))).toBe(true);
    expect(isOpenAt(closes, KYIV, at('2025-10-26T03:10+02:00', KYIV))).toBe(false);

    const opens: WorkingHours = [{ day: 0, from: '03:30', to: '12:00' }];
    expect(isOpenAt(opens, KYIV, at('2025-10-26T03:31+03:00', KYIV))).toBe(true);
    expect(isOpenAt(opens, KYIV, at('2025-10-26T03:10+02:00', KYIV))).toBe(true);
    expect(next(opens, at('2025-10-26T02:00+03:00', KYIV), KYIV)).toBe('2025-10-26T03:30:00+03:00');

    const sunday: WorkingHours = [{ day: 0, from: '10:00', to: '22:00' }];
    expect(isOpenAt(sunday, KYIV, utc('2025-10-26T08:00:00Z'))).toBe(false); // 10:00 EET
    expect(isOpenAt(sunday, KYIV, utc('2025-10-26T08:00:01Z'))).toBe(true);
    expect(isOpenAt(sunday, KYIV, utc('2025-10-26T19:59:59Z'))).toBe(true);
    expect(isOpenAt(sunday, KYIV, utc('2025-10-26T20:00:00Z'))).toBe(false);
  });
});

describe('restaurantState and canTakeOrders', () => {
  const restaurant = { isEnabled: true, hours: MON_10_22, timeZone: WAW };
  it('open now', () => {
    expect(restaurantState(restaurant, at('2025-03-31T12:00'))).toEqual({ state: 'open', nextOpening: null });
    expect(canTakeOrders(restaurant, at('2025-03-31T12:00'))).toBe(true);
  });
  it('closed now, with the next opening', () => {
    expect(restaurantState(restaurant, at('2025-03-31T23:00'))).toEqual({
      state: 'closed',
      nextOpening: '2025-04-07T10:00:00+02:00',
    });
    expect(canTakeOrders(restaurant, at('2025-03-31T23:00'))).toBe(false);
  });
  it('closed with no hours at all', () => {
    expect(restaurantState({ ...restaurant, hours: [] }, at('2025-03-31T12:00'))).toEqual({
      state: 'closed',
      nextOpening: null,
    });
  });
  it('temporarily unavailable when not enabled, even within hours', () => {
    const disabled = { ...restaurant, isEnabled: false };
    expect(restaurantState(disabled, at('2025-03-31T12:00'))).toEqual({ state: 'unavailable', nextOpening: null });
    expect(canTakeOrders(disabled, at('2025-03-31T12:00'))).toBe(false);
  });
});

describe('properties', () => {
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const hoursArb = fc.array(fc.record({ day: fc.integer({ min: 0, max: 6 }), from: time, to: time }), {
    maxLength: 6,
  });
  // Every instant of 2025, which holds both DST changes.
  const instantArb = fc
    .integer({ min: Date.UTC(2025, 0, 1) / 1000, max: Date.UTC(2026, 0, 1) / 1000 })
    .map((s) => Temporal.Instant.fromEpochMilliseconds(s * 1000));
  const zoneArb = fc.constantFrom(WAW, KYIV, 'Europe/Lisbon');

  it('the next opening is closed itself and open a second later; between now and it, closed', () => {
    fc.assert(
      fc.property(hoursArb, instantArb, zoneArb, (hours, instant, zone) => {
        const n = nextOpening(hours, zone, instant);
        if (isOpenAt(hours, zone, instant)) return n === null;
        if (n === null) return true;
        const opening = n.toInstant();
        if (Temporal.Instant.compare(opening, instant) < 0) return false;
        if (isOpenAt(hours, zone, opening)) return false;
        if (!isOpenAt(hours, zone, opening.add({ seconds: 1 }))) return false;
        // Probe a few instants in between: all closed.
        const gap = opening.epochMilliseconds - instant.epochMilliseconds;
        return [0.25, 0.5, 0.75].every(
          (f) => !isOpenAt(hours, zone, Temporal.Instant.fromEpochMilliseconds(instant.epochMilliseconds + gap * f)),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('a restaurant with any non-empty hours always has a next opening when closed', () => {
    fc.assert(
      fc.property(hoursArb, instantArb, zoneArb, (hours, instant, zone) => {
        const nonEmpty = hours.some((h) => h.from !== h.to);
        const n = nextOpening(hours, zone, instant);
        return !nonEmpty || isOpenAt(hours, zone, instant) || n !== null;
      }),
      { numRuns: 300 },
    );
  });
});

describe('openThroughout', () => {
  const EVERY_DAY_AROUND_THE_CLOCK: WorkingHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    from: '00:00',
    to: '24:00',
  }));

  it('holds a span inside one opening, touching its ends', () => {
    expect(openThroughout(MON_10_22, WAW, at('2025-03-31T10:00'), at('2025-03-31T10:30'))).toBe(true);
    expect(openThroughout(MON_10_22, WAW, at('2025-03-31T21:30'), at('2025-03-31T22:00'))).toBe(true);
    expect(openThroughout(MON_10_22, WAW, at('2025-03-31T09:50'), at('2025-03-31T10:20'))).toBe(false);
    expect(openThroughout(MON_10_22, WAW, at('2025-03-31T21:45'), at('2025-03-31T22:15'))).toBe(false);
    expect(openThroughout(MON_10_22, WAW, at('2025-03-31T12:00'), at('2025-03-31T11:00'))).toBe(false);
  });

  it('not across a break, but across midnight when the days meet', () => {
    const split: WorkingHours = [
      { day: 1, from: '12:00', to: '15:00' },
      { day: 1, from: '17:00', to: '22:00' },
    ];
    expect(openThroughout(split, WAW, at('2025-03-31T14:50'), at('2025-03-31T17:10'))).toBe(false);
    expect(openThroughout(EVERY_DAY_AROUND_THE_CLOCK, WAW, at('2025-03-31T23:50'), at('2025-04-01T00:20'))).toBe(true);
    expect(
      openThroughout([{ day: 5, from: '18:00', to: '02:00' }], WAW, at('2025-04-05T01:00'), at('2025-04-05T01:30')),
    ).toBe(true);
  });
});
