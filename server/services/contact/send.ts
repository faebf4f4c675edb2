import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { concepts, contactMessages } from '#db/schema/index.ts';
import { contactFormRules, validate as validateForm } from '#domain/forms.ts';
import type { FieldRule } from '#domain/errors.ts';
import { COMPANY, SHOP_CONTACT } from '#domain/company.ts';
import { validationError } from '#server/errors.ts';
import * as m from '#i18n/paraglide/messages.js';
import { enqueueEmail } from '../outbox/enqueue.ts';

export type ContactInput = { name?: unknown; email?: unknown; message?: unknown; terms?: unknown; concept?: unknown };

/**
 * A contact-form message to a brand, or to the marketplace itself (SHOP_CONTACT; spec section 5): checked with the contact rules (nothing is
 * stored or sent on any error; details name the failing rule per field so the UI can translate
 * it), stored, and queued to the brand's contactEmail in the same transaction.
 */
export async function sendContactMessage({ db }: Pick<AppDeps, 'db'>, input: ContactInput): Promise<void> {
  const errors: Record<string, FieldRule> = validateForm(contactFormRules, input);
  // The name goes into the e-mail's subject and From line: a line break there would write headers of its own.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (typeof input.name === 'string' && /[\u0000-\u001f\u007f]/.test(input.name)) errors.name ??= 'invalid';
  const slug = typeof input.concept === 'string' ? input.concept.trim() : '';
  const [concept] =
    slug === SHOP_CONTACT
      ? [{ slug: null, name: 'Marketplace', contactEmail: COMPANY.email }]
      : slug
        ? await db
            .select({ slug: concepts.slug, name: concepts.name, contactEmail: concepts.contactEmail })
            .from(concepts)
            .where(and(eq(concepts.slug, slug), eq(concepts.active, true)))
        : [];
  // A slug that names no brand the shop runs (a made-up one, or one switched off) is filled in, just not known.
  if (!concept) errors.concept = slug ? 'unknown' : 'notEmpty';
  if (Object.keys(errors).length > 0 || !concept) throw validationError(errors);

  const name = String(input.name).trim();
  const email = String(input.email);
  const message = String(input.message).trim();
  // For the brand's own team, who read Polish whatever the visitor's language.
  const options = { locale: 'pl' } as const;
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ name, email, message, terms: true, conceptSlug: concept.slug });
    await enqueueEmail(tx, {
      to: concept.contactEmail,
      subject: m.email_contactSubject({ brand: concept.name, name }, options),
      text: `${m.email_contactFrom({}, options)}: ${name} <${email}>\n${m.email_contactBrand({}, options)}: ${concept.name}\n\n${message}\n`,
      template: 'contact',
    });
  });
}
