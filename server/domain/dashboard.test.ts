import { describe, expect, it } from 'vitest';
import { periodStart } from './dashboard.ts';

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
