import type { Locale } from '#domain/localized-routes.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import type { ListColumn } from '#domain/admin-list-columns.ts';
import type { ListRow } from './list-store.ts';
import type { ListLabels } from '#i18n/admin-list-words.ts';

const CURRENCIES = ['PLN', 'UAH', 'EUR'];

/** The interface language of an <html lang> ('uk' is the ua screens'). */
const localeOf = (htmlLang: string): Locale => (htmlLang === 'uk' ? 'ua' : htmlLang === 'en' ? 'en' : 'pl');

/** A cell's text: money and times in the page's language, labels translated. */
export function formatCell(column: ListColumn, row: ListRow, labels: ListLabels, htmlLang: string): string {
  const raw = row[column.field];
  const locale = localeOf(htmlLang);
  switch (column.kind) {
    case 'money': {
      const currency = String(row[column.currencyField]);
      return typeof raw === 'number' && CURRENCIES.includes(currency)
        ? formatMoney(raw, currency as Currency, locale)
        : '';
    }
    case 'discount': {
      if (row['type'] === 'percentage') return `${String(raw)} %`;
      if (row['type'] === 'freeDelivery') return '—';
      const currency = { pl: 'PLN', ua: 'UAH', pt: 'EUR' }[String(row['country'])] as Currency | undefined;
      return typeof raw === 'number' && currency ? formatMoney(raw, currency, locale) : String(raw ?? '');
    }
    case 'time':
      return typeof raw === 'string'
        ? new Date(raw).toLocaleString(htmlLang, { dateStyle: 'short', timeStyle: 'short' })
        : '—';
    case 'day':
      return typeof raw === 'string'
        ? new Date(`${raw}T12:00:00Z`).toLocaleDateString(htmlLang, { dateStyle: 'medium', timeZone: 'UTC' })
        : '';
    case 'yesNo':
      return raw === null || raw === false || raw === undefined ? labels.ui.no : labels.ui.yes;
    case 'value':
      return labels.values[`${column.group}.${String(raw)}`] ?? String(raw ?? '');
    case 'name':
      return [row['firstname'], row['lastname']].filter(Boolean).join(' ');
    case 'number':
      return typeof raw === 'number' ? raw.toLocaleString(htmlLang) : '';
    case 'text':
      return raw === null || raw === undefined ? '' : String(raw);
  }
}
