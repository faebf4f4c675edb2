import { ADMIN_LIST_PAGE_SIZE } from '#domain/admin-lists.ts';
import { Pager } from '#app/ui/pager.tsx';
import { fill, type ListLabels } from '#i18n/admin-list-words.ts';

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
    <Pager
      className="list-pagination"
      label={labels.ui.pagination}
      page={page}
      pages={pages}
      hrefOf={pageHref}
      previous={labels.ui.previous}
      next={labels.ui.next}
      where={fill(labels.ui.pageOf, { page: page.toLocaleString(htmlLang), pages: pages.toLocaleString(htmlLang) })}
      holdPlaces
    />
  );
}
