import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedEncoding } from './http-caching.ts';
import { matchPath, type Screen } from './domain/localized-routes.ts';
import type { CatalogueReader } from './services/catalogue/reader.ts';
import type { OrderReader } from './services/orders/reader.ts';

/**
 * The shop screens rendered per request: the catalogue, which admins change at run time (decision 018), and an
 * order's status page, which shows one order to whoever holds its link (decision 019).
 */
export const SERVER_RENDERED_SCREENS: readonly Screen[] = ['restaurant', 'city', 'location', 'concept', 'status'];

/** Pages about one customer's order: never kept by a browser's or a proxy's cache. */
const PRIVATE_SCREENS: readonly Screen[] = ['status'];

/** What the pages read the database through (typed for them in sites/env.d.ts as App.Locals). */
export type PageLocals = { catalogue: CatalogueReader; orders: OrderReader };

type Entry = {
  render: (request: Request, screen: string, locals: PageLocals) => Promise<Response>;
};

/**
 * Renders a catalogue page from Astro's server bundle (dist/server/entry.mjs, sites/ssr/entry.ts). Answers null for
 * a path that is no server-rendered screen, and for one whose page says there is no such thing (its 404), so the
 * caller answers with the host's 404 page. The bundle is imported on the first such request: a process that never
 * serves one (tests of the API) never loads it.
 */
export function serverRenderedPages(distDir: string, locals: PageLocals) {
  const entryFile = path.join(path.resolve(distDir), 'server', 'entry.mjs');
  let entry: Promise<Entry> | null = null;
  return async (request: Request): Promise<Response | null> => {
    const match = matchPath(new URL(request.url));
    if (!match || !SERVER_RENDERED_SCREENS.includes(match.screen)) return null;
    if (!entry) {
      if (!existsSync(entryFile)) return null;
      entry = import(pathToFileURL(entryFile).href) as Promise<Entry>;
    }
    const response = await (await entry).render(request, match.screen, locals);
    if (response.status === 404) return null;
    const headers = new Headers(response.headers);
    headers.set('content-type', 'text/html; charset=utf-8');
    // The catalogue API's own freshness: the open-now badge may be a minute old, as its JSON may. An order's page
    // is one customer's and changes by the minute.
    headers.set('cache-control', PRIVATE_SCREENS.includes(match.screen) ? 'private, no-store' : 'public, max-age=60');
    headers.set('vary', 'Accept-Encoding');
    const html = Buffer.from(await response.arrayBuffer());
    const encoding = acceptedEncoding(request.headers.get('accept-encoding'));
    if (request.method === 'HEAD') return new Response(null, { status: response.status, headers });
    if (!encoding) return new Response(new Uint8Array(html), { status: response.status, headers });
    headers.set('content-encoding', encoding);
    return new Response(new Uint8Array(await compress[encoding](html)), { status: response.status, headers });
  };
}

// A menu page is some 50 KB of HTML that compresses to a tenth; quality 5 keeps Brotli's time per page small.
const compress = {
  br: (data: Buffer) =>
    promisify(brotliCompress)(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data: Buffer) => promisify(gzip)(data, { level: 6 }),
};
