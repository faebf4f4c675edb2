import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { limitBody } from '../middleware/body-limit.ts';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { ArkErrors } from 'arktype';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Tenant } from '#tenants/schema.ts';
import type { AppEnv } from '#server/context.ts';
import { classifyHost } from '#server/hosts.ts';
import { contactFormRules, type FormErrors } from '#domain/forms.ts';
import { AppError, forbidden, notFound } from '#server/errors.ts';
import { rateLimit } from '#server/middleware/rate-limit.ts';
import { sendContactMessage } from '#server/services/contact/send.ts';
import { contactLabels } from '#i18n/contact-labels.ts';
import { brandPath, type Locale } from '#domain/localized-routes.ts';
import { contactBody } from './contact/index.ts';

type Field = keyof typeof contactFormRules;
type Values = { name: string; email: string; message: string; terms: boolean };
/** What the page says under the form: nothing yet (errors only), sent, failed, or too many messages. */
type Outcome = 'editing' | 'sent' | 'failed' | 'tooMany';

const FIELDS = Object.keys(contactFormRules) as Field[];
const START = '<!--contact-form-->';
const END = '<!--/contact-form-->';

/**
 * The brand site's contact form without JavaScript (issue 10 §4). The form is server-rendered with
 * `method="post"` and an `action` on the brand's own host (`/contact/`, `/en/contact/`, `/ua/contact/`), so a
 * visitor who sends it before its island has loaded posts here instead of putting the fields in a URL. The
 * message is checked and stored exactly as POST /api/contact does it (same size limits, same service, same
 * rate-limit counter), and the answer is the brand's contact page in the page's language with the form again:
 * each field's translated error and the typed values kept, or the sent message.
 */
export function brandContactRoutes() {
  const paths = ['', '/en', '/ua'].flatMap((prefix) => [`${prefix}/contact`, `${prefix}/contact/`]);
  return new Hono<AppEnv>().on(
    'POST',
    paths,
    tenantHostOnly,
    sameOriginOnly,
    limitBody,
    tooManyAsPage,
    rateLimit({ name: 'contact', limit: 5, windowSeconds: 10 * 60 }),
    async (c) => {
      const tenant = tenantOf(c);
      const body = await c.req.parseBody();
      const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
      const values: Values = {
        name: text('name'),
        email: text('email'),
        message: text('message'),
        terms: text('terms') !== '',
      };
      const input = { ...values, concept: tenant.slug };
      // The API's own limits (name ≤ 200 characters, message ≤ 5000…); the spec has no message for them.
      if (contactBody(input) instanceof ArkErrors) return answer(c, { values, outcome: 'failed' }, 400);
      try {
        await sendContactMessage(c.var.deps, input);
      } catch (error) {
        if (!(error instanceof AppError) || error.key !== 'validation') throw error;
        const errors: FormErrors<Field> = {};
        for (const field of FIELDS) {
          const rule = error.details?.[field];
          if (typeof rule === 'string') errors[field] = rule as FormErrors<Field>[Field];
        }
        // Only the brand itself can be wrong (switched off in the shop): the visitor can but write directly.
        const outcome = Object.keys(errors).length > 0 ? 'editing' : 'failed';
        return answer(c, { values, errors, outcome }, 400);
      }
      return answer(c, { values, outcome: 'sent' }, 200);
    },
  );
}

const hostTenant = (c: Context<AppEnv>): Tenant | null => {
  const { env, tenants } = c.var.deps;
  const host = classifyHost(c.req.header('host'), env, tenants);
  return host.kind === 'tenant' ? host.tenant : null;
};

/** The brand of the request's host; tenantHostOnly has answered 404 on any other host before this is asked. */
const tenantOf = (c: Context<AppEnv>): Tenant => {
  const tenant = hostTenant(c);
  if (!tenant) throw notFound();
  return tenant;
};

const tenantHostOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!hostTenant(c)) return c.notFound();
  return next();
};

/**
 * CSRF without JavaScript or a token: the browser says where the form came from. Sec-Fetch-Site, which every
 * current browser sends, must be same-origin. Origin cannot decide alone: under our Referrer-Policy no-referrer
 * browsers send `Origin: null` with every POST, so it only counts when it names a host, which must be this one,
 * and is required (naming this host) only from a browser too old to send Sec-Fetch-Site. Host, not scheme, is
 * compared: behind a TLS proxy the server sees http.
 */
const sameOriginOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const host = c.req.header('host')?.toLowerCase();
  let originHost: string | null;
  try {
    originHost = origin && origin !== 'null' ? new URL(origin).host.toLowerCase() : null;
  } catch {
    originHost = null;
  }
  const ok =
    site === undefined
      ? originHost !== null && originHost === host
      : site === 'same-origin' && (!origin || origin === 'null' || originHost === host);
  if (!ok) throw forbidden();
  await next();
};

/** The shared rate limit answers JSON; a visitor without JavaScript gets the page with the message instead. */
const tooManyAsPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status !== 429) return;
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const text = (key: string) => (typeof body[key] === 'string' ? body[key] : '');
  const values = { name: text('name'), email: text('email'), message: text('message'), terms: text('terms') !== '' };
  c.res = await answer(c, { values, outcome: 'tooMany' }, 429);
};

const localeOf = (urlPath: string): Locale =>
  urlPath.startsWith('/en/') ? 'en' : urlPath.startsWith('/ua/') ? 'ua' : 'pl';

/** The brand's built contact page in the request's language, with the server's form between its markers. */
async function answer(
  c: Context<AppEnv>,
  state: { values: Values; errors?: FormErrors<Field>; outcome: Outcome },
  status: 200 | 400 | 429,
): Promise<Response> {
  const tenant = tenantOf(c);
  const locale = localeOf(`${new URL(c.req.url).pathname.replace(/\/?$/, '/')}`);
  const file = path.join(
    path.resolve(c.var.deps.env.distDir),
    'brands',
    tenant.slug,
    brandPath(locale, 'contact'),
    'index.html',
  );
  const page = await readFile(file, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${file} has no contact form markers`);
  const form = renderForm(tenant, locale, { errors: {}, ...state });
  c.header('Cache-Control', 'no-store');
  return c.html(page.slice(0, start) + String(await form) + page.slice(end + END.length), status);
}

/**
 * The same markup as app/brand/ContactForm.tsx renders (its class names carry the brand's styles), filled from
 * the server's verdict. hono/html escapes every interpolated value, so what the visitor typed stays text.
 */
function renderForm(
  tenant: Tenant,
  locale: Locale,
  { values, errors, outcome }: { values: Values; errors: FormErrors<Field>; outcome: Outcome },
): HtmlEscapedString | Promise<HtmlEscapedString> {
  const labels = contactLabels(locale);
  const first = FIELDS.find((field) => errors[field]);
  const attrs = (field: Field) =>
    html`id="contact-${field}"
    name="${field}"${
      errors[field] ? html` aria-invalid="true" aria-describedby="contact-${field}-error"` : ''
    }${field === first ? html` autofocus` : ''}`;
  const error = (field: Field) => {
    const rule = errors[field];
    if (!rule) return '';
    const message = (labels as Record<string, string>)[rule] ?? labels.notEmpty;
    return html`<p class="field-error" id="contact-${field}-error">${message}</p>`;
  };
  const sent = outcome === 'sent';
  const status =
    outcome === 'sent'
      ? html`<p class="form-ok">${labels.sentInfo}</p>`
      : outcome === 'failed'
        ? html`<p class="form-failed">
            ${labels.failed}: <a href="mailto:${tenant.contactEmail}">${tenant.contactEmail}</a>
          </p>`
        : outcome === 'tooMany'
          ? html`<p class="form-failed">${labels.tooMany}</p>`
          : '';
  return html`<form class="contact-form" method="post" action="${brandPath(locale, 'contact')}" novalidate>
    <div class="field">
      <label for="contact-name">${labels.name} <span class="req">(${labels.required})</span></label>
      <input ${attrs('name')} type="text" autocomplete="name" required value="${values.name}" />
      ${error('name')}
    </div>
    <div class="field">
      <label for="contact-email">${labels.email} <span class="req">(${labels.required})</span></label>
      <input ${attrs('email')} type="email" autocomplete="email" required value="${values.email}" />
      ${error('email')}
    </div>
    <div class="field">
      <label for="contact-message">${labels.message} <span class="req">(${labels.required})</span></label>
      <textarea ${attrs('message')} cols="40" rows="10" required>${values.message}</textarea>
      ${error('message')}
    </div>
    <div class="field field-check">
      <input ${attrs('terms')} type="checkbox" value="true" ${values.terms ? html` checked` : ''} />
      <span>
        <label for="contact-terms">${labels.terms}</label>
        <a href="${brandPath(locale, 'policy')}" target="_blank" rel="noopener">(${labels.policy})</a>
      </span>
      ${error('terms')}
    </div>
    <button type="submit" class="button" ${sent ? html` disabled` : ''}>${sent ? labels.sent : labels.send}</button>
    <div class="form-status" role="status" aria-live="polite">${status}</div>
  </form>`;
}
