import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { htmlLang, pathFor } from '#domain/localized-routes.ts';
import type { Locale } from '#domain/locales.ts';
import { messageLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';

/**
 * The few pages the data-rights links answer with on the server (decision 052): the marketing withdrawal's question
 * and its answer, and the data request's answer when its form was sent before its island had loaded. Plain HTML in
 * the link's language, no script, readable on a phone.
 */
export function rightsPage(lang: Locale, title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  const t = { locale: messageLocale(lang) };
  return html`<!doctype html>
    <html lang="${htmlLang(lang)}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            color: #1a1a1a;
            background: #f6f5f2;
            margin: 0;
            padding: 1.5rem 1rem;
            line-height: 1.5;
          }
          main {
            background: #fff;
            max-width: 34rem;
            margin: 2rem auto;
            padding: 1.5rem;
            border-radius: 12px;
            box-shadow: 0 2px 12px #0001;
          }
          h1 {
            font-size: 1.4rem;
            margin: 0 0 1rem;
          }
          button {
            font: inherit;
            padding: 0.7rem 1.2rem;
            min-height: 44px;
            border: 0;
            border-radius: 8px;
            background: #1a1a1a;
            color: #fff;
            cursor: pointer;
          }
          button:focus-visible,
          a:focus-visible {
            outline: 3px solid #2563eb;
            outline-offset: 2px;
          }
          a {
            color: #1d4ed8;
          }
        </style>
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${body}
          <p><a href="${pathFor('home', lang)}">${m.rights_shop_home({}, t)}</a></p>
        </main>
      </body>
    </html>`;
}
