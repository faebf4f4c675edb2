import type { Tx } from '#db/client.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { AppError } from '#server/errors.ts';
import type { ErrorKey } from '#domain/errors.ts';
import type { ServiceCtx } from '#server/context.ts';
import { actorUserId } from '../../actor.ts';
import { recordAudit, type AuditEntry, type AuditedEntity } from '../../orders/bookkeeping.ts';

/*
 * What the admin forms' services share. They run with the one ServiceCtx (server/context.ts): the database, the
 * clock and the admin acting (never read from the input).
 */

/** Writes the change's audit row in the caller's transaction: who, when, what, and the values it wrote. */
export const audit = (
  tx: Tx,
  ctx: ServiceCtx<'db'>,
  action: AuditEntry['action'],
  entity: AuditedEntity,
  entityId: string | number,
  data: Record<string, unknown>,
): Promise<void> =>
  recordAudit(tx, {
    at: ctx.now(),
    actorUserId: actorUserId(ctx.actor),
    action,
    entity,
    entityId: String(entityId),
    data,
  });

/** Runs a write, answering `key` (notUniqueCode, notUniqueSlug…) when a unique index refuses it. */
export async function uniqueOr<T>(key: ErrorKey, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(key);
    throw error;
  }
}

/** '' from a blank optional field is stored as null. */
export const orNull = (value: string): string | null => value.trim() || null;
