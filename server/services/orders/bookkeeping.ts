import type { Tx } from '#db/client.ts';
import { queryOf } from '#db/raw.ts';
import * as ordersSql from '#db/statements/orders.ts';
import { run } from '#db/statements/statement.ts';

/**
 * The writes that several order paths make — a limited discount code's use counter and the audit row — are SQL
 * defined once (db/statements/orders.ts): place-order embeds them in its one statement (decision 007), change-status
 * runs them on its drizzle transaction. Either way a use is taken only while one is left, given back only while one
 * was taken, and an audit row has the same columns.
 */

/** What the admin's forms change (issue 16). */
export type AuditedEntity =
  | 'concept'
  | 'location'
  | 'restaurant'
  | 'discountCode'
  | 'user'
  | 'menuCategory'
  | 'menuItem'
  | 'brandModifierGroup'
  | 'ingredient';

export type AuditEntry = {
  at: Date;
  /** The signed-in person who caused it; null for the customer's own guest call, a sweep or the payment provider. */
  actorUserId: string | null;
  /** An order's placing, status changes and status links sent again, or an admin's change to an entity (`concept.updated`, `user.role`…). */
  action:
    | 'order.placed'
    | 'order.status'
    | 'order.statusLinkSent'
    | 'order.alarmAcknowledged'
    | 'order.escalated'
    | `${AuditedEntity}.${'created' | 'updated' | 'deleted' | 'role' | 'activation'}`;
  entity: 'order' | AuditedEntity;
  entityId: string;
  data: Record<string, unknown>;
};

/** Writes one audit row inside the caller's transaction. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await run(queryOf(tx), ordersSql.recordAudit, {
    at: entry.at.toISOString(),
    actorUserId: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    data: JSON.stringify(entry.data),
  });
}

/** Gives a use of the code back inside the caller's transaction. */
export async function giveBackDiscountUse(tx: Tx, discountCodeId: number, orderId: string): Promise<void> {
  await run(queryOf(tx), ordersSql.giveBackDiscountUse, { discountCodeId, orderId });
}
