import { useEffect, useState } from 'react';
import { AccountFormShell } from './AccountFormShell.tsx';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor } from '#domain/localized-routes.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { resetForm, resetPassword } from '#app/stores/account/passwords.ts';
import { TextField } from '#app/ui/rule-fields.tsx';
import { inLocale, queryParam } from './form-helpers.ts';
import './account-forms.css';

/**
 * A new password with the token of the reset e-mail's link (`?token=`). The token is read from the URL and POSTed
 * with the passwords; a link without one says so and offers a new link.
 */
export default function ResetPasswordForm({ locale }: { locale: UiLocale }) {
  const { values, errors, error, status } = useStore(resetForm.$state);
  // undefined until the island has read the URL: the server-rendered form waits, disabled.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const t = inLocale(locale);

  useEffect(() => setToken(queryParam('token')), []);

  if (status === 'done') {
    return (
      <div role="status" className="account-done">
        <p className="account-alert account-alert-ok">{m.account_reset_done({}, t)}</p>
        <p className="account-links">
          <a href={pathFor('login', locale)}>{m.account_goToLogin({}, t)}</a>
        </p>
      </div>
    );
  }
  if (token === null) {
    return (
      <div role="alert" className="account-done">
        <p className="account-alert account-alert-error">{m.account_reset_noToken({}, t)}</p>
        <p className="account-links">
          <a href={pathFor('forgottenPassword', locale)}>{m.account_reset_newLink({}, t)}</a>
        </p>
      </div>
    );
  }

  return (
    <AccountFormShell
      form={resetForm}
      locale={locale}
      send={() => (token ? resetPassword(token) : Promise.resolve(null))}
      submitLabel={m.account_reset_submit({}, t)}
      action={pathFor('resetPassword', locale)}
      waitForHydration
      sendable={Boolean(token)}
      slot={
        error === 'invalidToken' && (
          <p className="account-links">
            <a href={pathFor('forgottenPassword', locale)}>{m.account_reset_newLink({}, t)}</a>
          </p>
        )
      }
    >
      <TextField
        form="reset"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        label={m.account_field_newPassword({}, t)}
        hint={m.account_field_passwordHint({}, t)}
        locale={locale}
        value={values.password}
        error={errors.password}
        onChange={(value) => resetForm.setField('password', value)}
      />
      <TextField
        form="reset"
        name="passwordRepeat"
        type="password"
        autoComplete="new-password"
        required
        label={m.account_field_passwordRepeat({}, t)}
        locale={locale}
        value={values.passwordRepeat}
        error={errors.passwordRepeat}
        onChange={(value) => resetForm.setField('passwordRepeat', value)}
      />
    </AccountFormShell>
  );
}
