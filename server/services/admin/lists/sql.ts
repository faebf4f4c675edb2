import { and, asc, desc, gte, ilike, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { FIGURES_TIME_ZONE } from '#domain/dashboard.ts';
import { ADMIN_LIST_PAGE_SIZE, type ListQuery } from '#domain/admin-lists.ts';

/**
 * Pieces every admin list's query is made of. Filters arrive parsed and whitelisted (#domain/admin-lists.ts); these
 * turn them into drizzle conditions and an ORDER BY with a unique last key, so that a row never shows on two pages.
 */

/** The day an admin's date filter names starts in Warsaw, as every admin figure's day (#domain/dashboard.ts). */
const ADMIN_TIME_ZONE = FIGURES_TIME_ZONE;

/** `ilike` on any of the columns for a text the admin typed; % and _ in it match themselves. */
export function contains(text: string, ...columns: (AnyColumn | SQL)[]): SQL | undefined {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** from ≤ column < the day after `to`, both days read in ADMIN_TIME_ZONE. */
export function withinDays(column: AnyColumn, from: unknown, to: unknown): SQL | undefined {
  return and(
    typeof from === 'string' ? gte(column, sql`(${from}::date)::timestamp at time zone ${ADMIN_TIME_ZONE}`) : undefined,
    typeof to === 'string' ? lt(column, sql`(${to}::date + 1)::timestamp at time zone ${ADMIN_TIME_ZONE}`) : undefined,
  );
}

type Sortable = Parameters<typeof asc>[0];

/** The sort the query asks for, then the tie-breakers (unique together), in the same direction so one index serves. */
export function orderOf(sort: ListQuery['sort'], columns: Record<string, Sortable>, ...tieBreakers: Sortable[]): SQL[] {
  const direction = sort.descending ? desc : asc;
  const column = columns[sort.key];
  if (!column) throw new Error(`no column for the sort key ${sort.key}`);
  return [column, ...tieBreakers].map((c) => direction(c));
}

/** The screen's 25 rows, or the larger pages a CSV export reads the whole list in. */
export const pageSizeOf = (query: ListQuery) => query.pageSize ?? ADMIN_LIST_PAGE_SIZE;
export const offsetOf = (query: ListQuery) => (query.page - 1) * pageSizeOf(query);

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
export const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
