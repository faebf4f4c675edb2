import { useRef, type FormEvent } from 'react';
import { useEarlyInput } from '#app/forms/early-input.ts';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { errorMessage, type UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { forgotForm, forgotPassword } from '#app/stores/account.ts';
import { TextField } from './Field.tsx';
import { focusField, inLocale, useHydrated } from './form-helpers.ts';

/** Asks for a reset link. An address with no account answers UserDoesNotExists, shown above the button (decision 011). */
export default function ForgottenPasswordForm({ locale }: { locale: UiLocale }) {
  const { values, errors, error, status } = useStore(forgotForm.$state);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, forgotForm.adopt);
  const t = inLocale(locale);

  if (status === 'done') {
    return (
      <div role="status" className="account-done">
        <p className="account-alert account-alert-ok">{m.account_forgot_done({ email: values.email.trim() }, t)}</p>
        <p className="account-links">
          <a href={pathFor('login', locale)}>{m.account_goToLogin({}, t)}</a>
        </p>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    focusField(form.current, await forgotPassword(locale));
  };

  return (
    <form
      ref={form}
      className="account-form"
      method="post"
      action={pathFor('forgottenPassword', locale)}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <p>{m.account_forgot_lead({}, t)}</p>
      <TextField
        form="forgot"
        name="email"
        type="email"
        autoComplete="email"
        required
        label={m.account_field_email({}, t)}
        locale={locale}
        value={values.email}
        error={errors.email}
        onChange={(value) => forgotForm.setField('email', value)}
      />
      <div role="alert" className="account-alert-slot">
        {error && <p className="account-alert account-alert-error">{errorMessage(error, locale)}</p>}
      </div>
      <button type="submit" className="account-button" disabled={!hydrated || status === 'sending'}>
        {status === 'sending' ? m.account_sending({}, t) : m.account_forgot_submit({}, t)}
      </button>
      <p className="account-links">
        <a href={pathFor('login', locale)}>{m.account_goToLogin({}, t)}</a>
      </p>
    </form>
  );
}
