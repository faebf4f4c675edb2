import { FlexRender, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { ADMIN_LISTS, listSearch, type ListEntity, type ListQuery } from '#domain/admin-lists.ts';
import { LIST_COLUMNS, rowLink, type ListColumn } from '#domain/admin-list-columns.ts';
import { formatCell } from './format.ts';
import { fill, type ListLabels } from '#i18n/admin-list-words.ts';
import type { ListRow } from './list-store.ts';
import type { RowAction } from './AdminList.tsx';

type Props = {
  entity: ListEntity;
  rows: ListRow[];
  query: Pick<ListQuery, 'filters' | 'sort'>;
  labels: ListLabels;
  htmlLang: string;
  listPath: string;
  /** /admin (with the language prefix): rows lead to {adminBase}/{entity}/show/{id}. */
  adminBase: string;
  rowAction?: RowAction | undefined;
};

const features = tableFeatures({});

/**
 * One page of a list as a table (@tanstack/react-table, headless: the server has already filtered, sorted and
 * paged). Sortable columns' headers are links to the first page sorted by them (again: the other way); the first
 * cell of a row links to the row's own page. In a scrolling region on a phone.
 */
export default function ListTable({ entity, rows, query, labels, htmlLang, listPath, adminBase, rowAction }: Props) {
  const columns = useMemo<ColumnDef<typeof features, ListRow>[]>(
    () => [
      ...LIST_COLUMNS[entity].map((column, index) => ({
        id: column.field,
        accessorFn: (row: ListRow) => row[column.field],
        header: () => <SortHeader column={column} entity={entity} query={query} labels={labels} listPath={listPath} />,
        cell: ({ row }: { row: { original: ListRow } }) => {
          const text = formatCell(column, row.original, labels, htmlLang);
          const link = index === 0 ? rowLink(entity, row.original) : null;
          if (!link) return text;
          return (
            <a href={`${adminBase}/${link.entity}/show/${encodeURIComponent(link.id)}`}>{text || labels.ui.open}</a>
          );
        },
      })),
      ...(rowAction
        ? [
            {
              id: 'action',
              header: () => rowAction.label,
              cell: ({ row }: { row: { original: ListRow } }) => rowAction.render(row.original),
            },
          ]
        : []),
    ],
    [entity, labels, htmlLang, listPath, adminBase, query, rowAction],
  );
  const table = useTable({ features, columns, data: rows });
  const sortKey = query.sort.key;

  return (
    <div className="list-scroll" role="region" aria-label={labels.ui.tableLabel} tabIndex={0}>
      <table className="list-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={
                    header.column.id === sortKey ? (query.sort.descending ? 'descending' : 'ascending') : undefined
                  }
                >
                  <FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={`list-cell-${cell.column.id === 'action' ? 'action' : (columnOf(entity, cell.column.id)?.kind ?? 'text')}`}
                  data-label={
                    cell.column.id === 'action'
                      ? undefined
                      : (labels.columns[columnOf(entity, cell.column.id)?.label ?? ''] ?? '')
                  }
                >
                  <FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const columnOf = (entity: ListEntity, field: string) => LIST_COLUMNS[entity].find((c) => c.field === field);

type HeaderProps = {
  column: ListColumn;
  entity: ListEntity;
  query: Pick<ListQuery, 'filters' | 'sort'>;
  labels: ListLabels;
  listPath: string;
};

function SortHeader({ column, entity, query, labels, listPath }: HeaderProps) {
  const label = labels.columns[column.label] ?? column.label;
  const sortable = (ADMIN_LISTS[entity].sorts as readonly string[]).includes(column.field);
  if (!sortable) return <>{label}</>;
  const active = query.sort.key === column.field;
  // A first click sorts the way people read that column most (newest, largest first for times and amounts).
  const startsDescending = ['time', 'money', 'number', 'day'].includes(column.kind);
  const descending = active ? !query.sort.descending : startsDescending;
  const href = `${listPath}${listSearch(entity, { filters: query.filters, sort: { key: column.field, descending } })}`;
  return (
    <a className="list-sort" href={href} title={fill(labels.ui.sortBy, { column: label })}>
      {label}
      <span aria-hidden="true">{active ? (query.sort.descending ? ' ↓' : ' ↑') : ' ↕'}</span>
    </a>
  );
}
