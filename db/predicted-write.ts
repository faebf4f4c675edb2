import type { Db } from './client.ts';
import type { Row } from './raw.ts';

export type { Row };

/*
 * The predicted write (decision 032) as infrastructure: a change names the reads its rules need and, when the
 * process can, predicts their rows; the writes go out with each read's prediction as a check in one statement, and a
 * wrong prediction divides by zero, which aborts the statement (and its transaction) before anything is written
 * (db/errors.ts isDivisionByZero). Generic over what the process knows of a row it wrote (`Known`), what the lock
 * found (`Target`) and what a change makes of a row that does not exist yet (`Made`); the basket's flow
 * (server/services/basket/write.ts) runs it.
 */

/**
 * One hand-written statement: `$1 … $n` in the text, values as text and cast there (see db/raw.ts). A read marked
 * `recall` answers the same rows whatever basket asks (an item and its options, say): the process keeps its latest
 * answer for the next change's prediction.
 */
export type Statement = {
  text: string;
  params: readonly unknown[];
  recall?: boolean;
  /**
   * Reads nothing but the rows of the basket it names (its lines, say). For a basket this change creates, that is
   * an empty basket's answer, known without asking: a write on a prediction does not send it (decision 032).
   */
  ofBasket?: boolean;
};

export type PredictedChange<Known, Target, Made> = {
  /**
   * The reads the rules need, given the basket's id (null for a basket not written yet). They are sent right
   * behind the lock, so they see what a write to this basket queued ahead of them committed.
   */
  reads?: (basketId: string | null) => Statement[];
  /**
   * What `reads` will answer, predicted from what this process knows of the basket and from the latest answers of
   * `recall` reads (undefined: no prediction). The rows are compared with the real ones in PostgreSQL, as JSON.
   */
  predict?: (known: Known, recall: (read: Statement) => Row[] | undefined) => Row[][] | undefined;
  /**
   * Checks every rule on what was read (throwing the spec's errors) and answers the writes that make the change.
   * The writes may be sent as one statement (data-modifying CTEs, one snapshot): none may depend on another's
   * effect, and no two may change the same row.
   */
  writes: (target: Target, read: Row[][]) => Statement[];
  /**
   * What the change makes of a basket that does not exist yet, by the same rules as `writes` on a new basket (the
   * same errors, the same rows written). With it, a guest's first change on a prediction is one statement in a
   * transaction of its own (`createdStatement`).
   */
  newBasket?: (read: Row[][]) => Made;
};

/**
 * `$n` placeholders renumbered from `after + 1`, so that one statement's text can sit inside another's. The basket's
 * statements hold no `$` but their placeholders (no dollar quoting, none in string literals).
 */
const shifted = (text: string, after: number) =>
  after === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + after}`);

export type Check = { read: Statement; rows: Row[] };

/**
 * Each read's prediction as a condition: 1 when the read answers the predicted rows (compared as JSON), else 0.
 * Their product divides 1 in a `guard` CTE, so one wrong prediction aborts the statement, and the transaction.
 * The texts depend only on the reads', so they are made once; `params` gets each read's values and its prediction.
 */
export function checked(checks: Check[], params: unknown[]): () => string {
  const offsets = checks.map(({ read, rows }) => {
    const after = params.length;
    params.push(...read.params, JSON.stringify(rows));
    return after;
  });
  return () => {
    const conditions = checks.map(({ read }, i) => {
      const after = offsets[i] ?? 0;
      return `(case when (select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb) from (${shifted(read.text, after)}) as r)
      = $${after + read.params.length + 1}::text::jsonb then 1 else 0 end)`;
    });
    return `1 / (${conditions.join(' * ') || '1'})`;
  };
}

/**
 * A change's checks and writes as one statement of data-modifying CTEs (one Bind/Execute/Sync instead of one per
 * check and per write). Every CTE of a statement reads the same snapshot, so a change's writes must not depend on
 * each other's effects (PredictedChange.writes says so); the checks read what the lock statement before them left, as
 * they did as statements of their own.
 */
const mergedTexts = new Map<string, string>();
export function merged(checks: Check[], writes: Statement[]): Statement | null {
  const [only] = writes;
  if (checks.length === 0 && writes.length <= 1) return only ?? null;
  const params: unknown[] = [];
  const guard = checked(checks, params);
  const offsets = writes.map((write) => {
    const after = params.length;
    params.push(...write.params);
    return after;
  });
  const key = [...checks.map((c) => c.read.text), '', ...writes.map((w) => w.text)].join('\u0000');
  let text = mergedTexts.get(key);
  if (text === undefined) {
    const ctes = [
      ...(checks.length > 0 ? [`guard as materialized (select ${guard()} as ok)`] : []),
      ...writes.map((write, i) => `w${i} as (${shifted(write.text, offsets[i] ?? 0)} returning 1)`),
    ];
    text = `with ${ctes.join(',\n')}\nselect ${checks.length > 0 ? '(select ok from guard)' : '1'} as ok`;
    mergedTexts.set(key, text);
  }
  return { text, params };
}

/** Bounded: the least recently written baskets and recalled reads are forgotten first. */
const MEMORY_LIMIT = 10_000;
/** What a process knows of the rows it wrote (`baskets`, by id) and the latest answers of `recall` reads. */
export type Memory<Known> = { baskets: Map<string, Known>; reads: Map<string, Row[]> };

/** A memory per database handle (tests open many), made on first use. */
export function memories<Known>(): (db: Db) => Memory<Known> {
  const byDb = new WeakMap<Db, Memory<Known>>();
  return (db) => {
    let memory = byDb.get(db);
    if (!memory) {
      memory = { baskets: new Map(), reads: new Map() };
      byDb.set(db, memory);
    }
    return memory;
  };
}

/** Keeps `value` as the most recent entry; the least recent goes beyond MEMORY_LIMIT. */
export function keep<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MEMORY_LIMIT) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}
export const readKey = (read: Statement) => `${read.text}\u0000${JSON.stringify(read.params)}`;
