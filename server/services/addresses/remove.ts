import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { userAddresses } from '#db/schema/index.ts';
import { notFound } from '#server/errors.ts';
import { listAddresses, type SavedAddress } from './list.ts';

/** Deletes one of the user's addresses; when it was the default, the oldest remaining one takes its place. */
export async function removeAddress(
  { db }: Pick<AppDeps, 'db'>,
  { userId, addressId }: { userId: string; addressId: string },
): Promise<SavedAddress[]> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(userAddresses)
      .where(and(eq(userAddresses.id, addressId), eq(userAddresses.userId, userId)))
      .returning({ isDefault: userAddresses.isDefault });
    if (!removed) throw notFound();
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: userAddresses.id })
        .from(userAddresses)
        .where(eq(userAddresses.userId, userId))
        .orderBy(asc(userAddresses.createdAt), asc(userAddresses.id))
        .limit(1);
      if (next) await tx.update(userAddresses).set({ isDefault: true }).where(eq(userAddresses.id, next.id));
    }
    return listAddresses({ db: tx }, { userId });
  });
}
