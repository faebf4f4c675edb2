import type { OrderStatus } from '#domain/orders.ts';
import type { RejectionReason } from '#domain/kitchen-alarms.ts';
import { m } from '#i18n/paraglide/messages.js';

// Messages named by a status or a reason, each one written out: a message looked up by a computed name (m[`…${x}`])
// keeps every message of every language in the island's JavaScript (some 45 KB gzip), the static names only these
// (docs/decisions/029-javascript-budget.md).

/** A status's short name (badge, order list). */
export const STATUS_NAME = {
  waiting_for_payment: m.account_status_waiting_for_payment,
  new: m.account_status_new,
  processing: m.account_status_processing,
  waiting_for_courier: m.account_status_waiting_for_courier,
  waiting_for_pickup: m.account_status_waiting_for_pickup,
  ready_for_pickup: m.account_status_ready_for_pickup,
  finished: m.account_status_finished,
  rejected: m.account_status_rejected,
  canceled: m.account_status_canceled,
} as const satisfies Record<OrderStatus, unknown>;

/** The status page's sentence about a status. */
export const STATUS_SENTENCE = {
  waiting_for_payment: m.status_state_waiting_for_payment,
  new: m.status_state_new,
  processing: m.status_state_processing,
  waiting_for_courier: m.status_state_waiting_for_courier,
  waiting_for_pickup: m.status_state_waiting_for_pickup,
  ready_for_pickup: m.status_state_ready_for_pickup,
  finished: m.status_state_finished,
  rejected: m.status_state_rejected,
  canceled: m.status_state_canceled,
} as const satisfies Record<OrderStatus, unknown>;

/** Why the restaurant rejected the order, as the kitchen chose it (orders.rejectionReason). */
export const REJECTION_REASON = {
  soldOut: m.status_rejectionReason_soldOut,
  tooBusy: m.status_rejectionReason_tooBusy,
  closed: m.status_rejectionReason_closed,
  other: m.status_rejectionReason_other,
} as const satisfies Record<RejectionReason, unknown>;

/** Why a line of an earlier order could not go into the new basket. */
export const REORDER_REASON = {
  removed: m.status_reorderReason_removed,
  unavailable: m.status_reorderReason_unavailable,
  optionsChanged: m.status_reorderReason_optionsChanged,
} as const;
