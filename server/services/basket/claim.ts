import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { baskets } from '#db/schema/index.ts';
import { findBasket, isBasketId } from './writable.ts';

/**
 * After login: the guest basket named by the cookie becomes the user's (nothing collected before
 * logging in is lost); without a usable cookie basket, the user's latest collecting basket is
 * theirs again. Returns the basket id the cookie should name, or null when there is none.
 */
export async function claimBasket(
  { db }: Pick<AppDeps, 'db'>,
  input: { cookieId: string | null; userId: string },
): Promise<string | null> {
  const { cookieId, userId } = input;
  if (isBasketId(cookieId)) {
    const [claimed] = await db
      .update(baskets)
      .set({ userId })
      .where(
        and(
          eq(baskets.id, cookieId),
          eq(baskets.status, 'collecting'),
          isNull(baskets.userId),
          // A basket staff build for a caller is never claimed by a login, whoever holds its id.
          isNull(baskets.builtByUserId),
        ),
      )
      .returning({ id: baskets.id });
    if (claimed) return claimed.id;
  }
  const found = await findBasket({ db }, { owner: { cookieId, userId } });
  return found?.id ?? null;
}
