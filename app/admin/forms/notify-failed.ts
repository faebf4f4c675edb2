import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { notifyError } from '#app/stores/notifications.ts';

/** Says an admin action failed, with the refusal's reason when the catalogue has words for its key. */
export function notifyFailed(key: string | null | undefined, locale: UiLocale): void {
  const t = inLocale(locale);
  const reason = key ? errorMessage(key, locale) : '';
  notifyError(reason ? `${m.admin_forms_failed({}, t)}: ${reason}` : m.admin_forms_failed({}, t));
}
