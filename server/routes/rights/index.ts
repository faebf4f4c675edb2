import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { isLocale, type Locale } from '#domain/locales.ts';
import { localeType } from '#domain/list-types.ts';
import { AppError } from '#server/errors.ts';
import { rateLimit } from '#server/middleware/rate-limit.ts';
import { preferredLanguage } from '#server/middleware/url-rules.ts';
import { GUEST } from '#server/services/actor.ts';
import { exportFileName } from '#server/services/rights/export.ts';
import { eraseGuestData, exportGuestData, openGuestLink, requestGuestData } from '#server/services/rights/guest.ts';
import { readUnsubscribeLink, withdrawMarketingEmail } from '#server/services/rights/unsubscribe.ts';
import { messageLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';
import { errorResponse, jsonResponse, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';
import { rightsPage } from './page.ts';

const tags = ['data rights'];
const requestBody = type({ email: 'string <= 254', 'lang?': localeType });
const tokenBody = type({ token: 'string <= 1000' });
const HOUR = 3600;

/** A guest's data requests per client address: enough for typos, too few to probe many addresses. */
const requestLimit = () => rateLimit({ name: 'data-request', limit: 5, windowSeconds: HOUR });
/** Uses of a data link per client address (a link lives a day). */
const linkLimit = () => rateLimit({ name: 'data-link', limit: 30, windowSeconds: HOUR });

/**
 * A guest's data rights (decision 052): ask for a signed link by e-mail, then download the data of the address's
 * guest orders or erase their personal data. The link's token travels in the body, never in a URL the server logs.
 */
export const dataRightsRoutes = new Hono<AppEnv>()
  .post(
    '/requests',
    describeRoute({
      tags,
      security: security.public,
      summary: 'A guest asks for their orders’ data: a signed link (24 h) is e-mailed to the address',
      description:
        'Always 202 { ok: true } for a valid address, whether or not it has orders (nothing is revealed); the e-mail goes only to an address with guest orders or contact messages, at most 3 an hour per address. 5 requests an hour per client address.',
      responses: {
        202: jsonResponse('{ ok: true }'),
        400: errorResponse('validation: email notEmpty | isValidEmail'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    requestLimit(),
    validate('json', requestBody),
    async (c) => {
      const { email, lang } = c.req.valid('json');
      await requestGuestData({ ...c.var.deps, actor: GUEST }, { email, lang: lang ?? 'pl' });
      return c.json({ ok: true as const }, 202);
    },
  )
  .post(
    '/requests/form',
    describeRoute({
      tags,
      security: security.public,
      summary: 'The same request sent as an HTML form before the page’s script loaded; answers a page',
      responses: {
        200: { description: 'The page saying the link is on its way', content: { 'text/html': {} } },
        400: { description: 'The page saying the address is not valid', content: { 'text/html': {} } },
        429: errorResponse('tooManyRequests'),
      },
    }),
    requestLimit(),
    async (c) => {
      const body = await c.req.parseBody();
      const lang: Locale = isLocale(body['lang']) ? body['lang'] : 'pl';
      const email = typeof body['email'] === 'string' ? body['email'].slice(0, 254) : '';
      const t = { locale: messageLocale(lang) };
      try {
        await requestGuestData({ ...c.var.deps, actor: GUEST }, { email, lang });
      } catch (error) {
        if (!(error instanceof AppError) || error.key !== 'validation') throw error;
        const rule = error.details?.['email'] === 'notEmpty' ? m.rule_notEmpty({}, t) : m.rule_isValidEmail({}, t);
        return c.html(rightsPage(lang, m.rights_guest_title({}, t), html`<p role="alert">${rule}</p>`), 400);
      }
      return c.html(rightsPage(lang, m.rights_sent_title({}, t), html`<p>${m.rights_guest_done({}, t)}</p>`), 200);
    },
  )
  .post(
    '/link',
    describeRoute({
      tags,
      security: security.public,
      summary: 'What a data link opens: its address and until when it works',
      responses: {
        200: jsonResponse('{ email, expiresAt }'),
        400: errorResponse('invalidToken'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    linkLimit(),
    validate('json', tokenBody),
    (c) => {
      const claims = openGuestLink({ ...c.var.deps, actor: GUEST }, c.req.valid('json').token);
      return c.json({ email: claims.email, expiresAt: claims.expiresAt?.toISOString() ?? null }, 200);
    },
  )
  .post(
    '/export',
    describeRoute({
      tags,
      security: security.public,
      summary: 'Download the data of the link’s guest orders (and messages, e-mails) as a JSON attachment',
      responses: {
        200: jsonResponse('{ format, exportedAt, subject, data }'),
        400: errorResponse('invalidToken'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    linkLimit(),
    validate('json', tokenBody),
    async (c) => {
      const document = await exportGuestData({ ...c.var.deps, actor: GUEST }, c.req.valid('json').token);
      c.header('Content-Disposition', `attachment; filename="${exportFileName(document.exportedAt)}"`);
      return c.json(document, 200);
    },
  )
  .post(
    '/erase',
    describeRoute({
      tags,
      security: security.public,
      summary: 'Erase the personal data of the link’s guest orders; amounts, dates and invoice data stay',
      responses: {
        200: jsonResponse('{ erased: { orders, contactMessages, emails, auditRows, consentEvents, … } }'),
        400: errorResponse('invalidToken'),
        409: errorResponse('activeOrders (an order is still on its way)'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    linkLimit(),
    validate('json', tokenBody),
    async (c) => {
      const ctx = { ...c.var.deps, actor: GUEST };
      const { email } = openGuestLink(ctx, c.req.valid('json').token);
      return c.json({ erased: await eraseGuestData(ctx, { email, via: 'link' }) }, 200);
    },
  );

const tokenParam = type({ token: 'string <= 1000' });

/**
 * The one-click withdrawal of the marketing e-mail consent (RFC 8058): every e-mail to a person with the consent
 * carries this link and the List-Unsubscribe headers. A mail client POSTs `List-Unsubscribe=One-Click`; a person's
 * click GETs a page asking to confirm, whose button POSTs. Exempt from the CSRF check: the signed link authenticates.
 */
export const unsubscribeRoutes = new Hono<AppEnv>()
  .get(
    '/:token',
    describeRoute({
      tags,
      security: security.public,
      summary: 'The page asking to withdraw the marketing consent, in the e-mail’s language',
      responses: {
        200: { description: 'The question, with the button that withdraws', content: { 'text/html': {} } },
        404: { description: 'The link is not ours', content: { 'text/html': {} } },
      },
    }),
    validate('param', tokenParam),
    (c) => {
      const { token } = c.req.valid('param');
      const claims = readUnsubscribeLink(c.var.deps.env, token, c.var.deps.now());
      if (!claims) return c.html(invalidLink(c), 404);
      const t = { locale: messageLocale(claims.lang) };
      return c.html(
        rightsPage(
          claims.lang,
          m.rights_unsub_title({}, t),
          html`<p>${m.rights_unsub_question({ email: claims.email }, t)}</p>
            <form method="post" action="/api/unsubscribe/${token}">
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <button type="submit">${m.rights_unsub_confirm({}, t)}</button>
            </form>`,
        ),
        200,
      );
    },
  )
  .post(
    '/:token',
    describeRoute({
      tags,
      security: security.public,
      summary: 'Withdraw the marketing e-mail consent of the link’s address (recorded with its date)',
      responses: {
        200: { description: 'The page saying it is withdrawn', content: { 'text/html': {} } },
        404: { description: 'The link is not ours', content: { 'text/html': {} } },
      },
    }),
    validate('param', tokenParam),
    async (c) => {
      const done = await withdrawMarketingEmail(c.var.deps, c.req.valid('param').token);
      if (!done) return c.html(invalidLink(c), 404);
      const t = { locale: messageLocale(done.lang) };
      return c.html(
        rightsPage(done.lang, m.rights_unsub_title({}, t), html`<p role="status">${m.rights_unsub_done({}, t)}</p>`),
        200,
      );
    },
  );

/**
 * A link that is not ours (or expired) names no language: the visitor's chosen one (the `lang` cookie), else the one
 * their browser prefers, else Polish.
 */
const invalidLink = (c: Context<AppEnv>) => {
  const cookie = getCookie(c, 'lang');
  const lang: Locale = isLocale(cookie) ? cookie : (preferredLanguage(c.req.header('accept-language')) ?? 'pl');
  return rightsPage(lang, m.rights_unsub_invalid({}, { locale: messageLocale(lang) }), html``);
};
