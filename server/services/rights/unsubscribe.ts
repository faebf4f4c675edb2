import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { orders, users } from '#db/schema/index.ts';
import { queryRows } from '#db/client.ts';
import { isLocale, type Locale } from '#domain/locales.ts';
import type { Env } from '#server/context.ts';
import { messageLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';
import { recordConsents } from './record-consents.ts';
import { openLink, sealLink } from './link-token.ts';
import { normalEmail } from './subject.ts';

/**
 * The addresses among `emails` whose person has a marketing e-mail consent, with the language to write its
 * withdrawal link in: an account that ticked it (its language), or a guest whose order recorded it (the newest such
 * order's language). Read when the outbox sends, so the link is in every e-mail to such a person (decision 052).
 */
export async function marketingRecipients(db: Db | Tx, emails: readonly string[]): Promise<Map<string, Locale>> {
  const wanted = [...new Set(emails.map(normalEmail))];
  const found = new Map<string, Locale>();
  if (wanted.length === 0) return found;
  const list = sql.join(
    wanted.map((email) => sql`${email}`),
    sql`, `,
  );
  const rows = await queryRows<{ email: string; lang: string | null }>(
    db,
    sql`select lower(email) as email, lang from users
        where lower(email) in (${list}) and marketing_email and deleted_at is null
      union all
      select * from (select distinct on (lower(customer->>'email')) lower(customer->>'email') as email, lang from orders
        where lower(customer->>'email') in (${list}) and consents->>'marketingEmail' = 'true'
        order by lower(customer->>'email'), created_at desc) guests`,
  );
  for (const row of rows) if (!found.has(row.email)) found.set(row.email, isLocale(row.lang) ? row.lang : 'pl');
  return found;
}

type LinkEnv = Pick<Env, 'publicBaseUrl' | 'orderTokenSecret'>;

/** The one-click withdrawal address of an e-mail to `email` (RFC 8058: POST withdraws, GET asks first). */
export const unsubscribeUrl = (env: LinkEnv, email: string, lang: Locale): string =>
  new URL(
    `/api/unsubscribe/${sealLink(env.orderTokenSecret, 'unsubscribe', { email, lang, expiresAt: null })}`,
    env.publicBaseUrl,
  ).toString();

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** An outgoing message with the withdrawal link at its end and the List-Unsubscribe headers mail clients show. */
export function withUnsubscribe<E extends { text: string; html?: string | null }>(
  env: LinkEnv,
  email: E,
  recipient: { to: string; lang: Locale },
): E & { headers: Record<string, string> } {
  const url = unsubscribeUrl(env, recipient.to, recipient.lang);
  const options = { locale: messageLocale(recipient.lang) };
  const footer = m.rights_unsub_footer({}, options);
  const label = m.rights_unsub_link({}, options);
  const htmlFooter = `<p style="margin:24px 0 0;font-size:12px;color:#555">${escapeHtml(footer)} <a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
  return {
    ...email,
    text: `${email.text.trimEnd()}\n\n-- \n${footer}\n${url}\n`,
    ...(email.html
      ? {
          html: email.html.includes('</body>')
            ? email.html.replace(/<\/body>/i, `${htmlFooter}</body>`)
            : `${email.html}${htmlFooter}`,
        }
      : {}),
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Whose consent a withdrawal link names, or null for a link that is not ours. */
export const readUnsubscribeLink = (env: LinkEnv, token: string, now: Date) =>
  openLink(env.orderTokenSecret, 'unsubscribe', token, now);

/**
 * Withdraws the marketing e-mail consent of the link's address: the account's, and every guest order's that recorded
 * it, with the withdrawal recorded and dated (consent_events). Withdrawing twice changes nothing more.
 */
export async function withdrawMarketingEmail(
  { db, env, now }: { db: Db; env: LinkEnv; now: () => Date },
  token: string,
): Promise<{ email: string; lang: Locale } | null> {
  const at = now();
  const claims = readUnsubscribeLink(env, token, at);
  if (!claims) return null;
  const email = claims.email;
  await db.transaction(async (tx) => {
    const withdrawn = await tx
      .update(users)
      .set({ marketingEmail: false })
      .where(and(sql`lower(${users.email}) = ${email}`, eq(users.marketingEmail, true), isNull(users.deletedAt)))
      .returning({ id: users.id });
    const guestOrders = await tx
      .update(orders)
      .set({ consents: sql`${orders.consents} || '{"marketingEmail": false}'::jsonb` })
      .where(
        and(sql`lower(${orders.customer}->>'email') = ${email}`, sql`${orders.consents}->>'marketingEmail' = 'true'`),
      )
      .returning({ id: orders.id });
    for (const user of withdrawn)
      await recordConsents(tx, { userId: user.id, consents: { marketingEmail: false }, source: 'unsubscribe', at });
    if (withdrawn.length === 0 && guestOrders.length > 0)
      await recordConsents(tx, { userId: null, email, consents: { marketingEmail: false }, source: 'unsubscribe', at });
  });
  return { email, lang: claims.lang };
}
