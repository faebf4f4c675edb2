import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { baskets } from '#db/schema/index.ts';

export type BasketRow = typeof baskets.$inferSelect;
/** A change to the caller's basket, run inside writeBasket's transaction. */
export type BasketChange<T = void> = (tx: Tx, basket: BasketRow) => Promise<T>;

/** Who is asking: the basket cookie (if any) and the logged-in user (if any). */
export type BasketOwner = { cookieId: string | null; userId: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isBasketId = (value: string | null | undefined): value is string => !!value && UUID.test(value);

/**
 * The collecting basket this visitor may use: the cookie's, when it is still collecting and is a
 * guest basket or this user's (a user's basket never opens for a guest or another user who
 * happens to hold the cookie); otherwise, for a logged-in user, their latest collecting basket.
 * `lock` takes the row for update, so concurrent writes to one basket (and place-order) queue up.
 */
export async function findBasket(db: Db | Tx, owner: BasketOwner, lock = false): Promise<BasketRow | null> {
  if (isBasketId(owner.cookieId)) {
    const allowed = owner.userId
      ? or(isNull(baskets.userId), eq(baskets.userId, owner.userId))
      : isNull(baskets.userId);
    const query = db
      .select()
      .from(baskets)
      .where(and(eq(baskets.id, owner.cookieId), eq(baskets.status, 'collecting'), allowed));
    const [row] = lock ? await query.for('update') : await query;
    if (row) return row;
  }
  if (owner.userId) {
    const query = db
      .select()
      .from(baskets)
      .where(and(eq(baskets.userId, owner.userId), eq(baskets.status, 'collecting')))
      .orderBy(desc(baskets.updatedAt))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (row) return row;
  }
  return null;
}

/**
 * Runs `change` on the visitor's collecting basket inside one transaction, creating the basket on
 * the first write. An ordered ('created') basket is never written again: the visitor gets a new one.
 * A guest basket touched by a logged-in user becomes theirs.
 */
export async function writeBasket<T>(
  db: Db,
  owner: BasketOwner,
  now: Date,
  change: BasketChange<T>,
): Promise<{ basketId: string; result: T }> {
  return db.transaction(async (tx) => {
    let basket = await findBasket(tx, owner, true);
    if (!basket) {
      const [created] = await tx
        .insert(baskets)
        .values({ userId: owner.userId, createdAt: now, updatedAt: now })
        .returning();
      if (!created) throw new Error('the new basket was not returned');
      basket = created;
    } else if (owner.userId && !basket.userId) {
      await tx.update(baskets).set({ userId: owner.userId }).where(eq(baskets.id, basket.id));
      basket = { ...basket, userId: owner.userId };
    }
    const result = await change(tx, basket);
    await tx.update(baskets).set({ updatedAt: now }).where(eq(baskets.id, basket.id));
    return { basketId: basket.id, result };
  });
}
