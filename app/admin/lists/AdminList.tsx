import { useStore } from '#app/stores/use-store.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { ADMIN_LISTS, listSearch, parseListQuery, type ListEntity, type ListQuery } from '#domain/admin-lists.ts';
import { fill, type ListLabels } from '#i18n/admin-list-words.ts';
import { $adminList, loadAdminList, type ListRow } from './list-store.ts';
import ListFilters from './ListFilters.tsx';
import ListPagination from './ListPagination.tsx';
import ListTable from './ListTable.tsx';
import { Notice } from '#app/ui/notice.tsx';
import './admin-list.css';

type Props = {
  entity: ListEntity;
  page: number;
  /** The page's query string (filters and sort), as the server received it. */
  search: string;
  labels: ListLabels;
  /** <html lang> of the page, for dates and numbers. */
  htmlLang: string;
  /** /admin with the language prefix. */
  adminBase: string;
  /** /admin/{entity}/add where the section has an add form; null otherwise. */
  addHref: string | null;
  /** A last column of one action per row (revoking a bot key), for a screen that wraps the list. */
  rowAction?: RowAction | undefined;
};

export type RowAction = { label: string; render: (row: ListRow) => ReactNode };

/**
 * An admin list (spec section 2: /admin/{entity}/{page?}): filters, the page's rows, and pagination. Everything it
 * shows is in the URL (the page in the path, filters and sort in the query), so reload, back and a shared link
 * show the same list; the server pages, filters and sorts (GET /api/admin/{entity}).
 */
export default function AdminList({ entity, page, search, labels, htmlLang, adminBase, addHref, rowAction }: Props) {
  const state = useStore($adminList);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    void loadAdminList(entity, page, search);
  }, [entity, page, search]);

  const parsed = parseListQuery(entity, new URLSearchParams(search));
  // An address the server refuses still gets a form to fix it: its filters start empty.
  const query: Pick<ListQuery, 'filters' | 'sort'> = parsed.ok
    ? parsed.query
    : {
        filters: {},
        sort: {
          key: ADMIN_LISTS[entity].defaultSort.replace(/^-/, ''),
          descending: ADMIN_LISTS[entity].defaultSort.startsWith('-'),
        },
      };
  const listPath = `${adminBase}/${entity}`;
  const pageHref = (n: number) => `${n > 1 ? `${listPath}/${n}` : listPath}${listSearch(entity, query)}`;

  return (
    <div className="admin-list">
      <div className="list-head">
        {state.status === 'ready' && (
          <p className="list-count">{fill(labels.ui.count, { count: state.count.toLocaleString(htmlLang) })}</p>
        )}
        {addHref && (
          <a className="button list-add" href={addHref}>
            {labels.ui.add}
          </a>
        )}
      </div>
      <ListFilters entity={entity} query={query} labels={labels} listPath={listPath} hydrated={hydrated} />
      {state.status === 'loading' && (
        <Notice tone="news" className="list-state">
          {labels.ui.loading}
        </Notice>
      )}
      {state.status === 'error' && (
        <div className="list-state list-error" role="alert">
          <p>{labels.ui.error}</p>
          <button type="button" className="button" onClick={() => void loadAdminList(entity, page, search)}>
            {labels.ui.retry}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.rows.length === 0 && (
        <Notice tone="news" className="list-state">
          {labels.ui.empty}
        </Notice>
      )}
      {state.status === 'ready' && state.rows.length > 0 && (
        <ListTable
          entity={entity}
          rows={state.rows}
          query={query}
          labels={labels}
          htmlLang={htmlLang}
          listPath={listPath}
          adminBase={adminBase}
          rowAction={rowAction}
        />
      )}
      {state.status === 'ready' && (state.count > 0 || page > 1) && (
        <ListPagination page={page} htmlLang={htmlLang} count={state.count} labels={labels} pageHref={pageHref} />
      )}
    </div>
  );
}
