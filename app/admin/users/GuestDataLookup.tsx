import { useState, type FormEvent } from 'react';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { inLocale, useHydrated } from '#app/account/form-helpers.ts';
import type { ErrorKey } from '#domain/error-catalogue.ts';
import { TextInput } from '#app/ui/field.tsx';
import { HeldSummary, type HeldData } from './personal-data.tsx';
import '#app/admin/forms/admin-forms.css';

/**
 * The guests' data (GDPR) on the users list: the admin finds what is held of a guest by the e-mail or the phone on
 * their orders (for a request made by phone), downloads it and erases it. The search goes in the body, never the URL;
 * the form cannot be sent before the island has loaded. A refusal is the search's, not a field's: it is said in the
 * status region with the results.
 */
export default function GuestDataLookup({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [found, setFound] = useState<HeldData[] | null>(null);
  const [error, setError] = useState<ErrorKey | null>(null);
  const find = async (event?: FormEvent) => {
    event?.preventDefault();
    const json = email.trim() ? { email: email.trim() } : { phone: phone.trim() };
    const answer = await readAnswer(api.admin['data-rights'].guests.find.$post({ json }));
    if (answer.ok) {
      setFound((answer.data as { found: HeldData[] }).found);
      setError(null);
    } else setError(answer.key);
  };
  return (
    <section className="admin-section admin-guest-data" aria-labelledby="admin-guest-data-title">
      <h2 id="admin-guest-data-title">{m.rights_admin_guest_title({}, t)}</h2>
      <p className="admin-hint">{m.rights_admin_guest_lead({}, t)}</p>
      <form className="admin-guest-data-form" onSubmit={(event) => void find(event)} noValidate>
        <TextInput
          id="admin-guest-email"
          look="admin"
          label={m.rights_field_email({}, t)}
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextInput
          id="admin-guest-phone"
          look="admin"
          label={m.rights_field_phone({}, t)}
          type="tel"
          name="phone"
          autoComplete="off"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <button type="submit" className="button" disabled={!hydrated || (!email.trim() && !phone.trim())}>
          {m.rights_admin_find({}, t)}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {error && <p className="admin-error">{errorMessage(error, locale)}</p>}
        {found && found.length === 0 && <p>{m.rights_admin_none({}, t)}</p>}
      </div>
      {found?.map((held, index) => (
        <HeldSummary
          key={held.subject.email}
          locale={locale}
          held={held}
          idPrefix={`admin-guest-${index}`}
          erase={() => readAnswer(api.admin['data-rights'].guests.erase.$post({ json: { email: held.subject.email } }))}
          onErased={() => void find()}
        />
      ))}
    </section>
  );
}
