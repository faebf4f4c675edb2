import { AccountFormShell } from './AccountFormShell.tsx';
import { useStore } from '#app/stores/use-store.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { changePassword, passwordForm } from '#app/stores/account/profile.ts';
import { TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from './form-helpers.ts';

/** A new password, given the current one (a wrong one is a field error, decision 011). */
export default function PasswordForm({ locale }: { locale: UiLocale }) {
  const { values, errors } = useStore(passwordForm.$state);
  const t = inLocale(locale);

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
    <AccountFormShell
      form={passwordForm}
      locale={locale}
      send={changePassword}
      submitLabel={m.account_password_submit({}, t)}
      slotRole="status"
      done={m.account_password_done({}, t)}
    >
      {field('currentPassword', m.account_field_currentPassword({}, t), 'current-password')}
      {field('password', m.account_field_newPassword({}, t), 'new-password', m.account_field_passwordHint({}, t))}
      {field('passwordRepeat', m.account_field_passwordRepeat({}, t), 'new-password')}
    </AccountFormShell>
  );
}
