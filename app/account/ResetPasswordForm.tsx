import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useEarlyInput } from '#app/forms/early-input.ts';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { errorMessage, type UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { resetForm, resetPassword } from '#app/stores/account.ts';
import { TextField } from './Field.tsx';
import { focusField, inLocale, queryParam, useHydrated } from './form-helpers.ts';

/**
 * A new password with the token of the reset e-mail's link (`?token=`). The token is read from the URL and POSTed
 * with the passwords; a link without one says so and offers a new link.
 */
export default function ResetPasswordForm({ locale }: { locale: UiLocale }) {
  const { values, errors, error, status } = useStore(resetForm.$state);
  const hydrated = useHydrated();
  // undefined until the island has read the URL: the server-rendered form waits, disabled.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, resetForm.adopt);
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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (token) focusField(form.current, await resetPassword(token));
  };

  return (
    <form
      ref={form}
      className="account-form"
      method="post"
      action={pathFor('resetPassword', locale)}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
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
      <div role="alert" className="account-alert-slot">
        {error && <p className="account-alert account-alert-error">{errorMessage(error, locale)}</p>}
        {error === 'invalidToken' && (
          <p className="account-links">
            <a href={pathFor('forgottenPassword', locale)}>{m.account_reset_newLink({}, t)}</a>
          </p>
        )}
      </div>
      <button type="submit" className="account-button" disabled={!hydrated || !token || status === 'sending'}>
        {status === 'sending' ? m.account_sending({}, t) : m.account_reset_submit({}, t)}
      </button>
    </form>
  );
}
