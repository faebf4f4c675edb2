import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema/index.ts';

/** The account an address belongs to, however its case is typed (the unique index ignores case too). */
export async function findUserByEmail({ db }: { db: Db }, { email }: { email: string }) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lang: users.lang,
      activatedAt: users.activatedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row ?? null;
}
