import { ADMIN_LIST_PAGE_SIZE } from '#domain/admin-lists.ts';
import { fill, type ListLabels } from './labels.ts';

type Props = {
  page: number;
  htmlLang: string;
  count: number;
  labels: ListLabels;
  /** The address of a page of this list with the current filters and sort. */
  pageHref: (page: number) => string;
};

/** Previous and next links (pages live in the path, /admin/{entity}/{page}) and where in the list this page is. */
export default function ListPagination({ page, htmlLang, count, labels, pageHref }: Props) {
  const pages = Math.max(1, Math.ceil(count / ADMIN_LIST_PAGE_SIZE));
  return (
    <nav className="list-pagination" aria-label={labels.ui.pagination}>
      {page > 1 ? (
        <a rel="prev" href={pageHref(Math.min(page - 1, pages))}>
          ← {labels.ui.previous}
        </a>
      ) : (
        <span />
      )}
      <span aria-current="page">
        {fill(labels.ui.pageOf, { page: page.toLocaleString(htmlLang), pages: pages.toLocaleString(htmlLang) })}
      </span>
      {page < pages ? (
        <a rel="next" href={pageHref(page + 1)}>
          {labels.ui.next} →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
