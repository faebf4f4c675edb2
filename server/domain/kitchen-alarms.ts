import type { OrderStatus } from './orders.ts';

/** Why a kitchen rejects an order: a required choice on the board, stored with the order, shown to the customer. */
export const REJECTION_REASONS = ['soldOut', 'tooBusy', 'closed', 'other'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const isRejectionReason = (value: unknown): value is RejectionReason =>
  typeof value === 'string' && (REJECTION_REASONS as readonly string[]).includes(value);

/**
 * Whether an order still rings on its kitchen's boards: it reached the kitchen (new, or processing when the restaurant
 * accepts by itself, so that somebody still notices it must be cooked) and nobody has acknowledged it. Accepting or
 * rejecting it at a board acknowledges it.
 */
export function alarmRinging(order: { status: OrderStatus; alarmAcknowledgedAt: Date | string | null }): boolean {
  return order.alarmAcknowledgedAt === null && (order.status === 'new' || order.status === 'processing');
}

/**
 * The rule between a restaurant's two windows: an order is escalated (managers e-mailed, the call centre shown it)
 * while there is still time to phone the restaurant, so strictly before the acceptance window rejects it.
 */
export function escalationProblem(settings: {
  acceptanceMinutes: number;
  escalationMinutes: number;
}): 'escalationNotBeforeAcceptance' | null {
  return settings.escalationMinutes < settings.acceptanceMinutes ? null : 'escalationNotBeforeAcceptance';
}

/** Whole minutes an order has waited since it reached the kitchen, for the escalation e-mail and the call centre. */
export const minutesWaiting = (reachedKitchenAt: Date, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() - reachedKitchenAt.getTime()) / 60_000));
