import type { AppDeps } from '#server/context.ts';
import type { Db } from '#db/client.ts';
import { pipelines, statement, transaction } from '#db/raw.ts';
import { isDivisionByZero } from '#db/errors.ts';
import {
  checked,
  keep,
  memories,
  merged,
  readKey,
  type Check,
  type Memory as MemoryOf,
  type PredictedChange,
  type Statement,
} from '#db/predicted-write.ts';
import { isBasketId, type BasketOwner, type StaffBasket } from './writable.ts';
import { loadPricedBasket, pricedOf, type PricedBasket } from './priced.ts';
import * as basketSql from '#db/statements/basket.ts';

/**
 * What this process saw of a basket after it last wrote it: enough to predict what the next change's rules read
 * (decision 032). Never trusted: the prediction travels with the writes and PostgreSQL checks it under the lock.
 */
export type KnownBasket = {
  restaurantId: number | null;
  country: string;
  userId: string | null;
  location: { id: number; country: string; pickupEnabled: boolean; deliveryEnabled: boolean } | null;
  lines: { id: number; menuItemId: number; quantity: number; optionIds: number[] }[];
};

/** A basket a change creates: its kitchen, the country that follows it, and its first line. */
export type NewBasket = {
  restaurantId: number;
  country: string;
  line: { menuItemId: number; quantity: number; optionIds: number[] };
};

/** The visitor's basket as the lock found it, or as it is about to be created. */
export type LockedBasket = {
  id: string;
  restaurantId: number | null;
  country: string;
  userId: string | null;
  /** Not in the database yet: it is inserted with the change's writes. */
  isNew: boolean;
};

export type { Statement };

/** A basket change: the basket's reads, their prediction, and the writes of its transition's patch. */
export type BasketChange = PredictedChange<KnownBasket, LockedBasket, NewBasket>;

type Memory = MemoryOf<KnownBasket>;
const memoryOf = memories<KnownBasket>();

/** A new guest basket: what its first change reads. */
const NEW_BASKET: KnownBasket = { restaurantId: null, country: 'pl', userId: null, location: null, lines: [] };

/** What a priced basket says about what the next change will read. */
const knownOf = (basket: PricedBasket): KnownBasket => ({
  restaurantId: basket.restaurant?.id ?? null,
  country: basket.country,
  userId: basket.userId,
  location: basket.location && {
    id: basket.location.id,
    country: basket.location.country,
    pickupEnabled: basket.location.pickupEnabled,
    deliveryEnabled: basket.location.deliveryEnabled,
  },
  lines: basket.lines.map((line) => ({
    id: line.id,
    menuItemId: line.menuItemId,
    quantity: line.quantity,
    optionIds: line.options.map((o) => o.id),
  })),
});

const MISSED = Symbol('missed');

/**
 * A new basket, its first line and its priced answer in one statement, its own transaction (no BEGIN, no COMMIT:
 * one Bind/Execute/Sync where the transaction below sends eight). The reads' predictions are checked first (a
 * division by zero aborts the statement, so nothing is written), the commit is asynchronous as every basket write's
 * is, and the answer is PRICING_SQL's text reading the basket and its line from what the statement wrote. Nobody
 * else can know the new basket's id, so no lock is needed and nothing can change it between the writes and the
 * answer. The text depends only on the reads', so it is prepared once per connection.
 */
const createdTexts = new Map<string, string>();
function createdStatement(checks: Check[], basketId: string, at: string, made: NewBasket) {
  const params: unknown[] = [];
  const guard = checked(checks, params);
  const first = params.length;
  params.push(basketId, at, made.restaurantId, made.country);
  params.push(made.line.menuItemId, made.line.quantity, `{${made.line.optionIds.join(',')}}`);
  const key = checks.map((c) => c.read.text).join('\u0000');
  let text = createdTexts.get(key);
  if (text === undefined) {
    const $ = (n: number) => `$${first + n}`;
    // A guest's basket (user_id null): a user's first change goes the two-round-trip way, since the lock may find
    // their basket from another device. The guard is read by the insert, so its checks and set_config always run.
    text = `with guard as materialized (
  select set_config('synchronous_commit', 'off', true) as async, ${guard()} as ok),
new_basket as (insert into baskets (id, user_id, restaurant_id, country, created_at, updated_at)
  select ${$(1)}::text::uuid, null, ${$(3)}::int, ${$(4)}::text, ${$(2)}::text::timestamptz, ${$(2)}::text::timestamptz
  from guard where guard.ok = 1 and guard.async = 'off'
  returning *),
new_line as (insert into basket_items (basket_id, menu_item_id, quantity, option_ids)
  select id, ${$(5)}::int, ${$(6)}::int, ${$(7)}::text::int[] from new_basket
  returning *)
${basketSql.pricingSql({ baskets: 'new_basket', basketItems: 'new_line', id: `${$(1)}::text::uuid` })}`;
    createdTexts.set(key, text);
  }
  return { text, params };
}

/**
 * Changes the visitor's basket in one transaction and answers it priced from the database (decisions 016, 032).
 * When this process knows the basket (it wrote it last, or there is none yet) and the change can predict what its
 * rules will read, the rules are checked in TypeScript on the prediction and everything goes in one round trip:
 * BEGIN, the lock, each read compared with its prediction, the writes, the priced basket and COMMIT. A lock or read
 * that does not match its prediction aborts the transaction before any write (nothing is written), and the change
 * runs again as below. Otherwise two round trips: first BEGIN, the lock and the change's reads together; then, once
 * every rule is checked on what was read, the writes, the priced basket (one statement, PRICING_SQL) and COMMIT.
 * A rule's error always comes from what was read, never from a prediction. The basket is
 * created with the first write unless `create` is false, in which case no basket answers null. A staff-built basket
 * (`StaffBasket`) is never created here: one that is not its builder's, or not collecting, answers null.
 * An ordered ('created') basket is never written again: the visitor gets a new one.
 */
export async function changeBasket(
  { db, now: clock }: Pick<AppDeps, 'db' | 'now'>,
  input: { owner: BasketOwner | StaffBasket; change: BasketChange; create?: boolean },
): Promise<PricedBasket | null> {
  const { owner, change, create = true } = input;
  const now = clock();
  const memory = memoryOf(db);
  const predicted =
    'staffUserId' in owner || !pipelines(db) ? MISSED : await predictedChange(db, memory, owner, now, change, create);
  const answer = predicted === MISSED ? await readThenChange(db, memory, owner, now, change, create) : predicted;
  if (answer) keep(memory.baskets, answer.id, knownOf(answer));
  return answer;
}

/** The one-round-trip change on a prediction; MISSED when there is none or PostgreSQL found it wrong. */
async function predictedChange(
  db: Db,
  memory: Memory,
  owner: BasketOwner,
  now: Date,
  change: BasketChange,
  create: boolean,
): Promise<PricedBasket | null | typeof MISSED> {
  const cookieId = isBasketId(owner.cookieId) ? owner.cookieId : null;
  // A guest without a basket: the lock could find none, so a new basket is certain.
  const known = cookieId ? memory.baskets.get(cookieId) : owner.userId === null ? NEW_BASKET : undefined;
  if (!known) return MISSED;
  if (!cookieId && !create) return null;
  const basket: LockedBasket = cookieId
    ? { id: cookieId, restaurantId: known.restaurantId, country: known.country, userId: known.userId, isNew: false }
    : { id: crypto.randomUUID(), restaurantId: null, country: 'pl', userId: null, isNew: true };
  const reads = change.reads?.(basket.isNew ? null : basket.id) ?? [];
  const rows = reads.length === 0 ? [] : change.predict?.(known, (read) => memory.reads.get(readKey(read)));
  if (!rows || rows.length !== reads.length) return MISSED;
  if (basket.isNew && change.newBasket) {
    let made: NewBasket;
    try {
      made = change.newBasket(rows);
    } catch {
      return MISSED;
    }
    // A new basket is inserted by this statement: nothing but its own empty rows can answer a read of them.
    const checks = reads.flatMap((read, i) => (read.ofBasket ? [] : [{ read, rows: rows[i] ?? [] }]));
    const { text, params } = createdStatement(checks, basket.id, now.toISOString(), made);
    try {
      return pricedOf(await statement(db, text, params), now);
    } catch (error) {
      if (isDivisionByZero(error)) return MISSED;
      throw error;
    }
  }
  let writes: Statement[];
  try {
    writes = change.writes(basket, rows);
  } catch {
    // The rule may hold on what the database really holds: it decides, on a real read.
    return MISSED;
  }
  const at = now.toISOString();
  // A new basket is inserted by this transaction: nothing but its own empty rows can answer a read of them.
  const checks = reads.flatMap((read, i) => (basket.isNew && read.ofBasket ? [] : [{ read, rows: rows[i] ?? [] }]));
  const together = merged(checks, writes);
  return transaction(db, async ({ query, commit }) => {
    const send = ({ text, params }: Statement) => query(text, params);
    const guards = [
      basket.isNew
        ? send(basketSql.asyncCommit.bind({}))
        : send(
            basketSql.lockPredictedBasket.bind({
              basketId: basket.id,
              userId: owner.userId,
              ownerId: basket.userId,
              restaurantId: basket.restaurantId,
              country: basket.country,
              at,
            }),
          ),
    ];
    const sent = [
      ...(basket.isNew ? [send(basketSql.createBasket.bind({ basketId: basket.id, userId: null, at }))] : []),
      ...(together ? [query(together.text, together.params)] : []),
    ];
    const priced = loadPricedBasket(query, basket.id, now);
    const settled = await Promise.allSettled([...guards, ...sent, priced, commit()]);
    // The checks travel with the writes: a division by zero there is a prediction found wrong, as in the lock.
    if (settled.some((s) => s.status === 'rejected' && isDivisionByZero(s.reason))) return MISSED;
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return priced;
  });
}

/** The change in two round trips: the lock and the reads, then the rules, the writes and the answer. */
async function readThenChange(
  db: Db,
  memory: Memory,
  owner: BasketOwner | StaffBasket,
  now: Date,
  change: BasketChange,
  create: boolean,
): Promise<PricedBasket | null> {
  const staff = 'staffUserId' in owner;
  const named = staff ? owner.basketId : owner.cookieId;
  const cookieId = isBasketId(named) ? named : null;
  // A basket staff build for a caller is made by createStaffBasket, never by a write, and opens only for its builder.
  if (staff && cookieId === null) return null;
  const userId = staff ? null : owner.userId;
  const lock = staff
    ? basketSql.lockStaffBasket.bind({ basketId: cookieId, staffUserId: owner.staffUserId })
    : basketSql.lockBasket.bind({ cookieId, userId });
  const at = now.toISOString();
  return transaction(db, async ({ query, commit }) => {
    const send = ({ text, params }: Statement) => query(text, params);
    // A basket is the visitor's scratch pad, not a record: its commit does not wait for the WAL to reach the disk
    // (3.5–5 ms per commit on this machine's disk, most of a basket write). A PostgreSQL crash may lose the last
    // fraction of a second of basket changes, never leave one half-written; an order's commit flushes the WAL up to
    // itself, so an order never rests on a basket write that could still be lost.
    const asyncCommit = send(basketSql.asyncCommit.bind({}));
    const reads = async (basketId: string | null) => {
      const statements = change.reads?.(basketId) ?? [];
      const rows = await Promise.all(statements.map((s) => query(s.text, s.params)));
      statements.forEach((s, i) => {
        const answer = rows[i];
        if (s.recall && answer) keep(memory.reads, readKey(s), answer);
      });
      return rows;
    };
    const [, lockedRows, guessed] = await Promise.all([asyncCommit, send(lock), reads(cookieId)]);
    const [locked] = basketSql.lockBasket.decode(lockedRows);
    if (!locked && (!create || staff)) return null;
    const basket: LockedBasket = locked
      ? { ...locked, isNew: false }
      : { id: crypto.randomUUID(), restaurantId: null, country: 'pl', userId, isNew: true };
    // The reads went out naming the cookie's basket; when another basket is used (the user's on another device,
    // or a new one after an order), they are asked again for it. A new basket has no lines yet.
    const read = (locked?.id ?? null) === cookieId ? guessed : await reads(basket.isNew ? null : basket.id);
    const writes = change.writes(basket, read);

    const sent = [
      ...(basket.isNew ? [send(basketSql.createBasket.bind({ basketId: basket.id, userId, at }))] : []),
      ...writes.map(send),
      ...(basket.isNew ? [] : [send(basketSql.touchBasket.bind({ basketId: basket.id, at, userId }))]),
    ];
    const priced = loadPricedBasket(query, basket.id, now);
    const [answer] = await Promise.all([priced, commit(), ...sent]);
    return answer;
  });
}
