import type { ReactNode } from 'react';

/**
 * Links to the previous and next pages and where this page is: real addresses, so they work as any link does (and
 * before the island loads). The words come translated; `holdPlaces` keeps a missing link's place in the row.
 */
export function Pager({
  className,
  label,
  page,
  pages,
  hrefOf,
  previous,
  next,
  where,
  holdPlaces = false,
}: {
  className: string;
  label: string;
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  previous: ReactNode;
  next: ReactNode;
  /** "Page 2 of 5", as the screen writes its numbers. */
  where: ReactNode;
  holdPlaces?: boolean;
}) {
  const hole = holdPlaces ? <span /> : null;
  return (
    <nav className={className} aria-label={label}>
      {page > 1 ? (
        <a rel="prev" href={hrefOf(Math.min(page - 1, Math.max(pages, 1)))}>
          ← {previous}
        </a>
      ) : (
        hole
      )}
      <span aria-current="page">{where}</span>
      {page < pages ? (
        <a rel="next" href={hrefOf(page + 1)}>
          {next} →
        </a>
      ) : (
        hole
      )}
    </nav>
  );
}
