import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { userAddresses, users } from '#db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import type { SavedAddressInput } from '#domain/addresses.ts';
import { addressValues } from './input.ts';
import { addressColumns, type SavedAddress } from './list.ts';

/** Enough for home, work and family; more looks like a script filling the table. */
const MAX_ADDRESSES = 20;

/** Saves an address; the first one, or one marked isDefault, becomes the default. */
export async function addAddress(
  { db }: Pick<AppDeps, 'db'>,
  { userId, address: input }: { userId: string; address: SavedAddressInput & { isDefault?: boolean } },
): Promise<SavedAddress> {
  const values = addressValues(input);
  return db.transaction(async (tx) => {
    // One user's additions queue here, so the count and the single default hold under parallel requests.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(userAddresses)
      .where(eq(userAddresses.userId, userId));
    if (count >= MAX_ADDRESSES) throw new AppError('tooManyAddresses', { max: MAX_ADDRESSES });
    const isDefault = count === 0 || input.isDefault === true;
    if (isDefault) await tx.update(userAddresses).set({ isDefault: false }).where(eq(userAddresses.userId, userId));
    const [row] = await tx
      .insert(userAddresses)
      .values({ ...values, userId, isDefault })
      .returning(addressColumns);
    if (!row) throw new Error('the new address was not returned by its insert');
    return row;
  });
}
