import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

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
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { onQuery } = options;
    const client = postgres(options.url, {
      max: options.max ?? 10,
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

/**
 * drizzle sends each query as an unnamed statement unless it was `.prepare()`d, so PostgreSQL parses and plans
 * it anew every time and its text travels with every call. The application's queries are a fixed set of texts,
 * so postgres-js is asked to name them instead: each is parsed once per connection and then only bound and
 * executed (measured: about a third of the driver's bytes and CPU on place-order). Transactions and savepoints
 * hand drizzle a new client, which is wrapped the same way.
 */
function preparing<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (key === 'unsafe')
        return (query: string, args: unknown[] = [], options: Record<string, unknown> = {}) =>
          (value as Unsafe).call(target, query, args, { ...options, prepare: true });
      if (key === 'begin' || key === 'savepoint')
        return (...args: unknown[]) => {
          const scope = args.pop() as Scope;
          return (value as Scope).call(target, ...args, (scoped: object) => scope(preparing(scoped)));
        };
      return value;
    },
  });
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
