import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { userAddresses } from '#db/schema/index.ts';
import { notFound } from '#server/errors.ts';
import type { SavedAddressInput } from '#domain/addresses.ts';
import { addressValues } from './input.ts';
import { addressColumns, type SavedAddress } from './list.ts';

/** Replaces one of the user's addresses; another user's (or an unknown) id answers notFound. */
export async function updateAddress(
  { db }: Pick<AppDeps, 'db'>,
  { userId, addressId, address: input }: { userId: string; addressId: string; address: SavedAddressInput },
): Promise<SavedAddress> {
  const values = addressValues(input);
  const [row] = await db
    .update(userAddresses)
    .set(values)
    .where(and(eq(userAddresses.id, addressId), eq(userAddresses.userId, userId)))
    .returning(addressColumns);
  if (!row) throw notFound();
  return row;
}
