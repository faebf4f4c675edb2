import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { type } from 'arktype';
import {
  availabilityWindowBody,
  minuteInWindow,
  windowColumns,
  windowLabel,
  windowOf,
  windowProblems,
  windowsOpenAt,
} from './menu-windows.ts';

const WAW = 'Europe/Warsaw';
const KYIV = 'Europe/Kyiv';
/** The instant a local wall time happens in a zone. */
const at = (local: string, zone = WAW) =>
  new Date(Temporal.ZonedDateTime.from(`${local}[${zone}]`).toInstant().epochMilliseconds);
const breakfast = { from: '07:00', to: '11:00' };

describe('availability windows', () => {
  it('hold from the first minute to before the last, in the restaurant’s own clock', () => {
    expect(windowsOpenAt([breakfast], at('2026-11-27T06:59'), WAW)).toBe(false);
    expect(windowsOpenAt([breakfast], at('2026-11-27T07:00'), WAW)).toBe(true);
    expect(windowsOpenAt([breakfast], at('2026-11-27T10:59'), WAW)).toBe(true);
    expect(windowsOpenAt([breakfast], at('2026-11-27T11:00'), WAW)).toBe(false);
    // 07:30 in Kyiv is 06:30 in Warsaw: the same instant is breakfast in one and not the other.
    expect(windowsOpenAt([breakfast], at('2026-11-27T07:30', KYIV), KYIV)).toBe(true);
    expect(windowsOpenAt([breakfast], at('2026-11-27T07:30', KYIV), WAW)).toBe(false);
  });

  it('keep their wall-clock hours on the days the clocks move', () => {
    // 2026-03-29: Warsaw skips 02:00–03:00; 2026-10-25: it repeats 02:00–03:00.
    expect(windowsOpenAt([breakfast], at('2026-03-29T07:00'), WAW)).toBe(true);
    expect(windowsOpenAt([breakfast], at('2026-03-29T06:59'), WAW)).toBe(false);
    expect(windowsOpenAt([breakfast], at('2026-10-25T10:59'), WAW)).toBe(true);
    expect(windowsOpenAt([breakfast], at('2026-10-25T11:00'), WAW)).toBe(false);
    const night = { from: '02:00', to: '03:00' };
    // Both 02:30s of the autumn night are inside; the spring night has no 02:30 and 03:00 is past it.
    expect(windowsOpenAt([night], at('2026-10-25T02:30+02:00'), WAW)).toBe(true);
    expect(windowsOpenAt([night], at('2026-10-25T02:30+01:00'), WAW)).toBe(true);
    expect(windowsOpenAt([night], at('2026-03-29T03:00'), WAW)).toBe(false);
  });

  it('run past midnight when they end earlier than they start, and need every window given', () => {
    const late = { from: '22:00', to: '02:00' };
    expect(minuteInWindow(23 * 60, late)).toBe(true);
    expect(minuteInWindow(60, late)).toBe(true);
    expect(minuteInWindow(2 * 60, late)).toBe(false);
    expect(minuteInWindow(12 * 60, late)).toBe(false);
    expect(windowsOpenAt([null, null], at('2026-11-27T03:00'), WAW)).toBe(true);
    expect(windowsOpenAt([breakfast, { from: '09:00', to: '12:00' }], at('2026-11-27T08:00'), WAW)).toBe(false);
    expect(windowsOpenAt([breakfast, { from: '09:00', to: '12:00' }], at('2026-11-27T09:30'), WAW)).toBe(true);
  });

  it('a window and its complement across midnight split every minute of the day between them', () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(time, time, fc.integer({ min: 0, max: 1439 }), (from, to, minute) => {
        fc.pre(from !== to);
        expect(minuteInWindow(minute, { from, to })).toBe(!minuteInWindow(minute, { from: to, to: from }));
      }),
    );
  });

  it('are checked as bodies, stored as two columns and said short', () => {
    const ok = (value: unknown) => !(availabilityWindowBody(value) instanceof type.errors);
    expect(ok(breakfast)).toBe(true);
    expect(ok(null)).toBe(true);
    expect(ok({ from: '7:00', to: '11:00' })).toBe(false);
    expect(ok({ from: '07:00', to: '24:00' })).toBe(false);
    expect(windowProblems('', { from: '07:00', to: '07:00' })).toEqual({ 'availability.to': 'outOfRange' });
    expect(windowProblems('', breakfast)).toEqual({});
    expect(windowColumns(undefined)).toEqual({});
    expect(windowColumns(null)).toEqual({ availableFrom: null, availableTo: null });
    expect(windowOf(windowColumns(breakfast) as { availableFrom: string; availableTo: string })).toEqual(breakfast);
    expect(windowLabel(breakfast)).toBe('7–11');
    expect(windowLabel({ from: '07:30', to: '00:00' })).toBe('7:30–0');
  });
});
