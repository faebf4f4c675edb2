import { getTableColumns, sql, type Column, type Table } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from './client.ts';
import { holdingConnection } from './pool-usage.ts';
import { observeQuery } from './query-observer.ts';

/**
 * Hand-written SQL for the few hot paths (pricing a basket, placing an order), where building queries with
 * drizzle was the largest part of the server's CPU (docs/decisions/007). Parameters are `$1 … $n`; pass
 * numbers, strings, booleans or null, and cast in the text (`$1::text::uuid`, `$2::text::jsonb`), so that both
 * drivers send every value as text and the server converts it the same way.
 */
export type Row = Record<string, unknown>;
export type Query = (text: string, params?: readonly unknown[]) => Promise<Row[]>;

const columnLists = new WeakMap<Table, [string, Column][]>();

/**
 * A table's row as drizzle would have answered it, from a row of hand-written SQL (column names as the database
 * spells them) or from that row turned to JSON (`to_json(t)`, `json_agg(t)`): each column decoded by the table's
 * own column definition (timestamps to Date, jsonb parsed), so the two paths cannot disagree about a type.
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  let columns = columnLists.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnLists.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** A json or jsonb value of a hand-written query: postgres-js and PGlite parse it, a text cast would not be. */
export const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

type Template = { strings: TemplateStringsArray; order: number[] };
const templates = new Map<string, Template>();

/** The text split at its placeholders once, so each call only binds values. */
function templateOf(text: string): Template {
  let template = templates.get(text);
  if (!template) {
    const parts = text.split(/\$(\d+)/);
    const strings = parts.filter((_, i) => i % 2 === 0);
    const order = parts.filter((_, i) => i % 2 === 1).map((n) => Number(n) - 1);
    template = { strings: Object.assign(strings, { raw: strings }) as unknown as TemplateStringsArray, order };
    templates.set(text, template);
  }
  return template;
}

/** Runs hand-written SQL through drizzle's database or transaction handle (either driver). */
export function queryOf(db: Db | Tx): Query {
  return (text, params = []) => {
    const { strings, order } = templateOf(text);
    return queryRows<Row>(db, sql(strings, ...order.map((i) => params[i])));
  };
}

type Unsafe = (
  text: string,
  params?: readonly unknown[],
  options?: { prepare?: boolean },
) => Promise<Row[]> & { execute: () => unknown };
type ReservedSql = { unsafe: Unsafe; release: () => void };
type Client = {
  unsafe?: Unsafe;
  reserve?: () => Promise<ReservedSql>;
  transaction?: <T>(
    fn: (tx: { query: (text: string, params?: unknown[]) => Promise<{ rows: Row[] }> }) => Promise<T>,
  ) => Promise<T>;
};

export type Transaction = {
  query: Query;
  /**
   * Sends COMMIT right behind the statements already sent, without waiting for their answers (one round trip
   * for the last write and the commit). If one of them fails, PostgreSQL turns the COMMIT into a rollback.
   */
  commit: () => Promise<void>;
};

/** Whether statements sent without awaiting each other travel together (PostgreSQL) rather than one by one (PGlite). */
export const pipelines = (db: Db): boolean => Boolean((db as unknown as { $client: Client }).$client.reserve);

/**
 * One statement as a transaction of its own (PostgreSQL commits it when the driver's Sync for it arrives): no BEGIN
 * and no COMMIT, so one Bind/Execute/Sync in all. For a change whose reads, writes and answer fit in one statement
 * of data-modifying CTEs. PostgreSQL only (see `pipelines`).
 */
export function statement(db: Db, text: string, params: readonly unknown[] = []): Promise<Row[]> {
  const client = (db as unknown as { $client: Client }).$client;
  const { unsafe } = client;
  if (!unsafe || !client.reserve) throw new Error('one-statement transactions are for PostgreSQL');
  return holdingConnection(() => observeQuery(text, () => unsafe.call(client, text, params, { prepare: true })));
}

/**
 * One transaction on one connection. On PostgreSQL, statements sent without waiting for each other's answers
 * travel together (postgres-js pipelines them) and run in order: BEGIN goes out with the first statement. On
 * PGlite (a single in-process connection) they simply run one after another.
 */
export async function transaction<T>(db: Db, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client: Client }).$client;
  if (client.reserve) {
    const connection = await client.reserve();
    let open = true;
    // postgres-js sends a query when it is first awaited; sending each at once keeps them in call order,
    // BEGIN first.
    const send = (text: string, params: readonly unknown[] = []): Promise<Row[]> => {
      const sent = connection.unsafe(text, params, { prepare: true });
      sent.execute();
      return observeQuery(text, () => sent);
    };
    try {
      const begun = send('begin');
      const query: Query = (text, params) => send(text, params);
      const commit = async () => {
        open = false;
        await send('commit');
      };
      // BEGIN's answer is awaited with the first statements', so a failed BEGIN is not left unhandled.
      const [, result] = await Promise.all([begun, fn({ query, commit })]);
      if (open) await commit();
      return result;
    } catch (error) {
      if (open) await send('rollback').catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  }
  if (!client.transaction) throw new Error('this database handle supports no transactions');
  return client.transaction((tx) =>
    fn({ query: async (text, params = []) => (await tx.query(text, [...params])).rows, commit: async () => {} }),
  );
}
