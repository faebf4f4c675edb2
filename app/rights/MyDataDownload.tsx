import { apiBase } from '#app/api-base.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import './rights.css';

/**
 * My data as a JSON download (GDPR art. 15 and 20): a plain link to GET /api/account/data, which answers with an
 * attachment, so it works before the island has loaded and the browser saves it as any download (decision 052).
 */
export default function MyDataDownload({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  return (
    <>
      <p>{m.rights_export_lead({}, t)}</p>
      <a
        className="account-button account-button-secondary rights-download"
        href={`${apiBase()}/api/account/data`}
        download
      >
        {m.rights_export_button({}, t)}
      </a>
    </>
  );
}
