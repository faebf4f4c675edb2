import { useEffect, useState } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $activation, activate, safeReturnPath } from '#app/stores/account/login.ts';
import { inLocale, queryParam } from './form-helpers.ts';
import './account-forms.css';

/**
 * Above the login form: the activation result when the page was opened from the activation e-mail
 * (`?activate=<token>`, decision 011), or why the visitor was sent here (`?return=`, a page that needs a login).
 * The token travels in the URL only as the e-mail's link; it is POSTed to the API, never put in a form.
 */
export default function LoginNotice({ locale }: { locale: UiLocale }) {
  const activation = useStore($activation);
  const [needsLogin, setNeedsLogin] = useState(false);
  const t = inLocale(locale);

  useEffect(() => {
    const token = queryParam('activate');
    if (token) void activate(token);
    setNeedsLogin(safeReturnPath(queryParam('return')) !== null);
  }, []);

  return (
    <div role="status" aria-live="polite" className="account-notice">
      {activation.status === 'checking' && <p className="account-alert">{m.account_activation_checking({}, t)}</p>}
      {activation.status === 'done' && (
        <p className="account-alert account-alert-ok">{m.account_activation_done({ email: activation.email }, t)}</p>
      )}
      {activation.status === 'failed' && (
        <p className="account-alert account-alert-error">
          <strong>{m.account_activation_title({}, t)}: </strong>
          {errorMessage(activation.error, locale)}
        </p>
      )}
      {activation.status === 'idle' && needsLogin && <p className="account-alert">{m.account_login_required({}, t)}</p>}
    </div>
  );
}
