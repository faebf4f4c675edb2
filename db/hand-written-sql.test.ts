import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/index.ts';

/**
 * Hand-written SQL (decision 007) names columns the typechecker does not see. This test reads every INSERT and
 * UPDATE … SET written by hand in server/ and db/ and holds their column lists against the drizzle schema, so a
 * schema change cannot silently miss one: a written column must exist, and an INSERT must write every column
 * that is NOT NULL without a default.
 */

type TableInfo = { columns: Set<string>; required: Set<string> };

const tables = new Map<string, TableInfo>();
for (const value of Object.values(schema)) {
  if (!is(value, PgTable)) continue;
  const config = getTableConfig(value);
  tables.set(config.name, {
    columns: new Set(config.columns.map((c) => c.name)),
    required: new Set(
      config.columns.filter((c) => c.notNull && !c.hasDefault && c.generated === undefined).map((c) => c.name),
    ),
  });
}

const ROOT = path.resolve(import.meta.dirname, '..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('migrations'))
    .map((f) => path.join(dir, f));

const unquote = (name: string) => name.trim().replace(/^"(.*)"$/, '$1');

/** Splits at commas outside parentheses. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  return [...parts, current];
}

type Statement = { file: string; kind: 'insert' | 'update'; table: string; columns: string[] };

/** The INSERT column lists and UPDATE SET targets in a piece of SQL text. */
function writtenColumns(file: string, text: string): Statement[] {
  const found: Statement[] = [];
  for (const m of text.matchAll(/\binsert\s+into\s+("?\w+"?)\s*\(([^)]*)\)/gi)) {
    found.push({ file, kind: 'insert', table: unquote(m[1] ?? ''), columns: (m[2] ?? '').split(',').map(unquote) });
  }
  // A SET list runs up to WHERE, RETURNING, FROM or the end of the statement.
  for (const m of text.matchAll(
    /\bupdate\s+("?\w+"?)\s+set\s+([\s\S]*?)(?=\bwhere\b|\breturning\b|\bfrom\b|`|;|$)/gi,
  )) {
    const columns = topLevelParts(m[2] ?? '')
      .map((part) => /^\s*("?\w+"?)\s*=/.exec(part)?.[1])
      .filter((c): c is string => c !== undefined)
      .map(unquote);
    found.push({ file, kind: 'update', table: unquote(m[1] ?? ''), columns });
  }
  // `insert into x (…) … on conflict … do update set` writes the same table (the nearest insert before it).
  for (const m of text.matchAll(
    /\binsert\s+into\s+("?\w+"?)(?:(?!\binsert\s+into\b)[\s\S])*?\bdo\s+update\s+set\s+([\s\S]*?)(?=\breturning\b|`|;|$)/gi,
  )) {
    const columns = topLevelParts(m[2] ?? '')
      .map((part) => /^\s*("?\w+"?)\s*=/.exec(part)?.[1])
      .filter((c): c is string => c !== undefined)
      .map(unquote);
    found.push({ file, kind: 'update', table: unquote(m[1] ?? ''), columns });
  }
  return found;
}

/** What is wrong with a statement's columns, as readable lines; empty when it matches the schema. */
function columnProblems(statement: Statement): string[] {
  const where = `${statement.file}: ${statement.kind} ${statement.table}`;
  const table = tables.get(statement.table);
  if (!table) return [`${where}: no such table in db/schema`];
  const problems = statement.columns.filter((c) => !table.columns.has(c)).map((c) => `${where}: no column ${c}`);
  if (statement.kind === 'insert') {
    for (const c of table.required) {
      if (!statement.columns.includes(c)) problems.push(`${where}: leaves out ${c} (NOT NULL, no default)`);
    }
  }
  return problems;
}

const statements = [...sourceFiles('server'), ...sourceFiles('db')].flatMap((file) =>
  writtenColumns(file, readFileSync(path.join(ROOT, file), 'utf8')),
);

describe('hand-written SQL writes the schema’s columns', () => {
  it('finds the hand-written statements of the hot paths and the bookkeeping', () => {
    const names = statements.map((s) => `${s.kind} ${s.table}`);
    for (const expected of [
      'insert orders',
      'insert order_items',
      'insert order_item_mods',
      'insert payments',
      'insert audit_log',
      'insert email_outbox',
      'update baskets',
      'update discount_codes',
      'insert rate_limits',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('every column written exists, and every insert writes each NOT NULL column without a default', () => {
    expect(statements.flatMap(columnProblems)).toEqual([]);
  });

  it('a statement that misses a required column or names an unknown one is caught', () => {
    const [insert] = writtenColumns(
      'made-up.ts',
      'insert into order_items (id, order_id, nme, quantity, value) select',
    );
    expect(insert && columnProblems(insert)).toEqual([
      'made-up.ts: insert order_items: no column nme',
      'made-up.ts: insert order_items: leaves out restaurant_id (NOT NULL, no default)',
      'made-up.ts: insert order_items: leaves out name (NOT NULL, no default)',
      'made-up.ts: insert order_items: leaves out unit_price (NOT NULL, no default)',
    ]);
    const [update] = writtenColumns('made-up.ts', "update baskets set status = 'created', update_at = now() where");
    expect(update && columnProblems(update)).toEqual(['made-up.ts: update baskets: no column update_at']);
    const [unknown] = writtenColumns('made-up.ts', 'insert into basket (id) values');
    expect(unknown && columnProblems(unknown)).toEqual(['made-up.ts: insert basket: no such table in db/schema']);
  });
});
