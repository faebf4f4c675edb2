import type { Db, Tx } from '#db/client.ts';
import { AppError } from '#server/errors.ts';
import type { ErrorKey } from '#domain/errors.ts';
import { isUniqueViolation } from '../../accounts/context.ts';
import type { SessionUser } from '#server/context.ts';
import { recordAudit, type AuditEntry, type AuditedEntity } from '../../orders/bookkeeping.ts';

/** What an admin form's service needs: the database, the admin acting (never read from the input) and the moment. */
export type AdminCtx = { db: Db; actor: SessionUser; now: Date };

/** Writes the change's audit row in the caller's transaction: who, when, what, and the values it wrote. */
export const audit = (
  tx: Tx,
  ctx: AdminCtx,
  action: AuditEntry['action'],
  entity: AuditedEntity,
  entityId: string | number,
  data: Record<string, unknown>,
): Promise<void> =>
  recordAudit(tx, { at: ctx.now, actorUserId: ctx.actor.id, action, entity, entityId: String(entityId), data });

/** Runs a write, answering `key` (notUniqueCode, notUniqueSlug…) when a unique index refuses it. */
export async function uniqueOr<T>(key: ErrorKey, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(key);
    throw error;
  }
}

/** PostgreSQL's foreign_key_violation: a row still referenced (an order's code) or a reference to no row. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

/** '' from a blank optional field is stored as null. */
export const orNull = (value: string): string | null => value.trim() || null;
