import { describe, expect, it } from 'vitest';
import { alarmRinging, escalationProblem, minutesWaiting } from './kitchen-alarms.ts';
import { rejectionReasonFor } from './staff-actions.ts';

describe('kitchen alarms', () => {
  it('rings for a new or auto-accepted order nobody acknowledged, and for nothing else', () => {
    expect(alarmRinging({ status: 'new', alarmAcknowledgedAt: null })).toBe(true);
    expect(alarmRinging({ status: 'processing', alarmAcknowledgedAt: null })).toBe(true);
    expect(alarmRinging({ status: 'new', alarmAcknowledgedAt: new Date() })).toBe(false);
    expect(alarmRinging({ status: 'ready_for_pickup', alarmAcknowledgedAt: null })).toBe(false);
    expect(alarmRinging({ status: 'rejected', alarmAcknowledgedAt: null })).toBe(false);
  });

  it('escalates only before the acceptance window closes', () => {
    expect(escalationProblem({ acceptanceMinutes: 10, escalationMinutes: 5 })).toBeNull();
    expect(escalationProblem({ acceptanceMinutes: 10, escalationMinutes: 9 })).toBeNull();
    expect(escalationProblem({ acceptanceMinutes: 10, escalationMinutes: 10 })).toBe('escalationNotBeforeAcceptance');
    expect(escalationProblem({ acceptanceMinutes: 5, escalationMinutes: 8 })).toBe('escalationNotBeforeAcceptance');
  });

  it('counts whole minutes waited', () => {
    const from = new Date('2026-03-04T11:00:00Z');
    expect(minutesWaiting(from, new Date('2026-03-04T11:05:59Z'))).toBe(5);
    expect(minutesWaiting(from, new Date('2026-03-04T10:59:00Z'))).toBe(0);
  });

  it('a reject needs one of the reasons; other actions take none', () => {
    expect(rejectionReasonFor('reject', 'tooBusy')).toBe('tooBusy');
    expect(() => rejectionReasonFor('reject', undefined)).toThrow('a reject needs a reason');
    expect(() => rejectionReasonFor('reject', 'timeout')).toThrow('a reject needs a reason');
    expect(rejectionReasonFor('accept', 'tooBusy')).toBeUndefined();
  });
});
