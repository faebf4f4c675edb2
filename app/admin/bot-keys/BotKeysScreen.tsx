import { useCallback, useEffect, useState } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, type UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import {
  $botKeys,
  type BotKeyRow,
  type BotKeysQuery,
  loadBotKeys,
  queryFromSearch,
  searchOf,
} from './bot-keys-store.ts';
import BotKeysFilter, { type StatusFilter } from './BotKeysFilter.tsx';
import BotKeysPager from './BotKeysPager.tsx';
import BotKeysTable, { type Sorting } from './BotKeysTable.tsx';
import CreateBotKeyForm from './CreateBotKeyForm.tsx';
import NewBotKeyNotice from './NewBotKeyNotice.tsx';
import RevokeBotKeyDialog from './RevokeBotKeyDialog.tsx';
import { Notice } from '#app/ui/notice.tsx';

const PAGE_SIZE = 20;

/**
 * The bot keys screen (/admin/botKeys/{page?}): the form that makes a key, the new key shown once, and the list
 * with its filter, sort and pages in the URL.
 */
export default function BotKeysScreen({
  locale,
  page,
  basePath,
}: {
  locale: UiLocale;
  page: number;
  /** /admin/botKeys in the page's language; page n > 1 is `${basePath}/${n}`. */
  basePath: string;
}) {
  const list = useStore($botKeys);
  const t = inLocale(locale);
  const [query, setQuery] = useState<BotKeysQuery>({ page });
  const [revoking, setRevoking] = useState<BotKeyRow | null>(null);
  const hrefOf = useCallback(
    (n: number, of: BotKeysQuery = query) => `${n > 1 ? `${basePath}/${n}` : basePath}${searchOf(of)}`,
    [basePath, query],
  );

  useEffect(() => {
    const initial = queryFromSearch(page, window.location.search);
    setQuery(initial);
    void loadBotKeys(initial);
    // The browser's back and forward buttons move through the filters and sorts this screen put in the URL.
    const onPop = () => {
      const back = queryFromSearch(page, window.location.search);
      setQuery(back);
      void loadBotKeys(back);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [page]);

  /** Another filter or order starts again at page 1, with the URL saying so. */
  const change = (next: Omit<BotKeysQuery, 'page'>) => {
    const to: BotKeysQuery = { ...next, page: 1 };
    // Page 1 is another address when this is a later page: the server renders it for that path.
    if (page !== 1) {
      window.location.assign(hrefOf(1, to));
      return;
    }
    window.history.pushState(null, '', hrefOf(1, to));
    setQuery(to);
    void loadBotKeys(to);
  };
  const sorting: Sorting = { sort: query.sort ?? 'createdAt', order: query.order ?? 'desc' };
  const onRevoke = useCallback((row: BotKeyRow) => setRevoking(row), []);
  const reload = () => void loadBotKeys(query);

  return (
    <div className="bot-keys">
      <p className="bot-keys-intro">{m.admin_botKeys_intro({}, t)}</p>
      <CreateBotKeyForm locale={locale} onCreated={reload} />
      <NewBotKeyNotice locale={locale} />
      <BotKeysFilter
        locale={locale}
        status={query.status}
        count={list.status === 'ready' ? list.count : null}
        onChange={(status: StatusFilter) => change({ status, sort: query.sort, order: query.order })}
      />
      <div aria-live="polite" aria-busy={list.status === 'loading'}>
        {list.status === 'loading' && <p className="bot-keys-note">{m.admin_botKeys_loading({}, t)}</p>}
        {list.status === 'error' && (
          <Notice tone="error" className="bot-keys-note bot-keys-note-error">
            {errorMessage('internalError', locale)}
          </Notice>
        )}
        {list.status === 'ready' && list.rows.length === 0 && (
          <p className="bot-keys-note">{m.admin_botKeys_empty({}, t)}</p>
        )}
      </div>
      {list.status === 'ready' && list.rows.length > 0 && (
        <BotKeysTable
          locale={locale}
          rows={list.rows}
          sorting={sorting}
          onSort={(next) => change({ status: query.status, ...next })}
          onRevoke={onRevoke}
        />
      )}
      {list.status === 'ready' && (
        <BotKeysPager
          locale={locale}
          page={query.page}
          pages={Math.ceil(list.count / PAGE_SIZE)}
          hrefOf={(n) => hrefOf(n)}
        />
      )}
      <RevokeBotKeyDialog
        locale={locale}
        botKey={revoking}
        onClose={(revoked) => {
          setRevoking(null);
          if (revoked) reload();
        }}
      />
    </div>
  );
}
