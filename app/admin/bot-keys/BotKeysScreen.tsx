import { useMemo, useState } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import AdminList, { type RowAction } from '#app/admin/lists/AdminList.tsx';
import type { ListLabels } from '#i18n/admin-list-words.ts';
import { loadAdminList, type ListRow } from '#app/admin/lists/list-store.ts';
import type { BotKeyRow } from './bot-keys-store.ts';
import CreateBotKeyForm from './CreateBotKeyForm.tsx';
import NewBotKeyNotice from './NewBotKeyNotice.tsx';
import RevokeBotKeyDialog from './RevokeBotKeyDialog.tsx';

type Props = {
  locale: UiLocale;
  page: number;
  search: string;
  labels: ListLabels;
  htmlLang: string;
  adminBase: string;
};

/**
 * The bot keys screen (/admin/botKeys/{page?}): the form that makes a key, the new key shown once, and the generic
 * admin list of keys (its filter, sort and pages in the URL) with a revoke button on each active key.
 */
export default function BotKeysScreen({ locale, page, search, labels, htmlLang, adminBase }: Props) {
  const t = inLocale(locale);
  const [revoking, setRevoking] = useState<BotKeyRow | null>(null);
  const reload = () => void loadAdminList('botKeys', page, window.location.search);
  const rowAction = useMemo<RowAction>(
    () => ({
      label: labels.columns['actions'] ?? '',
      render: (row: ListRow) =>
        row['revokedAt'] ? null : (
          <button
            type="button"
            className="bot-keys-button bot-keys-button-danger bot-keys-button-small"
            aria-label={m.admin_botKeys_revoke_label({ name: String(row['name']) }, t)}
            onClick={() => setRevoking(row as BotKeyRow)}
          >
            {m.admin_botKeys_revoke({}, t)}
          </button>
        ),
    }),
    // t is made from locale.
    [locale, labels],
  );

  return (
    <div className="bot-keys">
      <p className="bot-keys-intro">{m.admin_botKeys_intro({}, t)}</p>
      <CreateBotKeyForm locale={locale} onCreated={reload} />
      <NewBotKeyNotice locale={locale} />
      <AdminList
        entity="botKeys"
        page={page}
        search={search}
        labels={labels}
        htmlLang={htmlLang}
        adminBase={adminBase}
        addHref={null}
        rowAction={rowAction}
      />
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
