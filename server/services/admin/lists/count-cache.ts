import type { Db } from '#db/client.ts';

/**
 * Counting every row a filter matches is most of a list's time once a table holds a busy year: 465,000 finished
 * orders take PostgreSQL tens to hundreds of milliseconds to count, for every page an admin opens. A large count
 * is therefore kept per process for a few seconds and reused by the next pages of the same filters; a count below
 * EXACT_BELOW is made fresh every time, so a short list is always exact (decision 025). Requests that arrive while
 * a count is being made share it.
 */
const EXACT_BELOW = 10_000;
const COUNT_TTL_MS = 15_000;
const MAX_ENTRIES = 500;

type Entry = { count: Promise<number>; at: number };
const caches = new WeakMap<Db, Map<string, Entry>>();

export function cachedCount(db: Db, key: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const entry = cache.get(key);
  if (entry && now - entry.at < COUNT_TTL_MS) return entry.count;
  const counted = count();
  cache.set(key, { count: counted, at: now });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  counted.then(
    (n) => {
      // Small counts are cheap and must follow every change at once: they are never reused.
      if (n < EXACT_BELOW && cache.get(key)?.count === counted) cache.delete(key);
    },
    () => cache.delete(key),
  );
  return counted;
}
