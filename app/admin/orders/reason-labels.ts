import type { RejectionReason } from '#domain/kitchen-alarms.ts';
import { m } from '#i18n/paraglide/messages.js';

/** Why the kitchen rejects an order, in the staff's words; each message named (app/admin/forms/labels.ts says why). */
export const REJECTION_REASON_LABEL = {
  closed: m.admin_orders_reason_closed,
  other: m.admin_orders_reason_other,
  soldOut: m.admin_orders_reason_soldOut,
  tooBusy: m.admin_orders_reason_tooBusy,
} as const satisfies Record<RejectionReason, unknown>;
