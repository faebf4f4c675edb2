import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';

export type Header = readonly [name: string, value: string];

/** Node's response for the request, when Node serves it (`app.request` in tests has none). */
const outgoingOf = (c: Context) => (c.env as Partial<HttpBindings> | undefined)?.outgoing;

/**
 * The headers Hono's `secureHeaders()` sends by default, with the two this application chooses: the opener policy
 * (Google Pay's sheet opens as a pop-up and answers the page that opened it) and Strict-Transport-Security (only in
 * production, where the shop is served over HTTPS).
 */
export function securityHeaders(options: {
  crossOriginOpenerPolicy: 'same-origin' | 'same-origin-allow-popups';
  strictTransportSecurity: string | false;
}): Header[] {
  return [
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Cross-Origin-Opener-Policy', options.crossOriginOpenerPolicy],
    ['Origin-Agent-Cluster', '?1'],
    // No page of ours uses the camera, the microphone, the location or USB; payments run in our pages and in
    // Google Pay's frame.
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://pay.google.com")'],
    ['Referrer-Policy', 'no-referrer'],
    ...(options.strictTransportSecurity
      ? [['Strict-Transport-Security', options.strictTransportSecurity] as const]
      : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
}

/**
 * Headers every answer carries unless its handler sets the same header itself (a cacheable catalogue answer its own
 * Cache-Control, say); `headersFor` picks the list for a request, before the handler runs.
 *
 * Served by Node, they are set on the outgoing message before the handler runs and Node merges the handler's own
 * headers over them when it writes the head. Setting them on the finished Response instead made @hono/node-server
 * turn the answer's plain header record into a WHATWG `Headers` and back, and validate each header twice: with the
 * security headers and the CSP that was half of what the middleware cost a trivial route (decision 035). Without
 * Node (`app.request` in tests) the Response gets them after the handler, with the same precedence.
 */
export const defaultHeaders =
  (headersFor: (c: Context) => readonly Header[]): MiddlewareHandler =>
  async (c, next) => {
    const headers = headersFor(c);
    const outgoing = outgoingOf(c);
    if (outgoing) {
      for (const [name, value] of headers) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };

/**
 * Headers of the answer a handler is about to return (ETag, Cache-Control, …), set as defaultHeaders sets its own:
 * served by Node, on the outgoing message, so that the answer itself carries at most its Content-Type and
 * @hono/node-server writes it without building a WHATWG `Headers` (Hono makes one for two headers or more); in
 * process, with `c.header`. Only for headers the handler's every answer, success or not, may carry.
 */
export function answerHeaders(c: Context, headers: readonly Header[]): void {
  const outgoing = outgoingOf(c);
  for (const [name, value] of headers) {
    if (outgoing) outgoing.setHeader(name, value);
    else c.header(name, value);
  }
}
