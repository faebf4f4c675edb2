import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import type { RuleName } from '#domain/forms.ts';
import { adoptFields, useEarlyInput } from '#app/forms/early-input.ts';
import { $contactForm, sendContactForm, setContactField, type ContactField } from '#app/stores/contact-form.ts';

export type ContactLabels = {
  name: string;
  email: string;
  message: string;
  required: string;
  terms: string;
  policy: string;
  send: string;
  sending: string;
  sent: string;
  sentInfo: string;
  failed: string;
  tooMany: string;
} & Record<'notEmpty' | 'isValidEmail' | 'isTrue', string>;

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
  const { values, errors, status } = useStore($contactForm);
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, (changed) => adoptFields(changed, $contactForm.get().values, setContactField));
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

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });
  const error = (name: ContactField) =>
    errors[name] ? (
      <p className="field-error" id={`contact-${name}-error`}>
        {message(errors[name])}
      </p>
    ) : null;
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
      <div className="field">
        <label htmlFor="contact-name">
          {labels.name} <span className="req">({labels.required})</span>
        </label>
        <input
          {...field('name')}
          type="text"
          autoComplete="name"
          required
          value={values.name}
          onChange={(e) => setContactField('name', e.target.value)}
        />
        {error('name')}
      </div>
      <div className="field">
        <label htmlFor="contact-email">
          {labels.email} <span className="req">({labels.required})</span>
        </label>
        <input
          {...field('email')}
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => setContactField('email', e.target.value)}
        />
        {error('email')}
      </div>
      <div className="field">
        <label htmlFor="contact-message">
          {labels.message} <span className="req">({labels.required})</span>
        </label>
        <textarea
          {...field('message')}
          cols={40}
          rows={10}
          required
          value={values.message}
          onChange={(e) => setContactField('message', e.target.value)}
        />
        {error('message')}
      </div>
      <div className="field field-check">
        <input
          {...field('terms')}
          type="checkbox"
          value="true"
          checked={values.terms}
          onChange={(e) => setContactField('terms', e.target.checked)}
        />
        <span>
          <label htmlFor="contact-terms">{labels.terms}</label>{' '}
          <a href={policyHref} target="_blank" rel="noopener">
            ({labels.policy})
          </a>
        </span>
        {error('terms')}
      </div>
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
