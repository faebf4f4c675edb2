import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { baskets } from '#db/schema/index.ts';
import { isUuid } from '#domain/ids.ts';

export type BasketRow = typeof baskets.$inferSelect;

/**
 * Who is asking: the basket cookie (if any) and the logged-in user (if any). A basket belongs to a guest's cookie
 * (no user), to a user, or is built by staff for a customer (`StaffBasket`, baskets.built_by_user_id): the shop's
 * lookups never open a staff-built one, whatever cookie or user asks.
 */
export type BasketOwner = { cookieId: string | null; userId: string | null };

/** A basket the call centre builds for a caller: named by its id, opened only for the staff member who built it. */
export type StaffBasket = { basketId: string; staffUserId: string };

export const isBasketId = isUuid;

/**
 * The collecting basket this visitor may use: the cookie's, when it is still collecting and is a
 * guest basket or this user's (a user's basket never opens for a guest or another user who
 * happens to hold the cookie); otherwise, for a logged-in user, their latest collecting basket.
 * A read shared by getBasket and claimBasket; the writes find and lock their basket in their own statements
 * (write.ts).
 */
export async function findBasket(
  { db }: Pick<AppDeps, 'db'>,
  { owner }: { owner: BasketOwner },
): Promise<BasketRow | null> {
  if (isBasketId(owner.cookieId)) {
    const allowed = owner.userId
      ? or(isNull(baskets.userId), eq(baskets.userId, owner.userId))
      : isNull(baskets.userId);
    const query = db
      .select()
      .from(baskets)
      .where(
        and(eq(baskets.id, owner.cookieId), eq(baskets.status, 'collecting'), isNull(baskets.builtByUserId), allowed),
      );
    const [row] = await query;
    if (row) return row;
  }
  if (owner.userId) {
    const query = db
      .select()
      .from(baskets)
      .where(and(eq(baskets.userId, owner.userId), eq(baskets.status, 'collecting')))
      .orderBy(desc(baskets.updatedAt))
      .limit(1);
    const [row] = await query;
    if (row) return row;
  }
  return null;
}
