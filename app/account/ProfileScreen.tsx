import { useEffect, useState } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $account, $emailConfirmation, confirmEmail, loadAccount, logOut } from '#app/stores/account/profile.ts';
import AddressBook from './AddressBook.tsx';
import DeleteAccountForm from './DeleteAccountForm.tsx';
import EmailConfirmation from './EmailConfirmation.tsx';
import EmailForm from './EmailForm.tsx';
import PasswordForm from './PasswordForm.tsx';
import ProfileForm from './ProfileForm.tsx';
import { inLocale, queryParam } from './form-helpers.ts';
import { useAccountGate } from './use-account-gate.ts';
import { Notice } from '#app/ui/notice.tsx';
import MyDataDownload from '#app/rights/MyDataDownload.tsx';
import './account-forms.css';

/**
 * My account. The static page holds no personal data: the island asks the API, and a guest is sent to log in.
 * Opened from the e-mail change link, it confirms the new address first; that works without a session, so a guest
 * sees the answer with a login link instead of being sent away.
 */
export default function ProfileScreen({ locale }: { locale: UiLocale }) {
  const { status, profile } = useStore($account);
  const confirmation = useStore($emailConfirmation);
  const [fromLink, setFromLink] = useState(false);
  const t = inLocale(locale);
  useAccountGate(locale, status, !fromLink);

  useEffect(() => {
    const token = queryParam('confirmEmail');
    setFromLink(Boolean(token));
    void (async () => {
      if (token) {
        await confirmEmail(token);
        // The token has done its job; a reload must not send it again.
        window.history.replaceState(null, '', window.location.pathname);
      }
      await loadAccount(locale);
    })();
  }, [locale]);

  if (status === 'guest' && fromLink && confirmation.status !== 'checking') {
    return (
      <>
        <EmailConfirmation locale={locale} />
        <p className="account-links">
          <a href={pathFor('login', locale)}>{m.account_goToLogin({}, t)}</a>
        </p>
      </>
    );
  }
  if (status === 'failed') {
    return (
      <Notice tone="error" className="account-alert account-alert-error">
        {errorMessage('internalError', locale)}
      </Notice>
    );
  }
  if (status !== 'ready' || !profile) {
    return (
      <Notice tone="news" className="account-loading">
        {m.account_loading({}, t)}
      </Notice>
    );
  }

  return (
    <div className="account-screen">
      <EmailConfirmation locale={locale} />
      <div className="account-intro">
        <p className="account-greeting">{m.account_profile_greeting({ name: profile.firstname }, t)}</p>
        <nav className="account-nav" aria-label={m.account_profile_title({}, t)}>
          <a href={pathFor('myOrders', locale)}>{m.account_orders_title({}, t)}</a>
          <button type="button" className="account-button account-button-secondary" onClick={() => void logOut()}>
            {m.account_logout({}, t)}
          </button>
        </nav>
      </div>
      <div className="account-grid">
        <section className="account-card" aria-labelledby="account-data">
          <h2 id="account-data">{m.account_profile_data({}, t)}</h2>
          <ProfileForm locale={locale} />
        </section>
        <section className="account-card" aria-labelledby="account-addresses">
          <h2 id="account-addresses">{m.account_addresses_title({}, t)}</h2>
          <AddressBook locale={locale} />
        </section>
        <section className="account-card" aria-labelledby="account-email">
          <h2 id="account-email">{m.account_email_title({}, t)}</h2>
          <EmailForm locale={locale} current={profile.email} />
        </section>
        <section className="account-card" aria-labelledby="account-password">
          <h2 id="account-password">{m.account_password_title({}, t)}</h2>
          <PasswordForm locale={locale} />
        </section>
        <section className="account-card" aria-labelledby="account-my-data">
          <h2 id="account-my-data">{m.rights_export_title({}, t)}</h2>
          <MyDataDownload locale={locale} />
        </section>
        <section className="account-card account-card-danger" aria-labelledby="account-delete">
          <h2 id="account-delete">{m.account_delete_title({}, t)}</h2>
          <DeleteAccountForm locale={locale} />
        </section>
      </div>
    </div>
  );
}
