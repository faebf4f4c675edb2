import { useState } from 'react';
import { notifyFailed } from '#app/admin/forms/notify-failed.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { inLocale, useHydrated } from '#app/account/form-helpers.ts';
import { notifySuccess } from '#app/stores/notifications.ts';
import { answerOf } from '../forms/api-answer.ts';
import '#app/admin/forms/admin-forms.css';
import './user-sections.css';

/**
 * The admin e-mails a user a password reset link (issue 37): for a colleague who lost their password or whose
 * invitation expired. Disabled until the island has loaded, as the admin's forms are.
 */
export default function PasswordResetButton({ locale, id }: { locale: UiLocale; id: string }) {
  const t = inLocale(locale);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const answer = await answerOf(api.admin.users[':id'].passwordReset.$post({ param: { id } }), () => null);
    setBusy(false);
    if (answer.ok) notifySuccess(m.admin_users_passwordResetSent({}, t));
    else {
      notifyFailed(answer.key, locale);
    }
  };
  return (
    <section className="admin-section admin-password-reset" aria-labelledby="admin-password-reset-title">
      <h2 id="admin-password-reset-title">{m.admin_users_passwordResetTitle({}, t)}</h2>
      <p className="admin-hint">{m.admin_users_passwordResetHint({}, t)}</p>
      <button className="button admin-secondary" type="button" disabled={!hydrated || busy} onClick={() => void send()}>
        {m.admin_users_passwordReset({}, t)}
      </button>
    </section>
  );
}
