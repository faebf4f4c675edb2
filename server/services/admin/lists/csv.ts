import { Temporal } from 'temporal-polyfill';
import { LIST_COLUMNS, type ListColumn } from '#domain/admin-list-columns.ts';
import { listLabels } from '#i18n/admin-list-labels.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import type { ListEntity, ListQuery } from '#domain/admin-lists.ts';
import { csvAmount, csvLine, type CsvCell } from '#domain/csv.ts';
import { FIGURES_TIME_ZONE } from '#domain/dashboard.ts';
import type { ServiceCtx } from '#server/context.ts';
import { adminLists } from './list.ts';

/**
 * Rows read per query while exporting: the list's own reader (same filters, same sort, same unique last key, so no
 * row is written twice or left out) in pages this large, written out before the next is read, so a year of orders
 * never sits in memory.
 */
export const CSV_PAGE_SIZE = 1000;

type Row = Record<string, unknown>;
type CsvColumn = { header: string; cell: (row: Row) => CsvCell };

const CURRENCY_OF_COUNTRY: Record<string, string> = { pl: 'PLN', ua: 'UAH', pt: 'EUR' };

/** ISO 8601 with the offset of Warsaw, where the admin's days are read: 2026-03-04T12:00:00+01:00. */
function isoTime(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
  if (Number.isNaN(ms)) return null;
  return Temporal.Instant.fromEpochMilliseconds(ms)
    .toZonedDateTimeISO(FIGURES_TIME_ZONE)
    .toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

/**
 * The export's columns: the screen's columns in the admin's language, with amounts as decimal numbers and the
 * currency in a column of its own, times in ISO 8601 with their offset, and codes as the screen words them.
 */
export function csvColumns(entity: ListEntity, locale: UiLocale): CsvColumn[] {
  const labels = listLabels(entity, messageLocale(locale), '');
  const header = (column: ListColumn) => labels.columns[column.label] ?? column.label;
  const columns: CsvColumn[] = [];
  let currencyField: string | null = null;
  for (const column of LIST_COLUMNS[entity]) {
    const raw = (row: Row) => row[column.field];
    switch (column.kind) {
      case 'money':
        currencyField ??= column.currencyField;
        columns.push({
          header: header(column),
          cell: (row) => (typeof raw(row) === 'number' ? csvAmount(raw(row) as number) : null),
        });
        break;
      case 'discount':
        currencyField ??= 'discountCurrency';
        columns.push({
          header: header(column),
          cell: (row) =>
            row['type'] === 'amount'
              ? csvAmount(Number(raw(row)))
              : row['type'] === 'percentage'
                ? Number(raw(row))
                : null,
        });
        break;
      case 'time':
        columns.push({ header: header(column), cell: (row) => isoTime(raw(row)) });
        break;
      case 'yesNo':
        columns.push({
          header: header(column),
          cell: (row) =>
            raw(row) === null || raw(row) === false || raw(row) === undefined ? labels.ui.no : labels.ui.yes,
        });
        break;
      case 'value':
        columns.push({
          header: header(column),
          cell: (row) => labels.values[`${column.group}.${String(raw(row))}`] ?? (raw(row) as CsvCell),
        });
        break;
      case 'name':
        columns.push({
          header: header(column),
          cell: (row) => [row['firstname'], row['lastname']].filter(Boolean).join(' '),
        });
        break;
      case 'number':
        columns.push({
          header: header(column),
          cell: (row) => (typeof raw(row) === 'number' ? (raw(row) as number) : null),
        });
        break;
      case 'day':
      case 'text':
        columns.push({
          header: header(column),
          cell: (row) => (raw(row) === null || raw(row) === undefined ? null : String(raw(row))),
        });
        break;
    }
  }
  // A list showing its currency as a column of its own (sales) needs no second one.
  const hasCurrency = LIST_COLUMNS[entity].some((c) => c.field === 'currency');
  if (currencyField && !hasCurrency) {
    const field = currencyField;
    columns.push({
      header: m.admin_lists_col_currency({}, { locale: messageLocale(locale) }),
      cell: (row) =>
        field === 'discountCurrency'
          ? row['type'] === 'amount'
            ? (CURRENCY_OF_COUNTRY[String(row['country'])] ?? null)
            : null
          : (row[field] as CsvCell),
    });
  }
  return columns;
}

/** The header row, then every row the query's filters match in its sort, page by page. */
export async function* csvLines(
  ctx: Pick<ServiceCtx<'db'>, 'db'>,
  entity: ListEntity,
  query: Pick<ListQuery, 'filters' | 'sort'>,
  locale: UiLocale,
  pageSize = CSV_PAGE_SIZE,
): AsyncGenerator<string> {
  const columns = csvColumns(entity, locale);
  yield csvLine(columns.map((c) => c.header));
  for (let page = 1; ; page += 1) {
    const { rows } = (await adminLists[entity](ctx, { ...query, page, pageSize })) as { rows: Row[] };
    if (rows.length) yield rows.map((row) => csvLine(columns.map((c) => c.cell(row)))).join('');
    if (rows.length < pageSize) return;
  }
}
