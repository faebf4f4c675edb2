import { useEffect, useState } from 'react';
import { pathFor } from '#domain/localized-routes.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { AccountFormShell } from '#app/account/AccountFormShell.tsx';
import { inLocale } from '#app/account/form-helpers.ts';
import { useStore } from '#app/stores/use-store.ts';
import { TextField } from '#app/ui/rule-fields.tsx';
import { Dialog } from '#app/ui/dialog.tsx';
import { Notice } from '#app/ui/notice.tsx';
import type { ErrorKey } from '#domain/error-catalogue.ts';
import { dataRequestForm, downloadByLink, eraseByLink, openDataLink, requestDataLink } from './guest-data.ts';
import '#app/account/account-forms.css';
import './rights.css';

type Link = { token: string; email: string; expiresAt: string | null };

/**
 * A guest's data (decision 052). Without a link: the form asking for one by e-mail, a real form that posts to the
 * server before the island has loaded (the server answers a page). Opened from the e-mail, the link's token after
 * `#` (never sent to the server as part of a URL) lets the guest download their orders' data and erase their
 * personal data from them, after a confirmation.
 */
export default function GuestDataPage({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const [link, setLink] = useState<Link | null>(null);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    const read = () => {
      const token = window.location.hash.slice(1);
      if (!token) return;
      // The token has been read: the address bar and the history keep no copy of it.
      window.history.replaceState(null, '', window.location.pathname);
      void openDataLink(token).then((answer) => {
        if (answer.ok) setLink({ token, email: answer.data.email, expiresAt: answer.data.expiresAt });
        else setInvalid(true);
      });
    };
    read();
    // The link pasted into a tab already showing this page changes only the fragment.
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);

  if (link) return <LinkActions locale={locale} link={link} />;
  return (
    <>
      {invalid && (
        <Notice tone="error" className="account-alert account-alert-error">
          {m.rights_guest_invalid_link({}, t)}
        </Notice>
      )}
      <RequestForm locale={locale} />
    </>
  );
}

function RequestForm({ locale }: { locale: UiLocale }) {
  const { values, errors } = useStore(dataRequestForm.$state);
  const t = inLocale(locale);
  return (
    <AccountFormShell
      form={dataRequestForm}
      locale={locale}
      send={() => requestDataLink(locale)}
      submitLabel={m.rights_guest_submit({}, t)}
      action="/api/data-rights/requests/form"
      slotRole="status"
      done={m.rights_guest_done({}, t)}
      after={
        <p className="account-links rights-hint">
          {m.rights_guest_account_hint({}, t)} <a href={pathFor('profile', locale)}>{m.account_profile_title({}, t)}</a>
        </p>
      }
    >
      <p>{m.rights_guest_lead({}, t)}</p>
      <input type="hidden" name="lang" value={locale} />
      <TextField
        form="data-request"
        name="email"
        type="email"
        autoComplete="email"
        required
        label={m.rights_field_email({}, t)}
        locale={locale}
        value={values.email}
        error={errors.email}
        onChange={(value) => dataRequestForm.setField('email', value)}
      />
    </AccountFormShell>
  );
}

function LinkActions({ locale, link }: { locale: UiLocale; link: Link }) {
  const t = inLocale(locale);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorKey | null>(null);
  const [erased, setErased] = useState<number | null>(null);
  const until = link.expiresAt
    ? new Intl.DateTimeFormat(locale === 'ua' ? 'uk' : locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(link.expiresAt),
      )
    : '';
  const download = async () => {
    setBusy(true);
    setError((await downloadByLink(link.token)) ? null : 'invalidToken');
    setBusy(false);
  };
  const erase = async () => {
    setBusy(true);
    const answer = await eraseByLink(link.token);
    setBusy(false);
    setConfirming(false);
    if (answer.ok) setErased(answer.data.erased.orders);
    else setError(answer.key);
  };
  return (
    <div>
      <p>{m.rights_guest_link_lead({ email: link.email, until }, t)}</p>
      <div className="rights-actions">
        <button type="button" className="account-button" disabled={busy} onClick={() => void download()}>
          {m.rights_guest_download({}, t)}
        </button>
        {erased === null && (
          <button
            type="button"
            className="account-button account-button-danger"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {m.rights_guest_erase({}, t)}
          </button>
        )}
      </div>
      <div role="status" aria-live="polite">
        {erased !== null && (
          <p className="account-alert account-alert-ok">{m.rights_guest_erased({ count: String(erased) }, t)}</p>
        )}
        {error && <p className="account-alert account-alert-error">{errorMessage(error, locale)}</p>}
      </div>
      {confirming && (
        <Dialog className="rights-dialog" aria-labelledby="rights-erase-title" onClose={() => setConfirming(false)}>
          <h2 id="rights-erase-title">{m.rights_erase_confirm_title({}, t)}</h2>
          <p>{m.rights_erase_confirm_body({}, t)}</p>
          <div className="rights-actions">
            <button
              type="button"
              className="account-button account-button-danger"
              disabled={busy}
              onClick={() => void erase()}
            >
              {m.rights_erase_confirm({}, t)}
            </button>
            <button
              type="button"
              className="account-button account-button-secondary"
              onClick={() => setConfirming(false)}
            >
              {m.rights_cancel({}, t)}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
