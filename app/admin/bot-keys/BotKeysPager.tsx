import type { UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { Pager } from '#app/ui/pager.tsx';

/** Links to the previous and next pages: real addresses (/admin/botKeys/2?…), so they work as any link does. */
export default function BotKeysPager({
  locale,
  page,
  pages,
  hrefOf,
}: {
  locale: UiLocale;
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
}) {
  const t = inLocale(locale);
  if (pages <= 1 && page <= 1) return null;
  return (
    <Pager
      className="bot-keys-pager"
      label={m.admin_botKeys_pages({}, t)}
      page={page}
      pages={pages}
      hrefOf={hrefOf}
      previous={m.admin_botKeys_previous({}, t)}
      next={m.admin_botKeys_next({}, t)}
      where={m.admin_botKeys_pageOf({ page: String(page), pages: String(Math.max(pages, 1)) }, t)}
    />
  );
}
