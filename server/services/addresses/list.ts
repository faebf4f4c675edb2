import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { userAddresses } from '#db/schema/index.ts';

export const addressColumns = {
  id: userAddresses.id,
  fullAddress: userAddresses.fullAddress,
  street: userAddresses.street,
  streetNo: userAddresses.streetNo,
  aptNo: userAddresses.aptNo,
  city: userAddresses.city,
  zip: userAddresses.zip,
  country: userAddresses.country,
  latitude: userAddresses.latitude,
  longitude: userAddresses.longitude,
  isDefault: userAddresses.isDefault,
};

/** The user's saved addresses, the default first, then the oldest first (the order they were added in). */
export async function listAddresses({ db }: { db: Db | Tx }, { userId }: { userId: string }) {
  return db
    .select(addressColumns)
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), asc(userAddresses.createdAt), asc(userAddresses.id));
}

export type SavedAddress = Awaited<ReturnType<typeof listAddresses>>[number];
