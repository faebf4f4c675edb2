import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A check constraint's `column in ('a', 'b')`, written from a list the code keeps (the roles, the countries, the
 * statuses), so that a value added to the list is added to the constraint and `npm run db:generate` writes the
 * migration. `column` is the column (written qualified, "users"."role") or its bare name (as the first migrations
 * wrote some). The values are the code's constants, never input.
 */
export const inList = (column: AnyPgColumn | string, values: readonly string[]): SQL =>
  sql`${typeof column === 'string' ? sql.raw(column) : column} in ${sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`)}`;
