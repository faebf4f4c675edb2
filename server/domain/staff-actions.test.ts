import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, canTransition } from './orders.ts';
import {
  allowedStaffActions,
  assertStaffAction,
  isStaffAction,
  KITCHEN_STATUSES,
  STAFF_ACTIONS,
  staffActionTarget,
} from './staff-actions.ts';

describe('staff actions', () => {
  it('offers accept and reject on a new order, ready and cancel while preparing', () => {
    expect(allowedStaffActions('new', 'door2door')).toEqual(['accept', 'reject']);
    expect(allowedStaffActions('processing', 'pickup')).toEqual(['ready', 'cancel']);
  });

  it('readies a pickup order for collection and a delivery order for the courier', () => {
    expect(staffActionTarget('ready', 'processing', 'pickup')).toBe('ready_for_pickup');
    for (const delivery of ['door2door', 'outside', 'leave@door'])
      expect(staffActionTarget('ready', 'processing', delivery)).toBe('waiting_for_courier');
  });

  it('hands a courier order over, and finishes a collected one', () => {
    expect(allowedStaffActions('waiting_for_courier', 'door2door')).toEqual(['handToCourier']);
    expect(allowedStaffActions('ready_for_pickup', 'pickup')).toEqual(['finish']);
    expect(allowedStaffActions('waiting_for_pickup', 'pickup')).toEqual(['finish']);
  });

  it('offers nothing on unpaid or closed orders', () => {
    for (const status of ['waiting_for_payment', 'finished', 'rejected', 'canceled'] as const)
      expect(allowedStaffActions(status, 'pickup')).toEqual([]);
  });

  it('never leads anywhere the status machine refuses', () => {
    for (const from of ORDER_STATUSES)
      for (const action of STAFF_ACTIONS)
        for (const delivery of ['pickup', 'door2door']) {
          const to = staffActionTarget(action, from, delivery);
          if (to !== null) expect(canTransition(from, to)).toBe(true);
        }
  });

  it('refuses an action past its status with invalidStatusTransition', () => {
    expect(assertStaffAction('accept', 'new', 'pickup')).toBe('processing');
    expect(() => assertStaffAction('accept', 'processing', 'pickup')).toThrow(
      expect.objectContaining({ key: 'invalidStatusTransition', details: { from: 'processing', action: 'accept' } }),
    );
    expect(() => assertStaffAction('cancel', 'new', 'pickup')).toThrow(
      expect.objectContaining({ key: 'invalidStatusTransition' }),
    );
  });

  it('knows its action names and the statuses a kitchen works on', () => {
    expect(isStaffAction('handToCourier')).toBe(true);
    expect(isStaffAction('explode')).toBe(false);
    expect(isStaffAction(3)).toBe(false);
    expect(KITCHEN_STATUSES).toEqual([
      'new',
      'processing',
      'ready_for_pickup',
      'waiting_for_pickup',
      'waiting_for_courier',
    ]);
  });
});
