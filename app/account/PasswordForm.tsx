import { useRef, type FormEvent } from 'react';
import { useEarlyInput } from '#app/forms/early-input.ts';
import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, type UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { changePassword, passwordForm } from '#app/stores/account.ts';
import { TextField } from './Field.tsx';
import { focusField, inLocale } from './form-helpers.ts';

/** A new password, given the current one (a wrong one is a field error, decision 011). */
export default function PasswordForm({ locale }: { locale: UiLocale }) {
  const { values, errors, error, status } = useStore(passwordForm.$state);
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, passwordForm.adopt);
  const t = inLocale(locale);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    focusField(form.current, await changePassword());
  };
  const field = (name: keyof typeof values, label: string, autoComplete: string, hint?: string) => (
    <TextField
      form="password"
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      label={label}
      hint={hint}
      locale={locale}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => passwordForm.setField(name, value)}
    />
  );

  return (
    <form ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      {field('currentPassword', m.account_field_currentPassword({}, t), 'current-password')}
      {field('password', m.account_field_newPassword({}, t), 'new-password', m.account_field_passwordHint({}, t))}
      {field('passwordRepeat', m.account_field_passwordRepeat({}, t), 'new-password')}
      <div role="status" aria-live="polite" className="account-alert-slot">
        {error && <p className="account-alert account-alert-error">{errorMessage(error, locale)}</p>}
        {status === 'done' && <p className="account-alert account-alert-ok">{m.account_password_done({}, t)}</p>}
      </div>
      <button type="submit" className="account-button" disabled={status === 'sending'}>
        {status === 'sending' ? m.account_sending({}, t) : m.account_password_submit({}, t)}
      </button>
    </form>
  );
}
