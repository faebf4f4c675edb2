import { useMemo } from 'react';
import {
  type ColumnDef,
  flexRender,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import type { UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import type { BotKeyRow, BotKeySort } from './bot-keys-store.ts';
import { formatMoment } from './format.ts';

const features = tableFeatures({ rowSortingFeature });
type Column = ColumnDef<typeof features, BotKeyRow>;

export type Sorting = { sort: BotKeySort; order: 'asc' | 'desc' };

/**
 * One page of keys. Sorting is the server's (the list is paged there): a header click asks for another order, and
 * the screen puts it in the URL and loads again.
 */
export default function BotKeysTable({
  locale,
  rows,
  sorting,
  onSort,
  onRevoke,
}: {
  locale: UiLocale;
  rows: BotKeyRow[];
  sorting: Sorting;
  onSort: (sorting: Sorting) => void;
  onRevoke: (row: BotKeyRow) => void;
}) {
  const t = inLocale(locale);
  const columns = useMemo<Column[]>(
    () => [
      { accessorKey: 'name', header: () => m.admin_botKeys_col_name({}, t) },
      {
        accessorKey: 'prefix',
        header: () => m.admin_botKeys_col_prefix({}, t),
        enableSorting: false,
        cell: (info) => <code>{info.getValue() as string}…</code>,
      },
      {
        accessorKey: 'createdBy',
        header: () => m.admin_botKeys_col_createdBy({}, t),
        enableSorting: false,
        cell: (info) => (info.getValue() as string | null) ?? '—',
      },
      {
        accessorKey: 'createdAt',
        header: () => m.admin_botKeys_col_createdAt({}, t),
        cell: (info) => formatMoment(info.getValue() as string, locale),
      },
      {
        accessorKey: 'lastUsedAt',
        header: () => m.admin_botKeys_col_lastUsedAt({}, t),
        cell: (info) => {
          const at = info.getValue() as string | null;
          return at ? formatMoment(at, locale) : m.admin_botKeys_neverUsed({}, t);
        },
      },
      {
        id: 'status',
        header: () => m.admin_botKeys_col_status({}, t),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.revokedAt ? (
            <span className="bot-keys-status bot-keys-status-revoked">
              {m.admin_botKeys_status_revoked({ date: formatMoment(row.original.revokedAt, locale) }, t)}
            </span>
          ) : (
            <span className="bot-keys-status bot-keys-status-active">{m.admin_botKeys_status_active({}, t)}</span>
          ),
      },
      {
        id: 'actions',
        header: () => m.admin_botKeys_col_actions({}, t),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.revokedAt ? null : (
            <button
              type="button"
              className="bot-keys-button bot-keys-button-danger bot-keys-button-small"
              aria-label={m.admin_botKeys_revoke_label({ name: row.original.name }, t)}
              onClick={() => onRevoke(row.original)}
            >
              {m.admin_botKeys_revoke({}, t)}
            </button>
          ),
      },
    ],
    // t is made from locale.
    [locale, onRevoke],
  );
  const labels: Record<string, string> = {
    name: m.admin_botKeys_col_name({}, t),
    prefix: m.admin_botKeys_col_prefix({}, t),
    createdBy: m.admin_botKeys_col_createdBy({}, t),
    createdAt: m.admin_botKeys_col_createdAt({}, t),
    lastUsedAt: m.admin_botKeys_col_lastUsedAt({}, t),
    status: m.admin_botKeys_col_status({}, t),
  };
  const state: SortingState = [{ id: sorting.sort, desc: sorting.order === 'desc' }];
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting: state },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = typeof updater === 'function' ? updater(state) : updater;
      if (next) onSort({ sort: next.id as BotKeySort, order: next.desc ? 'desc' : 'asc' });
    },
  });

  return (
    <div className="bot-keys-table-wrap">
      <table className="bot-keys-table">
        <caption className="visually-hidden">{m.admin_botKeys_caption({}, t)}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button type="button" className="bot-keys-sort" onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                // The label heads the cell where a phone shows each row as a card (the header row is hidden there).
                <td key={cell.id} data-label={labels[cell.column.id]}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
