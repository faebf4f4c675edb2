import { Temporal } from 'temporal-polyfill';
import { READY_STATUSES } from './dashboard.ts';
import type { OrderStatus } from './orders.ts';

// An order's times (issue 34, promise accuracy): when it was promised for, accepted, ready and finished. The columns
// are orders.promised_at, accepted_at, ready_at and finished_at; these rules say when each is written and what the
// promise is where none was written. The dashboard's lateness, the kitchen ticket and the capacity work read them here.

/**
 * The stamps a status change writes besides the status: `readyAt` when the kitchen marks the food ready — for delivery
 * waiting_for_courier, for pickup ready_for_pickup (waiting_for_pickup, the spec's other ready status, counts too) —
 * and `finishedAt` when the order is finished (handed to the courier, or collected). Rejected and canceled orders end
 * without either: they were never ready nor handed over.
 */
export function timeStampsOf(to: OrderStatus): { readyAt: boolean; finishedAt: boolean } {
  return {
    readyAt: (READY_STATUSES as readonly OrderStatus[]).includes(to),
    finishedAt: to === 'finished',
  };
}

export type PromiseFacts = {
  /** What the kitchen capacity's slot promised at placing (orders.promised_at); null for orders placed before it. */
  promisedAt: Temporal.Instant | null;
  acceptedAt: Temporal.Instant | null;
  /** The minutes the kitchen gave on accepting (orders.preparation_minutes). */
  preparationMinutes: number | null;
};

/**
 * When the food was promised ready. The promise written at placing wins; an order without one was promised what the
 * customer's status page showed once the kitchen accepted it: its acceptance plus the preparation minutes given then
 * (server/services/orders/view.ts's estimatedReadyAt). Null for an order nobody accepted and nothing promised.
 */
export function promisedReadyAt(order: PromiseFacts): Temporal.Instant | null {
  if (order.promisedAt) return order.promisedAt;
  if (order.acceptedAt && order.preparationMinutes !== null && order.preparationMinutes > 0)
    return order.acceptedAt.add({ minutes: order.preparationMinutes });
  return null;
}

/**
 * The orders whose lateness can be measured, as `lateness()` (kitchen-capacity.ts) takes them: ready, with a promise.
 */
export function measurable<T extends PromiseFacts & { readyAt: Temporal.Instant | null }>(
  orders: readonly T[],
): { promisedAt: Temporal.Instant; readyAt: Temporal.Instant }[] {
  return orders.flatMap((order) => {
    const promisedAt = promisedReadyAt(order);
    return promisedAt && order.readyAt ? [{ promisedAt, readyAt: order.readyAt }] : [];
  });
}

/** An instant from a database value (Date or ISO text), or null. */
export function instantOf(value: Date | string | null | undefined): Temporal.Instant | null {
  if (value === null || value === undefined) return null;
  return Temporal.Instant.fromEpochMilliseconds(typeof value === 'string' ? Date.parse(value) : value.getTime());
}
