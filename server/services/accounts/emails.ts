import { accountLinkPath, type AccountLang } from '#domain/accounts.ts';
import type { Env } from '#server/context.ts';
import { messageLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';
import type { OutgoingEmail } from '../outbox/enqueue.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

type LinkKind = 'activation' | 'passwordReset' | 'emailChange' | 'invitation';

/** The outbox templates whose link carries a single-use token that logs its holder into the account. */
export const SINGLE_USE_LINK_TEMPLATES: readonly string[] = [
  'activation',
  'passwordReset',
  'emailChange',
  'invitation',
  // A guest's data link (decision 052): not single-use, but it opens their data for a day.
  'dataRequest',
];

/**
 * An e-mail's text or HTML with the single-use tokens of its account links (`?activate=`, `?token=`,
 * `?confirmEmail=`, accountLinkPath) replaced: whoever reads the outbox (an admin, a backup) must not be able to take
 * the account over with them. The owner's copy, sent before, keeps its link.
 */
export const hideLinkTokens = (body: string): string =>
  body
    .replace(/([?&](?:amp;)?(?:activate|token|confirmEmail)=)[^&\s"'<]+/g, '$1[hidden]')
    .replace(/(\/(?:moje-dane|my-data)#)[\w-]+/g, '$1[hidden]');

// The account e-mails of issue 13, in the order confirmation's three languages: one message per part and kind.
const linkTexts = {
  activation: {
    subject: m.email_activationSubject,
    body: m.email_activationBody,
    action: m.email_activationAction,
    ignore: m.email_activationIgnore,
  },
  passwordReset: {
    subject: m.email_passwordResetSubject,
    body: m.email_passwordResetBody,
    action: m.email_passwordResetAction,
    ignore: m.email_passwordResetIgnore,
  },
  // A staff account the admin added (issue 37): its link is a password reset link that lives a week.
  invitation: {
    subject: m.email_invitationSubject,
    body: m.email_invitationBody,
    action: m.email_invitationAction,
    ignore: m.email_invitationIgnore,
  },
  emailChange: {
    subject: m.email_emailChangeSubject,
    body: m.email_emailChangeBody,
    action: m.email_emailChangeAction,
    ignore: m.email_emailChangeIgnore,
  },
} as const satisfies Record<LinkKind, Record<'subject' | 'body' | 'action' | 'ignore', unknown>>;

/** One template for every account e-mail: the HTML and the plain-text part say the same. */
function layout(paragraphs: string[], link?: { href: string; label: string }): { text: string; html: string } {
  const text = [...paragraphs.slice(0, 2), ...(link ? [link.href] : []), ...paragraphs.slice(2)].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 20px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#555;word-break:break-all">${escapeHtml(link.href)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5"><div style="max-width:560px;margin:0 auto">${paragraphs.slice(0, 2).map(p).join('')}${button}${paragraphs.slice(2).map(p).join('')}</div></body></html>`;
  return { text, html };
}

/**
 * An e-mail whose link opens a shop page with a single-use token (activation, password reset, e-mail change, and a
 * staff invitation, which sets the first password on the reset page).
 */
export function accountLinkEmail(
  env: Env,
  kind: LinkKind,
  { to, name, lang, token }: { to: string; name: string; lang: AccountLang; token: string },
): OutgoingEmail {
  const t = linkTexts[kind];
  const options = { locale: messageLocale(lang) };
  const linkKind = kind === 'invitation' ? 'passwordReset' : kind;
  const href = new URL(accountLinkPath(linkKind, lang, token), env.publicBaseUrl).toString();
  return {
    to,
    subject: t.subject({}, options),
    template: kind,
    ...layout([m.email_greeting({ name: name.trim() || to }, options), t.body({}, options), t.ignore({}, options)], {
      href,
      label: t.action({}, options),
    }),
  };
}

/** Tells the old address that the account moved, so a hijack does not go unnoticed. */
export function emailChangedNotice(to: string, newEmail: string, lang: AccountLang): OutgoingEmail {
  const options = { locale: messageLocale(lang) };
  return {
    to,
    subject: m.email_emailChangedSubject({}, options),
    template: 'emailChanged',
    ...layout([m.email_emailChangedBody({ email: newEmail }, options), m.email_emailChangedHelp({}, options)]),
  };
}
