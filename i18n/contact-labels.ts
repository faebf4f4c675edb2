import { fieldMessage, messageLocale, type UiLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';

/** The contact form's words, as the island (app/brand/ContactForm.tsx) and the server's answer show them. */
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
 * The contact form's words in one language: the island gets them as a prop (so it ships no message catalogue),
 * and the server fills the same form with them when it answers a form sent without the island
 * (server/routes/brand-contact.ts). An empty field reads as the form rule's own message; the e-mail rule speaks of
 * the field by its label here ("E-mail", also in Ukrainian), and the consent box says what it is for.
 */
export function contactLabels(locale: UiLocale): ContactLabels {
  const options = { locale: messageLocale(locale) };
  return {
    name: m.brand_contactName({}, options),
    email: m.brand_contactEmail({}, options),
    message: m.brand_contactMessage({}, options),
    required: m.brand_contactRequired({}, options),
    terms: m.brand_contactTerms({}, options),
    policy: m.brand_policy({}, options),
    send: m.brand_contactSend({}, options),
    sending: m.brand_contactSending({}, options),
    sent: m.brand_contactSent({}, options),
    sentInfo: m.brand_contactSentInfo({}, options),
    failed: m.brand_contactFailed({}, options),
    tooMany: m.brand_contactTooMany({}, options),
    notEmpty: fieldMessage('notEmpty', locale),
    isValidEmail: m.brand_contactEmailInvalid({}, options),
    isTrue: m.brand_contactConsent({}, options),
  };
}
