import { AccountFormShell } from './AccountFormShell.tsx';
import { useStore } from '#app/stores/use-store.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { deleteAccount, deleteForm } from '#app/stores/account/profile.ts';
import { TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from './form-helpers.ts';

/** Deletes the account after the password; activeOrders (an order still on its way) is said above the button. */
export default function DeleteAccountForm({ locale }: { locale: UiLocale }) {
  const { values, errors } = useStore(deleteForm.$state);
  const t = inLocale(locale);

  return (
    <AccountFormShell
      form={deleteForm}
      locale={locale}
      send={deleteAccount}
      submitLabel={m.account_delete_submit({}, t)}
      buttonClassName="account-button account-button-danger"
    >
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
    </AccountFormShell>
  );
}
