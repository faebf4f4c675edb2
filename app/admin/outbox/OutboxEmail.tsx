import type { InferResponseType } from 'hono/client';
import { useEffect, useState } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api, type ApiClient } from '#app/api-client.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { notifyError } from '#app/stores/notifications.ts';
import { answerOf } from '../forms/api-answer.ts';
import { templateName } from '../codes.ts';
import { Notice } from '#app/ui/notice.tsx';
import { OUTBOX_LABEL } from '#app/admin/forms/labels.ts';
import '#app/admin/forms/admin-forms.css';

type Email = InferResponseType<ApiClient['admin']['outbox'][':id']['$get'], 200>['email'];
/** The outbox's states (a text column, so the typed client reads a string). */
type EmailStatus = 'pending' | 'sent' | 'failed';

/**
 * One e-mail of the outbox, read only. The HTML is shown in a sandboxed frame without scripts, so a message's
 * markup cannot run; it keeps the page's origin only so that its images (the brand logos the shop serves) load past
 * the Cross-Origin-Resource-Policy, which refuses an opaque origin.
 */
export default function OutboxEmail({ locale, id }: { locale: UiLocale; id: string }) {
  const t = inLocale(locale);
  const [email, setEmail] = useState<Email | null | 'missing'>(null);
  useEffect(() => {
    void answerOf(api.admin.outbox[':id'].$get({ param: { id } }), (b) => b.email).then((answer) => {
      if (answer.ok) return setEmail(answer.data);
      setEmail('missing');
      if (answer.status !== 404) notifyError(m.admin_forms_failed({}, t));
    });
  }, [id]);
  if (email === null) return <Notice tone="news">{m.admin_forms_loading({}, t)}</Notice>;
  if (email === 'missing') return <p>{m.admin_forms_notFound({}, t)}</p>;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale === 'ua' ? 'uk' : locale) : '—');
  const rows: [string, string][] = [
    [m.admin_forms_outbox_to({}, t), email.to],
    [m.admin_forms_outbox_subject({}, t), email.subject],
    [m.admin_forms_outbox_template({}, t), templateName(email.template, locale)],
    [m.admin_forms_outbox_status({}, t), OUTBOX_LABEL[email.status as EmailStatus]({}, t)],
    [m.admin_forms_outbox_attempts({}, t), String(email.attempts)],
    [m.admin_forms_outbox_lastError({}, t), email.lastError ?? '—'],
    [m.admin_forms_field_createdAt({}, t), when(email.createdAt)],
    [m.admin_forms_outbox_sentAt({}, t), when(email.sentAt)],
  ];
  return (
    <article className="admin-form">
      <dl className="admin-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{m.admin_forms_outbox_text({}, t)}</h2>
      <pre className="admin-mail-text">{email.text}</pre>
      {email.html && (
        <>
          <h2>{m.admin_forms_outbox_html({}, t)}</h2>
          <iframe
            className="admin-mail-html"
            title={m.admin_forms_outbox_html({}, t)}
            sandbox="allow-same-origin"
            srcDoc={email.html}
          />
        </>
      )}
    </article>
  );
}
