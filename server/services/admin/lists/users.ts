import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ServiceCtx } from '#server/context.ts';
import { users } from '#db/schema/index.ts';
import type { ListQuery } from '#domain/admin-lists.ts';
import { bool, contains, offsetOf, pageSizeOf, orderOf, str } from './sql.ts';

/** Every account (customers and staff): contact data, role, activation; deleted accounts only when asked. */
export async function listUsers({ db }: Pick<ServiceCtx<'db'>, 'db'>, query: ListQuery) {
  const q = str(query.filters['q']);
  const role = str(query.filters['role']);
  const activated = bool(query.filters['activated']);
  const deleted = str(query.filters['deleted']);
  const where = and(
    q ? contains(q, users.email, users.firstname, users.lastname, users.phone) : undefined,
    role ? eq(users.role, role) : undefined,
    activated === undefined ? undefined : activated ? isNotNull(users.activatedAt) : isNull(users.activatedAt),
    deleted === 'include' ? undefined : deleted === 'only' ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
  );
  const sorts = { email: users.email, lastname: users.lastname, createdAt: users.createdAt };
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        phone: users.phone,
        role: users.role,
        activatedAt: users.activatedAt,
        deletedAt: users.deletedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(...orderOf(query.sort, sorts, users.id))
      .limit(pageSizeOf(query))
      .offset(offsetOf(query)),
    db.select({ count: count() }).from(users).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
