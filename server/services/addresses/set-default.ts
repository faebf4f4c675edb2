import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { userAddresses } from '#db/schema/index.ts';
import { notFound } from '#server/errors.ts';
import { listAddresses, type SavedAddress } from './list.ts';

/** Makes one of the user's addresses the default (the one the basket starts with); answers the list. */
export async function setDefaultAddress(
  { db }: Pick<AppDeps, 'db'>,
  { userId, addressId }: { userId: string; addressId: string },
): Promise<SavedAddress[]> {
  return db.transaction(async (tx) => {
    // The old default is cleared first: the partial unique index allows one default per user at every moment.
    await tx
      .update(userAddresses)
      .set({ isDefault: false })
      .where(and(eq(userAddresses.userId, userId), ne(userAddresses.id, addressId)));
    const [row] = await tx
      .update(userAddresses)
      .set({ isDefault: true })
      .where(and(eq(userAddresses.id, addressId), eq(userAddresses.userId, userId)))
      .returning({ id: userAddresses.id });
    if (!row) throw notFound();
    return listAddresses({ db: tx }, { userId });
  });
}
