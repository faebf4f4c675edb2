import { RuleError } from './errors.ts';
import { isRejectionReason, type RejectionReason } from './kitchen-alarms.ts';
import { canTransition, type OrderStatus } from './orders.ts';

/**
 * What restaurant staff do to an order (the kitchen board, the order's admin page), each one step of the status
 * machine (#domain/orders.ts):
 *   accept         new → processing, with the minutes the kitchen promises
 *   reject         new → rejected (refunded when paid)
 *   ready          processing → ready_for_pickup (the customer collects it) or waiting_for_courier (delivery)
 *   handToCourier  waiting_for_courier → finished: the restaurant's part is done
 *   finish         ready_for_pickup / waiting_for_pickup → finished: the customer has collected it
 *   cancel         processing → canceled (refunded when paid)
 */
export const STAFF_ACTIONS = ['accept', 'reject', 'ready', 'handToCourier', 'finish', 'cancel'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export const isStaffAction = (value: unknown): value is StaffAction =>
  typeof value === 'string' && (STAFF_ACTIONS as readonly string[]).includes(value);

/** The minutes a kitchen may promise when accepting, and the presets its board offers. */
export const MIN_PREPARATION_MINUTES = 1;
export const MAX_PREPARATION_MINUTES = 240;
export const PREPARATION_PRESETS = [15, 20, 30, 45, 60] as const;

/** The actions that ask the staff member to confirm first: they end the order for the customer. */
export const DESTRUCTIVE_ACTIONS: readonly StaffAction[] = ['reject', 'cancel'];

/** The status an action leads to from `from`, for an order of this delivery type; null when it does not apply. */
export function staffActionTarget(action: StaffAction, from: OrderStatus, deliveryType: string): OrderStatus | null {
  const to = targetOf(action, from, deliveryType);
  return to !== null && canTransition(from, to) ? to : null;
}

function targetOf(action: StaffAction, from: OrderStatus, deliveryType: string): OrderStatus | null {
  switch (action) {
    case 'accept':
      return 'processing';
    case 'reject':
      return 'rejected';
    case 'ready':
      return deliveryType === 'pickup' ? 'ready_for_pickup' : 'waiting_for_courier';
    case 'handToCourier':
      return from === 'waiting_for_courier' ? 'finished' : null;
    case 'finish':
      return from === 'ready_for_pickup' || from === 'waiting_for_pickup' ? 'finished' : null;
    case 'cancel':
      return from === 'processing' ? 'canceled' : null;
  }
}

/** The actions staff can take on an order now, in the order the board shows them. */
export function allowedStaffActions(from: OrderStatus, deliveryType: string): StaffAction[] {
  return STAFF_ACTIONS.filter((action) => staffActionTarget(action, from, deliveryType) !== null);
}

/** The target status of an action, or the catalogue's invalidStatusTransition when the order is past it. */
export function assertStaffAction(action: StaffAction, from: OrderStatus, deliveryType: string): OrderStatus {
  const to = staffActionTarget(action, from, deliveryType);
  if (to === null) {
    throw new RuleError('invalidStatusTransition', `cannot ${action} an order in ${from}`, { from, action });
  }
  return to;
}

/** The statuses a kitchen still works on, in the board's column order. */
export const KITCHEN_COLUMNS = [
  ['new'],
  ['processing'],
  ['ready_for_pickup', 'waiting_for_pickup', 'waiting_for_courier'],
] as const satisfies readonly (readonly OrderStatus[])[];
export const KITCHEN_STATUSES: readonly OrderStatus[] = KITCHEN_COLUMNS.flat();

/**
 * The reason a reject needs (the customer is told it, the figures count it): rejectionReasonRequired without one.
 * Other actions take none.
 */
export function rejectionReasonFor(action: StaffAction, reason: unknown): RejectionReason | undefined {
  if (action !== 'reject') return undefined;
  if (!isRejectionReason(reason)) throw new RuleError('rejectionReasonRequired', 'a reject needs a reason');
  return reason;
}
