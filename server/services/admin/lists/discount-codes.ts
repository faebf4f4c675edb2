import { and, count, eq, sql } from 'drizzle-orm';
import { isUuid } from '#domain/ids.ts';
import type { ServiceCtx } from '#server/context.ts';
import { discountCodes } from '#db/schema/index.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { bool, contains, offsetOf, pageSizeOf, orderOf, str } from './sql.ts';

/**
 * The discount codes: type, value (minor units, or whole percent), country, uses taken of the quantity, active; a
 * generated batch's codes by its id (`batch`), which the CSV export reads through the same filter.
 */
export async function listDiscountCodes({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const q = str(query.filters['q']);
  const type = str(query.filters['type']);
  const country = str(query.filters['country']);
  const active = bool(query.filters['active']);
  const batch = str(query.filters['batch']);
  const where = and(
    // Not an id of a batch: no codes (rather than an error from the uuid cast).
    batch ? (isUuid(batch) ? eq(discountCodes.batch, batch) : sql`false`) : undefined,
    q ? contains(q, discountCodes.code) : undefined,
    type ? eq(discountCodes.type, type) : undefined,
    country ? eq(discountCodes.country, country) : undefined,
    active === undefined ? undefined : eq(discountCodes.active, active),
  );
  const sorts = {
    code: discountCodes.code,
    createdAt: discountCodes.createdAt,
    used: discountCodes.used,
    id: discountCodes.id,
  };
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: discountCodes.id,
        code: discountCodes.code,
        type: discountCodes.type,
        value: discountCodes.value,
        country: discountCodes.country,
        quantity: discountCodes.quantity,
        used: discountCodes.used,
        active: discountCodes.active,
        createdAt: discountCodes.createdAt,
      })
      .from(discountCodes)
      .where(where)
      .orderBy(...orderOf(query.sort, sorts, discountCodes.id))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    db.select({ count: count() }).from(discountCodes).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
