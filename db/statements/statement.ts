import { type, type Type } from 'arktype';
import type { Row } from '../raw.ts';

/*
 * A hand-written statement declared once (issue 32): its SQL with named parameters (`:basketId`), the order in
 * which they travel, and the schema its rows decode by. The text is compiled to `$1 … $n` when declared, so the
 * statement PostgreSQL prepares is the same text it always was, and a row that is not what the statement promises
 * fails loudly with the statement's name instead of passing an `as` cast.
 */

/** Sent as text and cast in the SQL, so both drivers convert every value the same way (db/raw.ts). */
export type SqlValue = string | number | boolean | null;

/** A statement with its values in place: what db/raw.ts's query and the predicted write send. */
export type Bound = { text: string; params: readonly SqlValue[] };

export class StatementRowError extends Error {
  readonly statement: string;
  constructor(statement: string, summary: string) {
    super(`statement ${statement}: a row does not decode: ${summary}`);
    this.statement = statement;
  }
}

export type Declared<N extends string, R> = {
  readonly name: string;
  /** The text as sent: `$1 … $n` in the order of `params`. */
  readonly text: string;
  readonly params: readonly N[];
  /** The statement with these values, in their order. */
  bind(values: Readonly<Record<N, SqlValue>>): Bound;
  /** Its rows decoded by the row schema (a statement that answers no rows decodes none). */
  decode(rows: readonly Row[]): R[];
};

/** The statement's named placeholders, each `:name` not part of a `::cast`. */
const placeholder = (names: readonly string[]) => new RegExp(`(?<!:):(${names.join('|')})\\b`, 'g');

/**
 * Declares a statement. `params` names every `:name` of `sql` in the order the values travel; a name the text does
 * not use, or used without being listed, fails at start. `json` names the row's columns a driver may answer as JSON
 * text: they are parsed before the schema reads them.
 */
export function declare<const N extends string = never, R = never>(spec: {
  name: string;
  sql: string;
  params?: readonly N[];
  row?: Type<R>;
  json?: readonly string[];
}): Declared<N, R> {
  const params = spec.params ?? [];
  const text =
    params.length === 0
      ? spec.sql
      : spec.sql.replace(placeholder(params), (_, name: string) => `$${params.indexOf(name as N) + 1}`);
  const unused = params.filter((name, i) => !new RegExp(`\\$${i + 1}(?!\\d)`).test(text) || params.indexOf(name) !== i);
  if (unused.length > 0) throw new Error(`statement ${spec.name}: parameters not used once each: ${unused.join(', ')}`);
  const stray = /(?<![:\w]):[a-z]\w*\b/i.exec(text.replace(/'[^']*'/g, "''"));
  if (stray) throw new Error(`statement ${spec.name}: ${stray[0]} is not one of its parameters`);
  const { row, json = [] } = spec;
  return {
    name: spec.name,
    text,
    params,
    bind: (values) => ({ text, params: params.map((name) => values[name]) }),
    decode: (rows) => {
      if (!row) return [];
      return rows.map((raw) => {
        let value: Row = raw;
        for (const column of json) {
          const cell = raw[column];
          if (typeof cell === 'string') value = { ...value, [column]: JSON.parse(cell) as unknown };
        }
        const decoded = row(value);
        if (decoded instanceof type.errors) throw new StatementRowError(spec.name, decoded.summary);
        return decoded as R;
      });
    },
  };
}

type Query = (text: string, params?: readonly unknown[]) => Promise<Row[]>;

/** Runs a declared statement through a hand-written query (db/raw.ts) and decodes its rows. */
export async function run<N extends string, R>(
  query: Query,
  statement: Declared<N, R>,
  values: Readonly<Record<N, SqlValue>>,
): Promise<R[]> {
  const { text, params } = statement.bind(values);
  return statement.decode(await query(text, params));
}
