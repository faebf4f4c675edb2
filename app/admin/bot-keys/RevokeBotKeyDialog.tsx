import { useState } from 'react';
import { Dialog } from '#app/ui/dialog.tsx';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { notifyError, notifySuccess } from '#app/stores/notifications.ts';
import { revokeBotKey, type BotKeyRow } from './bot-keys-store.ts';

/** Asks before a key is revoked (it cannot be undone); Escape or Cancel leaves the key as it is. */
export default function RevokeBotKeyDialog({
  locale,
  botKey,
  onClose,
}: {
  locale: UiLocale;
  botKey: BotKeyRow | null;
  onClose: (revoked: boolean) => void;
}) {
  const [sending, setSending] = useState(false);
  const t = inLocale(locale);

  const confirm = async () => {
    if (!botKey) return;
    setSending(true);
    const revoked = await revokeBotKey(botKey.id);
    setSending(false);
    if (revoked) notifySuccess(m.admin_botKeys_revoked({}, t));
    else notifyError(m.admin_botKeys_actionFailed({}, t));
    onClose(revoked);
  };

  return (
    <Dialog
      open={botKey !== null}
      className="bot-keys-dialog"
      aria-labelledby="bot-key-revoke-title"
      aria-describedby="bot-key-revoke-text"
      onClose={() => botKey && onClose(false)}
    >
      <h2 id="bot-key-revoke-title">{m.admin_botKeys_revoke_title({}, t)}</h2>
      <p id="bot-key-revoke-text">{m.admin_botKeys_revoke_text({ name: botKey?.name ?? '' }, t)}</p>
      <div className="bot-keys-dialog-actions">
        <button
          type="button"
          className="bot-keys-button bot-keys-button-quiet"
          autoFocus
          onClick={() => onClose(false)}
        >
          {m.admin_botKeys_cancel({}, t)}
        </button>
        <button
          type="button"
          className="bot-keys-button bot-keys-button-danger"
          disabled={sending}
          onClick={() => void confirm()}
        >
          {m.admin_botKeys_revoke_confirm({}, t)}
        </button>
      </div>
    </Dialog>
  );
}
