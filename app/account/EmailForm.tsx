import { useRef, type FormEvent } from 'react';
import { useEarlyInput } from '#app/forms/early-input.ts';
import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, type UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { emailForm, requestEmailChange } from '#app/stores/account.ts';
import { TextField } from './Field.tsx';
import { focusField, inLocale } from './form-helpers.ts';

/** A new e-mail address: the change happens when the link sent to it is followed; the password proves it is you. */
export default function EmailForm({ locale, current }: { locale: UiLocale; current: string }) {
  const { values, errors, error, status } = useStore(emailForm.$state);
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, emailForm.adopt);
  const t = inLocale(locale);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    focusField(form.current, await requestEmailChange(locale));
  };

  return (
    <form ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p>{m.account_email_current({ email: current }, t)}</p>
      <TextField
        form="email"
        name="newEmail"
        type="email"
        autoComplete="email"
        required
        label={m.account_field_newEmail({}, t)}
        locale={locale}
        value={values.newEmail}
        error={errors.newEmail}
        onChange={(value) => emailForm.setField('newEmail', value)}
      />
      <TextField
        form="email"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        label={m.account_field_currentPassword({}, t)}
        locale={locale}
        value={values.password}
        error={errors.password}
        onChange={(value) => emailForm.setField('password', value)}
      />
      <div role="status" aria-live="polite" className="account-alert-slot">
        {error && <p className="account-alert account-alert-error">{errorMessage(error, locale)}</p>}
        {status === 'done' && (
          <p className="account-alert account-alert-ok">{m.account_email_sent({ email: values.newEmail.trim() }, t)}</p>
        )}
      </div>
      <button type="submit" className="account-button" disabled={status === 'sending'}>
        {status === 'sending' ? m.account_sending({}, t) : m.account_email_submit({}, t)}
      </button>
    </form>
  );
}
