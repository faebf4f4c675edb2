import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { holdingConnection, poolUsage } from './pool-usage.ts';
import { observeQuery } from './query-observer.ts';

export type Schema = typeof schema;
/** Either driver: the code above this line never knows which database it talks to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** DATABASE_URL set → PostgreSQL; otherwise embedded PGlite in dataDir, so a fresh clone needs no server. */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string;
  max?: number;
  /** Called as each query is sent (postgres-js `debug`), for bench/profile.ts. */
  onQuery?: (query: string) => void;
}): Promise<Database> {
  if (options.url) {
    const [{ default: postgres }, { drizzle }, { PostgresJsPreparedQuery }] = await Promise.all([
      import('postgres'),
      import('drizzle-orm/postgres-js'),
      import('drizzle-orm/postgres-js/session'),
    ]);
    observeStatements(PostgresJsPreparedQuery.prototype as unknown as PreparedStatement);
    const { onQuery } = options;
    const max = options.max ?? 10;
    poolUsage.max = max;
    const client = postgres(options.url, {
      max,
      onnotice: () => {},
      ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
    });
    const db = drizzle(preparing(client), { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dataDir = options.dataDir ?? '.data';
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  // PostgreSQL's default of 128 MB of shared buffers (160 MB in PGlite's WASM heap) is sized for a server; the
  // demo database is a few MB and the operating system caches its files anyway (decision 016).
  const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

type Unsafe = (query: string, args?: unknown[], options?: Record<string, unknown>) => unknown;
type Scope = (...args: unknown[]) => unknown;
type Reserved = { release: () => void };

/** The pools' own clients (not a transaction's): a statement sent on one holds a connection of its own. */
const pools = new WeakSet<object>();

type PreparedStatement = {
  queryString: string;
  client: object;
  execute: (...args: unknown[]) => Promise<unknown>;
  all: (...args: unknown[]) => Promise<unknown>;
};
let statementsObserved = false;

/**
 * drizzle's statements, each reported to the query observer (a span when tracing is on) and, outside a transaction,
 * counted as holding a connection (db/pool-usage.ts). postgres.js has no hook for either; every drizzle query on
 * PostgreSQL — builders, `db.execute`, reusable queries — runs through this class's two methods.
 */
function observeStatements(prototype: PreparedStatement) {
  if (statementsObserved) return;
  statementsObserved = true;
  for (const method of ['execute', 'all'] as const) {
    const original = prototype[method];
    prototype[method] = function (this: PreparedStatement, ...args: unknown[]) {
      const run = () => observeQuery(this.queryString, () => original.apply(this, args));
      return pools.has(this.client) ? holdingConnection(run) : run();
    };
  }
}

/**
 * drizzle sends each query as an unnamed statement unless it was `.prepare()`d, so PostgreSQL parses and plans
 * it anew every time and its text travels with every call. The application's queries are a fixed set of texts,
 * so postgres-js is asked to name them instead: each is parsed once per connection and then only bound and
 * executed (measured: about a third of the driver's bytes and CPU on place-order). Transactions and savepoints
 * hand drizzle a new client, which is wrapped the same way.
 */
function preparing<T extends object>(client: T, pool = true): T {
  const proxy = new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (key === 'unsafe')
        return (query: string, args: unknown[] = [], options: Record<string, unknown> = {}) =>
          (value as Unsafe).call(target, query, args, { ...options, prepare: true });
      if (key === 'begin' || key === 'savepoint')
        return (...args: unknown[]) => {
          const scope = args.pop() as Scope;
          const begun = () =>
            (value as Scope).call(target, ...args, (scoped: object) => scope(preparing(scoped, false)));
          // A transaction holds one connection from BEGIN to its end.
          return pool ? holdingConnection(begun as () => PromiseLike<unknown>) : begun();
        };
      // A reserved connection (db/raw.ts's transactions) is held until it is released.
      if (key === 'reserve' && pool)
        return async () => {
          poolUsage.held += 1;
          try {
            const reserved = (await (value as () => Promise<Reserved>).call(target)) as Reserved;
            const release = reserved.release.bind(reserved);
            reserved.release = () => {
              poolUsage.held -= 1;
              release();
            };
            return reserved;
          } catch (error) {
            poolUsage.held -= 1;
            throw error;
          }
        };
      return value;
    },
  });
  if (pool) pools.add(proxy);
  return proxy;
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
}

/** Rows of a raw SQL query on either driver (postgres-js answers an array, PGlite an object with rows). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
