import { createHash, randomUUID } from 'node:crypto';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { auditLog, contactMessages, orders } from '#db/schema/index.ts';
import { withTransaction } from '#db/transaction.ts';
import { validate } from '#domain/forms.ts';
import { pathFor } from '#domain/localized-routes.ts';
import type { Locale } from '#domain/locales.ts';
import type { ServiceCtx } from '#server/context.ts';
import { AppError } from '#server/errors.ts';
import { actorUserId } from '#server/services/actor.ts';
import { hitRateLimit } from '#server/services/rate-limit/hit.ts';
import { messageLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { erasePersonalData, type ErasureCounts } from './erase.ts';
import { exportPersonalData } from './export.ts';
import { DATA_LINK_SECONDS, openLink, sealLink } from './link-token.ts';
import { normalEmail } from './subject.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** Whether the shop holds anything of a guest's address: a guest order or a contact message. */
async function holdsGuestData(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(orders)
    .where(and(isNull(orders.userId), sql`lower(${orders.customer}->>'email') = ${email}`))
    .limit(1);
  if (row) return true;
  const [message] = await db
    .select({ found: sql<number>`1` })
    .from(contactMessages)
    .where(sql`lower(${contactMessages.email}) = ${email}`)
    .limit(1);
  return message !== undefined;
}

/**
 * A guest asks for their orders' data (GDPR art. 15, 17, 20). Answered the same whether or not the address has
 * orders (the caller learns nothing); the e-mail with the signed link goes only to an address the shop holds data
 * of, at most 3 an hour per address (silently: a caller cannot use the form to flood someone's inbox).
 */
export async function requestGuestData(
  ctx: ServiceCtx<'db' | 'env'>,
  input: { email: string; lang: Locale },
): Promise<void> {
  const errors = validate({ email: ['notEmpty', 'isValidEmail'] }, { email: input.email.trim() });
  if (Object.keys(errors).length > 0) throw new AppError('validation', errors);
  const email = normalEmail(input.email);
  if (!(await holdsGuestData(ctx.db, email))) return;
  const key = `data-request-address:${createHash('sha256').update(email).digest('base64url')}`;
  if (!(await hitRateLimit(ctx, { key, limit: 3, windowSeconds: 3600 })).allowed) return;
  const expiresAt = new Date(ctx.now().getTime() + DATA_LINK_SECONDS * 1000);
  const token = sealLink(ctx.env.orderTokenSecret, 'data', { email, lang: input.lang, expiresAt });
  const href = new URL(`${pathFor('myData', input.lang)}#${token}`, ctx.env.publicBaseUrl).toString();
  const options = { locale: messageLocale(input.lang) };
  const body = m.rights_email_body({}, options);
  const ignore = m.rights_email_ignore({}, options);
  const label = m.rights_email_action({}, options);
  await enqueueEmail(ctx.db, {
    to: email,
    subject: m.rights_email_subject({}, options),
    template: 'dataRequest',
    text: `${body}\n\n${href}\n\n${ignore}\n`,
    html: `<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5"><div style="max-width:560px;margin:0 auto"><p style="margin:0 0 16px">${escapeHtml(body)}</p><p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p><p style="margin:0 0 16px">${escapeHtml(ignore)}</p></div></body></html>`,
  });
}

/** The guest link's address and expiry; invalidToken when it is not ours, was altered or has expired. */
export function openGuestLink(ctx: ServiceCtx<'env'>, token: string) {
  const claims = openLink(ctx.env.orderTokenSecret, 'data', token, ctx.now());
  if (!claims) throw new AppError('invalidToken');
  return claims;
}

/** Everything held of the link's address as a guest: its guest orders, contact messages, e-mails, withdrawals. */
export async function exportGuestData(ctx: ServiceCtx<'db' | 'env'>, token: string) {
  const { email } = openGuestLink(ctx, token);
  return exportPersonalData(ctx, { userId: null, email });
}

/**
 * Erases the personal data of a guest's orders (and messages, e-mails, consents), keeping what tax law needs, and
 * audits it without naming the person: the audit row's entity is a fresh id, its data the counts.
 */
export async function eraseGuestData(
  ctx: ServiceCtx<'db' | 'env'>,
  input: { email: string; via: 'link' | 'phoneRequest' },
): Promise<ErasureCounts> {
  const now = ctx.now();
  return withTransaction(ctx, async ({ db: tx }) => {
    const counts = await erasePersonalData(tx, { userId: null, email: normalEmail(input.email) }, now);
    await tx.insert(auditLog).values({
      at: now,
      actorUserId: actorUserId(ctx.actor),
      action: 'dataSubject.erased',
      entity: 'dataSubject',
      entityId: randomUUID(),
      data: { via: input.via, guest: true, ...counts },
    });
    return counts;
  });
}
