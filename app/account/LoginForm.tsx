import { AccountFormShell } from './AccountFormShell.tsx';
import { useStore } from '#app/stores/use-store.ts';
import { localePrefix, pathFor } from '#domain/localized-routes.ts';
import { isKitchenRole } from '#domain/roles.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $resend, logIn, loginForm, resendActivation, safeReturnPath } from '#app/stores/account/login.ts';
import { $user } from '#app/stores/session.ts';
import { TextField } from '#app/ui/rule-fields.tsx';
import { inLocale, queryParam } from './form-helpers.ts';
import './account-forms.css';

/**
 * The login form. After logging in the user goes home (spec section 6; a kitchen account to its kitchens), or back to
 * the page that sent them here
 * (`?return=`). After UserIsNotActivated it offers to e-mail the activation link again.
 */
export default function LoginForm({ locale }: { locale: UiLocale }) {
  const { values, errors, error } = useStore(loginForm.$state);
  const resend = useStore($resend);
  const t = inLocale(locale);

  const goOn = () => {
    // A kitchen account comes to work, not to shop: it lands on its kitchens' boards (/admin, issue 37).
    const role = $user.get()?.role;
    const landing = role && isKitchenRole(role) ? `${localePrefix(locale)}/admin` : pathFor('home', locale);
    window.location.assign(safeReturnPath(queryParam('return')) ?? landing);
  };

  return (
    <AccountFormShell
      form={loginForm}
      locale={locale}
      send={() => logIn()}
      onDone={goOn}
      submitLabel={m.account_login_submit({}, t)}
      action={pathFor('login', locale)}
      waitForHydration
      slot={
        <>
          {error === 'UserIsNotActivated' && resend !== 'sent' && (
            <button
              type="button"
              className="account-button account-button-secondary"
              disabled={resend === 'sending'}
              onClick={() => void resendActivation(locale)}
            >
              {m.account_login_resend({}, t)}
            </button>
          )}
          {resend === 'sent' && (
            <p className="account-alert account-alert-ok">{m.account_login_resent({ email: values.email }, t)}</p>
          )}
          {resend === 'failed' && (
            <p className="account-alert account-alert-error">{errorMessage('internalError', locale)}</p>
          )}
        </>
      }
      after={
        <>
          <p className="account-links">
            <a href={pathFor('forgottenPassword', locale)}>{m.account_login_forgot({}, t)}</a>
          </p>
          <p className="account-links">
            {m.account_login_noAccount({}, t)}{' '}
            <a href={pathFor('register', locale)}>{m.account_login_registerLink({}, t)}</a>
          </p>
        </>
      }
    >
      <TextField
        form="login"
        name="email"
        type="email"
        autoComplete="email"
        required
        label={m.account_field_email({}, t)}
        locale={locale}
        value={values.email}
        error={errors.email}
        onChange={(value) => loginForm.setField('email', value)}
      />
      <TextField
        form="login"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        label={m.account_field_password({}, t)}
        locale={locale}
        value={values.password}
        error={errors.password}
        onChange={(value) => loginForm.setField('password', value)}
      />
    </AccountFormShell>
  );
}
