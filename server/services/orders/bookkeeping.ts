import type { Tx } from '#db/client.ts';
import { queryOf } from '#db/raw.ts';

/**
 * The writes that several order paths make — a limited discount code's use counter and the audit row — defined
 * once, as SQL into which the caller puts the values' expressions: place-order embeds them in its one statement
 * (decision 007), change-status runs them on its drizzle transaction. Either way a use is taken only while one
 * is left, given back only while one was taken, and an audit row has the same columns.
 */

/**
 * Takes one use of code `id` (an SQL expression) while the code is active and has one left, and `also` (a further SQL
 * condition) holds; returns its id.
 */
export const takeDiscountUseSql = (id: string, also = 'true') =>
  `update discount_codes set used = used + 1 where id = ${id} and active and used < quantity and ${also} returning id`;

/** Gives one use of code `id` back (an order that never got paid); never below zero. */
const giveBackDiscountUseSql = (id: string) =>
  `update discount_codes set used = used - 1 where id = ${id} and used > 0 returning id`;

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

/** The audit row's columns, each given as an SQL expression; the caller may append `where …` and `returning …`. */
export const insertAuditSql = (
  values: Record<'at' | 'actorUserId' | 'action' | 'entity' | 'entityId' | 'data', string>,
) =>
  `insert into audit_log (at, actor_user_id, action, entity, entity_id, data)
  select ${values.at}, ${values.actorUserId}, ${values.action}, ${values.entity}, ${values.entityId}, ${values.data}`;

/** Parameters as text, cast in the SQL, as db/raw.ts sends them on either driver. */
const auditParams = (entry: AuditEntry) => [
  entry.at.toISOString(),
  entry.actorUserId,
  entry.action,
  entry.entity,
  entry.entityId,
  JSON.stringify(entry.data),
];

const AUDIT_SQL = insertAuditSql({
  at: '$1::text::timestamptz',
  actorUserId: '$2::text::uuid',
  action: '$3::text',
  entity: '$4::text',
  entityId: '$5::text',
  data: '$6::text::jsonb',
});
/** The use, and the customer's once-per-customer keys with it (issue 38), so that the customer may use it again. */
const GIVE_BACK_SQL = `with customer as (delete from discount_redemptions where order_id = $2::text::uuid)
${giveBackDiscountUseSql('$1::int')}`;

/** Writes one audit row inside the caller's transaction. */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await queryOf(tx)(AUDIT_SQL, auditParams(entry));
}

/** Gives a use of the code back inside the caller's transaction. */
export async function giveBackDiscountUse(tx: Tx, discountCodeId: number, orderId: string): Promise<void> {
  await queryOf(tx)(GIVE_BACK_SQL, [discountCodeId, orderId]);
}
