import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema/index.ts';
import { notFound } from '#server/errors.ts';

export const profileColumns = {
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  phone: users.phone,
  role: users.role,
  lang: users.lang,
  marketingSms: users.marketingSms,
  marketingEmail: users.marketingEmail,
  shopPolicies: users.shopPolicies,
  restaurantPolicies: users.restaurantPolicies,
  createdAt: users.createdAt,
};

/** The my-account page's data: what the user gave us and chose, never the password hash. */
export async function getProfile({ db }: { db: Db }, { userId }: { userId: string }) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound();
  return row;
}

export type Profile = Awaited<ReturnType<typeof getProfile>>;
