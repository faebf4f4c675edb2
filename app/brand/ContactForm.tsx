import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import type { RuleName } from '#domain/forms.ts';
import { useEarlyInput } from '#app/forms/early-input.ts';
import {
  contactForm,
  contactView,
  sendContactForm,
  setContactField,
  type ContactField,
} from '#app/stores/contact-form.ts';
import { Checkbox, TextArea, TextInput } from '#app/ui/field.tsx';
import type { ContactLabels } from '#i18n/contact-labels.ts';

/**
 * The brand's contact form: errors under each field, checked on change and on send (spec section 5).
 * Server-rendered, it is also a plain form posting to `action` on the brand's host, so a visitor who sends it
 * before the island has loaded gets the server's answer instead of a GET with the fields in the URL.
 */
export default function ContactForm({
  concept,
  contactEmail,
  policyHref,
  action,
  labels,
  lockedUntilHydrated = false,
}: {
  concept: string;
  contactEmail: string;
  policyHref: string;
  /** The brand-host path that answers the form without JavaScript ('/en/contact/'). */
  action: string;
  labels: ContactLabels;
  /**
   * For a page whose host has no POST handler for `action` (the shop): the server-rendered button is disabled, so
   * the form cannot be sent before the island runs (design.md: forms before hydration).
   */
  lockedUntilHydrated?: boolean;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { values, errors, status } = contactView(useStore(contactForm.$state));
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, contactForm.adopt);
  const message = (rule: RuleName | undefined) =>
    rule ? ((labels as Record<string, string>)[rule] ?? labels.notEmpty) : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const first = await sendContactForm(concept);
    if (first) {
      // Scroll to the first field with an error and put the cursor there.
      const input = form.current?.querySelector<HTMLElement>(`[name="${first}"]`);
      input?.scrollIntoView({ block: 'center' });
      input?.focus();
    }
  };

  const frame = (name: ContactField, label: string) => ({
    id: `contact-${name}`,
    name,
    label,
    look: 'field' as const,
    error: errors[name] ? message(errors[name]) : undefined,
  });
  const requiredMark = (
    <>
      {' '}
      <span className="req">({labels.required})</span>
    </>
  );
  const done = status === 'sent';

  return (
    <form
      ref={form}
      className="contact-form"
      method="post"
      action={action}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
    >
      <TextInput
        {...frame('name', labels.name)}
        required
        requiredMark={requiredMark}
        autoComplete="name"
        value={values.name}
        onChange={(e) => setContactField('name', e.target.value)}
      />
      <TextInput
        {...frame('email', labels.email)}
        required
        requiredMark={requiredMark}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => setContactField('email', e.target.value)}
      />
      <TextArea
        {...frame('message', labels.message)}
        required
        requiredMark={requiredMark}
        cols={40}
        rows={10}
        value={values.message}
        onChange={(e) => setContactField('message', e.target.value)}
      />
      <Checkbox
        {...frame('terms', labels.terms)}
        value="true"
        checked={values.terms}
        onChange={(e) => setContactField('terms', e.target.checked)}
        extra={
          <>
            {' '}
            <a href={policyHref} target="_blank" rel="noopener">
              ({labels.policy})
            </a>
          </>
        }
      />
      <button
        type="submit"
        className="button"
        disabled={done || status === 'sending' || (lockedUntilHydrated && !hydrated)}
      >
        {done ? labels.sent : status === 'sending' ? labels.sending : labels.send}
      </button>
      <div className="form-status" role="status" aria-live="polite">
        {done && <p className="form-ok">{labels.sentInfo}</p>}
        {status === 'failed' && (
          <p className="form-failed">
            {labels.failed}: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </p>
        )}
        {status === 'tooMany' && <p className="form-failed">{labels.tooMany}</p>}
      </div>
    </form>
  );
}
