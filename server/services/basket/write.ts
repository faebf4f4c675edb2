import type { Db } from '#db/client.ts';
import { transaction, type Row } from '#db/raw.ts';
import { isBasketId, type BasketOwner, type StaffBasket } from './writable.ts';
import { loadPricedBasket, type PricedBasket } from './priced.ts';

/** One hand-written statement: `$1 … $n` in the text, values as text and cast there (see db/raw.ts). */
export type Statement = { text: string; params: readonly unknown[] };

/** The visitor's basket as the lock found it, or as it is about to be created. */
export type LockedBasket = {
  id: string;
  restaurantId: number | null;
  country: string;
  userId: string | null;
  /** Not in the database yet: it is inserted with the change's writes. */
  isNew: boolean;
};

export type BasketChange = {
  /**
   * The reads the rules need, given the basket's id (null for a basket not written yet). They are sent right
   * behind the lock, so they see what a write to this basket queued ahead of them committed.
   */
  reads?: (basketId: string | null) => Statement[];
  /** Checks every rule on what was read (throwing the spec's errors) and answers the writes that make the change. */
  writes: (basket: LockedBasket, read: Row[][]) => Statement[];
};

/**
 * The cookie's basket when it is still collecting and is a guest's or this user's (a user's basket never opens for
 * a guest or another user who holds the cookie); otherwise the user's latest collecting basket. Locked, so
 * concurrent writes to one basket (and place-order) queue up.
 */
const LOCK_SQL = `select id, restaurant_id as "restaurantId", country, user_id as "userId" from baskets
where status = 'collecting' and built_by_user_id is null
  and ((id = $1::text::uuid and (user_id is null or user_id = $2::text::uuid)) or user_id = $2::text::uuid)
order by coalesce(id = $1::text::uuid, false) desc, updated_at desc
limit 1
for update`;

/** A basket staff build for a caller opens by its id for the staff member who built it, and nobody else. */
const STAFF_LOCK_SQL = `select id, restaurant_id as "restaurantId", country, user_id as "userId" from baskets
where status = 'collecting' and id = $1::text::uuid and built_by_user_id = $2::text::uuid
for update`;

const CREATE_SQL = `insert into baskets (id, user_id, created_at, updated_at)
values ($1::text::uuid, $2::text::uuid, $3::text::timestamptz, $3::text::timestamptz)`;

const ASYNC_COMMIT_SQL = 'set local synchronous_commit = off';

/** Every write marks the basket as touched; a guest basket written by a logged-in user becomes theirs. */
const TOUCH_SQL = `update baskets set updated_at = $2::text::timestamptz, user_id = coalesce(user_id, $3::text::uuid)
where id = $1::text::uuid`;

/**
 * Changes the visitor's basket in one transaction of two round trips and answers it priced from the database
 * (decision 016): first BEGIN, the lock and the change's reads together; then, once every rule is checked in
 * TypeScript, the writes, the priced basket (one statement, PRICING_SQL) and COMMIT together. The basket is
 * created with the first write unless `create` is false, in which case no basket answers null. A staff-built basket
 * (`StaffBasket`) is never created here: one that is not its builder's, or not collecting, answers null.
 * An ordered ('created') basket is never written again: the visitor gets a new one.
 */
export async function changeBasket(
  db: Db,
  owner: BasketOwner | StaffBasket,
  now: Date,
  change: BasketChange,
  create = true,
): Promise<PricedBasket | null> {
  const staff = 'staffUserId' in owner;
  const named = staff ? owner.basketId : owner.cookieId;
  const cookieId = isBasketId(named) ? named : null;
  // A basket staff build for a caller is made by createStaffBasket, never by a write, and opens only for its builder.
  if (staff && cookieId === null) return null;
  const lock = staff ? { text: STAFF_LOCK_SQL, params: [cookieId, owner.staffUserId] } : null;
  const userId = staff ? null : owner.userId;
  const at = now.toISOString();
  return transaction(db, async ({ query, commit }) => {
    // A basket is the visitor's scratch pad, not a record: its commit does not wait for the WAL to reach the disk
    // (3.5–5 ms per commit on this machine's disk, most of a basket write). A PostgreSQL crash may lose the last
    // fraction of a second of basket changes, never leave one half-written; an order's commit flushes the WAL up to
    // itself, so an order never rests on a basket write that could still be lost.
    const asyncCommit = query(ASYNC_COMMIT_SQL);
    const reads = (basketId: string | null) =>
      Promise.all((change.reads?.(basketId) ?? []).map((s) => query(s.text, s.params)));
    const [, [locked], guessed] = await Promise.all([
      asyncCommit,
      lock ? query(lock.text, lock.params) : query(LOCK_SQL, [cookieId, userId]),
      reads(cookieId),
    ]);
    if (!locked && (!create || staff)) return null;
    const basket: LockedBasket = locked
      ? {
          id: locked['id'] as string,
          restaurantId: locked['restaurantId'] as number | null,
          country: locked['country'] as string,
          userId: locked['userId'] as string | null,
          isNew: false,
        }
      : { id: crypto.randomUUID(), restaurantId: null, country: 'pl', userId, isNew: true };
    // The reads went out naming the cookie's basket; when another basket is used (the user's on another device,
    // or a new one after an order), they are asked again for it. A new basket has no lines yet.
    const read = (locked?.['id'] ?? null) === cookieId ? guessed : await reads(basket.isNew ? null : basket.id);
    const writes = change.writes(basket, read);

    const sent = [
      ...(basket.isNew ? [query(CREATE_SQL, [basket.id, userId, at])] : []),
      ...writes.map((s) => query(s.text, s.params)),
      ...(basket.isNew ? [] : [query(TOUCH_SQL, [basket.id, at, userId])]),
    ];
    const priced = loadPricedBasket(query, basket.id, now);
    const [answer] = await Promise.all([priced, commit(), ...sent]);
    return answer;
  });
}
