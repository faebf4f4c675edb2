import { inArray } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema/index.ts';
import { demoUsers } from '#db/seed/index.ts';
import { verifyPassword } from '../../auth/password.ts';

/**
 * The demo logins (README, db/seed) present in this database that still open with their published password: a
 * database once seeded with the demo data and then started in production would otherwise let anyone in as admin.
 */
export async function openDemoLogins({ db }: { db: Db }): Promise<string[]> {
  const present = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.email,
        demoUsers.map((user) => user.email),
      ),
    );
  const open: string[] = [];
  for (const row of present) {
    const demo = demoUsers.find((user) => user.email === row.email);
    if (demo && row.passwordHash && (await verifyPassword(row.passwordHash, demo.password))) open.push(row.email);
  }
  return open;
}
