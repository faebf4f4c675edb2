import { AccountFormShell } from './AccountFormShell.tsx';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor } from '#domain/localized-routes.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { forgotForm, forgotPassword } from '#app/stores/account/passwords.ts';
import { TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from './form-helpers.ts';
import './account-forms.css';

/** Asks for a reset link. An address with no account answers UserDoesNotExists, shown above the button (decision 011). */
export default function ForgottenPasswordForm({ locale }: { locale: UiLocale }) {
  const { values, errors, status } = useStore(forgotForm.$state);
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

  return (
    <AccountFormShell
      form={forgotForm}
      locale={locale}
      send={() => forgotPassword(locale)}
      submitLabel={m.account_forgot_submit({}, t)}
      action={pathFor('forgottenPassword', locale)}
      waitForHydration
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
      <p className="account-links">
        <a href={pathFor('login', locale)}>{m.account_goToLogin({}, t)}</a>
      </p>
    </AccountFormShell>
  );
}
