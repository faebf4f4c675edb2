import { useState } from 'react';
import { notifyFailed } from '#app/admin/forms/notify-failed.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { Dialog } from '#app/ui/dialog.tsx';
import { notifySuccess } from '#app/stores/notifications.ts';
import type { Answer } from '#app/api-answer.ts';
import '#app/rights/rights.css';

/** One export as the admin's data-rights calls answer it (the customer's own download, decision 052). */
export type HeldData = { exportedAt: string; subject: { email: string }; data: Record<string, unknown[] | undefined> };
export type Erased = { orders: number; emails: number; auditRows: number };

const count = (held: HeldData, table: string) => String(held.data[table]?.length ?? 0);

/** Saves the export the screen has already read as a JSON file. */
function save(held: HeldData) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(held, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `personal-data-${held.exportedAt.slice(0, 10)}.json`,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * What is held of one person (counts per kind), its download, and the erasure for a request made by phone, after a
 * confirmation. Shared by the user screen and the guests' lookup.
 */
export function HeldSummary(props: {
  locale: UiLocale;
  held: HeldData;
  erase: () => Promise<Answer<{ erased: Erased }>>;
  onErased: () => void;
  idPrefix: string;
}) {
  const { locale, held, idPrefix } = props;
  const t = inLocale(locale);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const erase = async () => {
    setBusy(true);
    const answer = await props.erase();
    setBusy(false);
    setConfirming(false);
    if (answer.ok) {
      const { orders, emails, auditRows } = answer.data.erased;
      notifySuccess(
        m.rights_admin_erased({ orders: String(orders), emails: String(emails), audit: String(auditRows) }, t),
      );
      props.onErased();
    } else {
      notifyFailed(answer.key, locale);
    }
  };
  return (
    <div className="rights-held">
      <p>
        <strong>{held.subject.email}</strong>
        <br />
        {m.rights_admin_held(
          {
            orders: count(held, 'orders'),
            addresses: count(held, 'user_addresses'),
            sessions: count(held, 'sessions'),
            messages: count(held, 'contact_messages'),
            emails: count(held, 'email_outbox'),
            audit: count(held, 'audit_log'),
          },
          t,
        )}
      </p>
      <div className="rights-actions">
        <button type="button" className="button admin-secondary" onClick={() => save(held)}>
          {m.rights_admin_download({}, t)}
        </button>
        <button type="button" className="button admin-danger" disabled={busy} onClick={() => setConfirming(true)}>
          {m.rights_admin_erase({}, t)}
        </button>
      </div>
      {confirming && (
        <Dialog className="rights-dialog" aria-labelledby={`${idPrefix}-confirm`} onClose={() => setConfirming(false)}>
          <h2 id={`${idPrefix}-confirm`}>{m.rights_erase_confirm_title({}, t)}</h2>
          <p>{m.rights_erase_confirm_body({}, t)}</p>
          <div className="rights-actions">
            <button type="button" className="button admin-danger" disabled={busy} onClick={() => void erase()}>
              {m.rights_erase_confirm({}, t)}
            </button>
            <button type="button" className="button admin-secondary" onClick={() => setConfirming(false)}>
              {m.rights_cancel({}, t)}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
