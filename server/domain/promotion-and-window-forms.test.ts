import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { discountUpdateBody, discountWindowProblem, workingDay } from './admin-forms.ts';
import { storedWindows, windowColumns, windowOf } from './menu-windows.ts';

const ok = (value: unknown) => !(value instanceof type.errors);

describe('the admin forms of issue 38', () => {
  it('take a special day only on a real calendar date', () => {
    expect(ok(workingDay({ day: 1, from: '10:00', to: '22:00', date: '2026-12-24' }))).toBe(true);
    expect(ok(workingDay({ day: 1, from: '10:00', to: '22:00', date: '2026-02-30' }))).toBe(false);
    expect(ok(workingDay({ day: 1, from: '10:00', to: '22:00', date: null, service: 'pickup' }))).toBe(true);
  });

  it("take a code's window bounds as real local times, or none", () => {
    const code = { code: 'ZIMA', type: 'amount', value: 500, country: 'pl', quantity: 10, active: true };
    expect(ok(discountUpdateBody({ ...code, validFrom: '2026-12-01T10:00', validTo: '' }))).toBe(true);
    expect(ok(discountUpdateBody({ ...code, validFrom: '2026-11-31T10:00' }))).toBe(false);
    expect(discountWindowProblem({ validFrom: '2026-12-02T10:00', validTo: '2026-12-01T10:00' })).toBe('outOfRange');
    expect(discountWindowProblem({ validFrom: '2026-12-01T10:00', validTo: null })).toBeNull();
  });
});

describe('availability windows as columns', () => {
  it('are written as a pair, cleared as nulls, left alone when not given, and read back only when both are set', () => {
    expect(windowColumns(undefined)).toEqual({});
    expect(windowColumns(null)).toEqual({ availableFrom: null, availableTo: null });
    expect(windowColumns({ from: '07:00', to: '11:00' })).toEqual({ availableFrom: '07:00', availableTo: '11:00' });
    expect(windowOf({ availableFrom: '07:00', availableTo: null })).toBeNull();
    expect(storedWindows(undefined)).toEqual([]);
    expect(
      storedWindows([
        { from: null, to: null },
        { from: '07:00', to: '11:00' },
      ]),
    ).toEqual([{ from: '07:00', to: '11:00' }]);
  });
});
