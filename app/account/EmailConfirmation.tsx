import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $emailConfirmation } from '#app/stores/account/profile.ts';
import { inLocale } from './form-helpers.ts';

/** The answer to the e-mail change link (`?confirmEmail=`), above the rest of my account. */
export default function EmailConfirmation({ locale }: { locale: UiLocale }) {
  const { status, email, error } = useStore($emailConfirmation);
  const t = inLocale(locale);
  if (status === 'idle') return null;
  return (
    <div role="status" aria-live="polite" className="account-notice">
      {status === 'checking' && <p className="account-alert">{m.account_email_confirming({}, t)}</p>}
      {status === 'done' && <p className="account-alert account-alert-ok">{m.account_email_confirmed({ email }, t)}</p>}
      {status === 'failed' && <p className="account-alert account-alert-error">{errorMessage(error, locale)}</p>}
    </div>
  );
}
