import { describe, expect, it } from 'vitest';
import { formatPromise } from './promise-time.ts';

describe('formatPromise', () => {
  const now = Date.parse('2026-03-28T18:00:00Z'); // Saturday 19:00 in Warsaw, the day before the clocks go forward

  it('writes today’s time alone, on the restaurant’s clock', () => {
    expect(formatPromise('2026-03-28T18:30:00Z', 'Europe/Warsaw', 'pl', now)).toBe('19:30');
    expect(formatPromise('2026-03-28T18:30:00Z', 'Europe/Kyiv', 'en', now)).toBe('20:30');
  });

  it('puts the day in front of another day, after the change to summer time', () => {
    const tomorrow = formatPromise('2026-03-29T10:30:00Z', 'Europe/Warsaw', 'en', now);
    expect(tomorrow).toContain('12:30');
    expect(tomorrow).toMatch(/Sun/);
    expect(formatPromise('2026-03-29T10:30:00Z', 'Europe/Warsaw', 'ua', now)).toContain('12:30');
  });
});
