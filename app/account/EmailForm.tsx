import { AccountFormShell } from './AccountFormShell.tsx';
import { useStore } from '#app/stores/use-store.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { emailForm, requestEmailChange } from '#app/stores/account/profile.ts';
import { TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from './form-helpers.ts';

/** A new e-mail address: the change happens when the link sent to it is followed; the password proves it is you. */
export default function EmailForm({ locale, current }: { locale: UiLocale; current: string }) {
  const { values, errors } = useStore(emailForm.$state);
  const t = inLocale(locale);

  return (
    <AccountFormShell
      form={emailForm}
      locale={locale}
      send={() => requestEmailChange(locale)}
      submitLabel={m.account_email_submit({}, t)}
      slotRole="status"
      done={m.account_email_sent({ email: values.newEmail.trim() }, t)}
    >
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
    </AccountFormShell>
  );
}
