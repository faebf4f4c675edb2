import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * What a drizzle query builder hands its session when it is run: the SQL text and its parameters (values, or
 * `sql.placeholder`s), how the answer's columns map back to fields, and the driver's options. Recorded once,
 * it is handed to the session of each later call as it is.
 */
type PrepareArgs = unknown[];
type PreparedQuery = {
  joinsNotNullableMap?: unknown;
  execute: (values: Record<string, unknown>) => Promise<unknown>;
};
type Session = { prepareQuery: (...args: PrepareArgs) => PreparedQuery };
// drizzle's builders (select, insert, update, delete) all prepare themselves through this method.
type Preparable = { _prepare: () => unknown };

/**
 * A drizzle query whose SQL is built once per process rather than on every call: building it (walking the
 * query's chunks, each checked against a dozen classes) cost more of the server's CPU than the driver and
 * PostgreSQL together on the payment notification's two dozen statements (decision 036). What changes from
 * call to call is given as `sql.placeholder(name)` in the query and as `values` when it runs; a placeholder
 * compared with or assigned to a column is encoded by that column, as a literal value would be. Runs on the
 * database or on a transaction (either driver), through that handle's own session.
 */
export function reusable<B extends PromiseLike<unknown>>(
  build: (db: Db) => B,
): (db: Db | Tx, values?: Record<string, unknown>) => Promise<Awaited<B>> {
  let recorded: { args: PrepareArgs; joinsNotNullableMap: unknown } | null = null;
  return (db, values = {}) => {
    if (!recorded) {
      let args: PrepareArgs | null = null;
      const stand: PreparedQuery & { setToken: () => unknown } = {
        execute: () => Promise.reject(new Error('a recorded query is not run')),
        setToken: () => stand,
      };
      const recorder: Session = {
        prepareQuery: (...given) => {
          args = given;
          return stand;
        },
      };
      const recording = Object.create(db, { session: { value: recorder } }) as Db;
      (build(recording) as unknown as Preparable)._prepare();
      if (!args) throw new Error('the query did not prepare itself through its session');
      recorded = { args, joinsNotNullableMap: stand.joinsNotNullableMap };
    }
    const session = (db as unknown as { session: Session }).session;
    const query = session.prepareQuery(...recorded.args);
    query.joinsNotNullableMap = recorded.joinsNotNullableMap;
    return query.execute(values) as Promise<Awaited<B>>;
  };
}

/**
 * `sql.placeholder(name)` where drizzle's types ask for the column's own value (an update's `set`): at run time
 * drizzle wraps it with that column, which encodes the value given for it (a Date for a timestamp) as it would a
 * literal one.
 */
export const placeholderFor = <T>(name: string): T => sql.placeholder(name) as unknown as T;
