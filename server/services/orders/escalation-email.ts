import { adminPath } from '#domain/admin-routes.ts';
import { isLocale } from '#domain/locales.ts';
import type { Env } from '#server/context.ts';
import { messageLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';
import type { OutgoingEmail } from '../outbox/enqueue.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

export type EscalationData = {
  to: string;
  name: string;
  /** The account's language; anything unknown reads as Polish, the shop's default. */
  lang: string;
  order: { id: string; displayId: string };
  restaurant: { name: string; slug: string; phone: string | null };
  minutesWaiting: number;
  minutesLeft: number;
};

/**
 * The e-mail to a kitchen's manager about an order nobody has accepted: which order, where, how long it has waited,
 * how long before it is rejected, the restaurant's phone (a tel: link, to call from the phone the mail is read on)
 * and the kitchen board.
 */
export function escalationEmail(env: Env, data: EscalationData): OutgoingEmail {
  const lang = isLocale(data.lang) ? data.lang : 'pl';
  const options = { locale: messageLocale(lang) };
  const { order, restaurant } = data;
  const board = new URL(adminPath(lang, { screen: 'kitchen', restaurant: restaurant.slug }), env.publicBaseUrl).href;
  const greeting = m.email_greeting({ name: data.name || data.to }, options);
  const body = m.email_escalationBody(
    { id: order.displayId, restaurant: restaurant.name, minutes: data.minutesWaiting, left: data.minutesLeft },
    options,
  );
  const phone = restaurant.phone
    ? m.email_escalationPhone({ phone: restaurant.phone }, options)
    : m.email_escalationNoPhone({}, options);
  const action = m.email_escalationAction({}, options);
  const p = (s: string) => `<p style="margin:0 0 16px">${s}</p>`;
  const phoneHtml = restaurant.phone
    ? p(
        escapeHtml(phone).replace(
          escapeHtml(restaurant.phone),
          `<a href="tel:${escapeHtml(restaurant.phone.replace(/[^0-9+]/g, ''))}">${escapeHtml(restaurant.phone)}</a>`,
        ),
      )
    : p(escapeHtml(phone));
  return {
    to: data.to,
    subject: m.email_escalationSubject({ id: order.displayId, restaurant: restaurant.name }, options),
    template: 'orderEscalation',
    text: [greeting, '', body, '', phone, '', `${action}: ${board}`].join('\n'),
    html: `<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5"><div style="max-width:560px;margin:0 auto">${p(escapeHtml(greeting))}${p(`<strong>${escapeHtml(body)}</strong>`)}${phoneHtml}<p style="margin:0 0 16px"><a href="${escapeHtml(board)}" style="display:inline-block;padding:12px 20px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p></div></body></html>`,
  };
}
