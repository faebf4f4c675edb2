import { map, task } from 'nanostores';
import {
  contactFormRules,
  isValid,
  validate,
  validateField,
  type FormErrors,
  RULE_NAMES,
  type RuleName,
} from '#domain/forms.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { fieldRules, readAnswer } from '#app/api-answer.ts';

export type ContactField = keyof typeof contactFormRules;
export type ContactValues = { name: string; email: string; message: string; terms: boolean };
/** editing → sending → sent (the button stays disabled) | failed | tooMany (both let the guest try again). */
export type ContactStatus = 'editing' | 'sending' | 'sent' | 'failed' | 'tooMany';

export type ContactFormState = {
  values: ContactValues;
  errors: FormErrors<ContactField>;
  status: ContactStatus;
};

const FIELDS = Object.keys(contactFormRules) as ContactField[];
const initial = (): ContactFormState => ({
  values: { name: '', email: '', message: '', terms: false },
  errors: {},
  status: 'editing',
});

export const $contactForm = map<ContactFormState>(initial());

export const resetContactForm = (): void => $contactForm.set(initial());

/** Changes one field and checks it at once with the spec's rule (validate on change). */
export function setContactField<F extends ContactField>(field: F, value: ContactValues[F]): void {
  const { values, errors, status } = $contactForm.get();
  if (status === 'sent' || status === 'sending') return;
  const next = { ...values, [field]: value };
  const error = validateField(contactFormRules, field, next);
  const nextErrors = { ...errors };
  if (error) nextErrors[field] = error;
  else delete nextErrors[field];
  $contactForm.set({ values: next, errors: nextErrors, status: status === 'editing' ? status : 'editing' });
}

const isRuleName = (value: unknown): value is RuleName =>
  typeof value === 'string' && (RULE_NAMES as readonly string[]).includes(value);

/**
 * Checks the whole form and, when it passes, sends it to POST /api/contact. Nothing is sent while any field
 * has an error. Resolves to the first field with an error (for the island to scroll to), or null.
 */
export function sendContactForm(concept: string, client: ApiClient = api): Promise<ContactField | null> {
  return task(async () => {
    const { values, status } = $contactForm.get();
    if (status === 'sending' || status === 'sent') return null;
    const errors = validate(contactFormRules, values);
    if (!isValid(errors)) {
      $contactForm.setKey('errors', errors);
      return FIELDS.find((field) => errors[field]) ?? null;
    }
    $contactForm.set({ values, errors: {}, status: 'sending' });
    let next: Pick<ContactFormState, 'errors' | 'status'> = { errors: {}, status: 'failed' };
    const answer = await readAnswer(client.contact.$post({ json: { ...values, concept } }));
    if (answer.ok && String(answer.data).trim() === 'OK') next = { errors: {}, status: 'sent' };
    else if (!answer.ok && answer.status === 429) next = { errors: {}, status: 'tooMany' };
    else if (!answer.ok && answer.key === 'validation') {
      // The server checks again with the same rules; show its verdict under the same fields.
      const serverErrors: FormErrors<ContactField> = {};
      for (const [field, rule] of Object.entries(fieldRules(answer, FIELDS))) {
        if (isRuleName(rule)) serverErrors[field as ContactField] = rule;
      }
      if (!isValid(serverErrors)) next = { errors: serverErrors, status: 'editing' };
    }
    if (next.status === 'failed') console.warn('contact form: the server did not accept the message');
    $contactForm.set({ values, ...next });
    return FIELDS.find((field) => next.errors[field]) ?? null;
  });
}
