import { contactFormRules, type FormErrors, validate } from '#domain/forms.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { createForm, type Reply } from '#app/forms/form.ts';

export type ContactField = keyof typeof contactFormRules;
export type ContactValues = { name: string; email: string; message: string; terms: boolean };
/** editing → sending → sent (the button stays disabled) | failed | tooMany (both let the guest try again). */
export type ContactStatus = 'editing' | 'sending' | 'sent' | 'failed' | 'tooMany';

export type ContactFormState = {
  values: ContactValues;
  errors: FormErrors<ContactField>;
  status: ContactStatus;
};

/**
 * The brand's contact form on the islands' form model (app/forms/form.ts, decision 049), checked by the rules the
 * API's contact service applies to the same message (spec section 5).
 */
export const contactForm = createForm<ContactValues>({ name: '', email: '', message: '', terms: false }, (values) =>
  validate(contactFormRules, values),
);

/** The form as the island shows it: a refusal of the whole form is the rate limit, or a failure to send. */
export const contactView = ({ values, errors, error, status } = contactForm.$state.get()): ContactFormState => ({
  values,
  errors: errors as FormErrors<ContactField>,
  status:
    status === 'done'
      ? 'sent'
      : error === 'tooManyRequests'
        ? 'tooMany'
        : error
          ? 'failed'
          : status === 'sending'
            ? 'sending'
            : 'editing',
});

export const resetContactForm = (): void => contactForm.reset();

/** Changes one field and checks it at once with the spec's rule (validate on change); a sent message stays as sent. */
export function setContactField<F extends ContactField>(field: F, value: ContactValues[F]): void {
  if (contactForm.$state.get().status !== 'done') contactForm.setField(field, value);
}

/**
 * Checks the whole form and, when it passes, sends it to POST /api/contact. Nothing is sent while any field
 * has an error, nor once it has been sent. Resolves to the first field with an error (for the island to scroll
 * to), or null.
 */
export async function sendContactForm(concept: string, client: ApiClient = api): Promise<ContactField | null> {
  if (contactForm.$state.get().status === 'done') return null;
  const first = await contactForm.submit(async (values): Promise<Reply> => {
    const reply = await client.contact.$post({ json: { ...values, concept } });
    if (!reply.ok) return reply;
    // The API answers the text OK; anything else (a proxy's page) did not reach it.
    const text = await reply.text();
    return { ok: text.trim() === 'OK', status: reply.status, text: async () => text };
  });
  if (contactView().status === 'failed') console.warn('contact form: the server did not accept the message');
  return first;
}
