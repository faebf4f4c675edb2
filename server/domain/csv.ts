/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote or a line
 * break, quotes doubled), for the admin's exports. Pure: no I/O.
 */

/** Excel reads a file without it as the system's code page and garbles ą, ł, ї and є. */
export const CSV_BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell that starts with = + - or @ as a formula (and a tab or carriage return before one
 * hides it): a customer named "=HYPERLINK(…)" must not become a link in the operator's sheet. Such text is written
 * with a leading apostrophe, which spreadsheets show as text and do not execute (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | null | undefined;

/** One field: numbers as they are (ours are never negative), text guarded against formulas and quoted when needed. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ending with CRLF. */
export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** An amount in minor units as a decimal number with a dot (12345 → "123.45"): every currency we sell in has cents. */
export function csvAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
