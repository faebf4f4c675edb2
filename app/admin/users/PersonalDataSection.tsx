import { useEffect, useState } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { HeldSummary, type HeldData } from './personal-data.tsx';
import '#app/admin/forms/admin-forms.css';
import './user-sections.css';

/** The user screen's personal data (GDPR): what is held of the account, its download, its erasure by the admin. */
export default function PersonalDataSection({ locale, id }: { locale: UiLocale; id: string }) {
  const t = inLocale(locale);
  const [held, setHeld] = useState<HeldData | null>(null);
  const load = async () => {
    const answer = await readAnswer(api.admin['data-rights'].users[':id'].$get({ param: { id } }));
    setHeld(answer.ok ? (answer.data as HeldData) : null);
  };
  useEffect(() => {
    void load();
  }, [id]);
  return (
    <section className="admin-section admin-personal-data" aria-labelledby="admin-personal-data-title">
      <h2 id="admin-personal-data-title">{m.rights_admin_title({}, t)}</h2>
      <p className="admin-hint">{m.rights_admin_lead({}, t)}</p>
      {held && (
        <HeldSummary
          locale={locale}
          held={held}
          idPrefix="admin-personal-data"
          erase={() => readAnswer(api.admin['data-rights'].users[':id'].erase.$post({ param: { id } }))}
          onErased={() => void load()}
        />
      )}
    </section>
  );
}
