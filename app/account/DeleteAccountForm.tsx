import { useRef, type FormEvent } from 'react';
import { useEarlyInput } from '#app/forms/early-input.ts';
import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, type UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { deleteAccount, deleteForm } from '#app/stores/account.ts';
import { TextField } from './Field.tsx';
import { focusField, inLocale } from './form-helpers.ts';

/** Deletes the account after the password; activeOrders (an order still on its way) is said above the button. */
export default function DeleteAccountForm({ locale }: { locale: UiLocale }) {
  const { values, errors, error, status } = useStore(deleteForm.$state);
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, deleteForm.adopt);
  const t = inLocale(locale);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const first = await deleteAccount();
    // A deleted account leaves through the account gate (useAccountGate sends a leaving user home); a second
    // navigation from here would abort that one.
    if (deleteForm.$state.get().status !== 'done') focusField(form.current, first);
  };

  return (
    <form ref={form} className="account-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p>{m.account_delete_lead({}, t)}</p>
      <TextField
        form="delete"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        label={m.account_field_currentPassword({}, t)}
        locale={locale}
        value={values.password}
        error={errors.password}
        onChange={(value) => deleteForm.setField('password', value)}
      />
      <div role="alert" className="account-alert-slot">
        {error && <p className="account-alert account-alert-error">{errorMessage(error, locale)}</p>}
      </div>
      <button type="submit" className="account-button account-button-danger" disabled={status === 'sending'}>
        {status === 'sending' ? m.account_sending({}, t) : m.account_delete_submit({}, t)}
      </button>
    </form>
  );
}
