import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedEncoding } from './http-caching.ts';
import { matchPath, type Screen } from './domain/localized-routes.ts';
import type { AdminMatch } from './domain/admin-routes.ts';
import type { CatalogueReader } from './services/catalogue/reader.ts';
import type { OrderReader } from './services/orders/reader.ts';
import type { SessionUser } from './context.ts';
import type { StaffScope } from './domain/staff-access.ts';

/**
 * The shop screens rendered per request: the catalogue, which admins change at run time (decision 018), and an
 * order's status page, which shows one order to whoever holds its link (decision 023).
 */
const SERVER_RENDERED_SCREENS: readonly Screen[] = ['restaurant', 'city', 'location', 'concept', 'status'];

/** Pages about one customer's order: never kept by a browser's or a proxy's cache. */
const PRIVATE_SCREENS: readonly Screen[] = ['status'];

/** What the pages read the database through (typed for them in sites/env.d.ts as App.Locals). */
export type PageReaders = { catalogue: CatalogueReader; orders: OrderReader };

/**
 * What an admin page is handed: its screen (already matched and allowed), the signed-in staff member and what they
 * may act on (domain/staff-access.ts).
 */
export type AdminLocals = {
  match: AdminMatch;
  user: SessionUser;
  scope: StaffScope;
  /** The kitchens chooser's list (screen 'kitchens' only): the account's kitchens, every one for the admin. */
  kitchens?: Extract<StaffScope, { kind: 'kitchens' }>['kitchens'];
};

type Locals = PageReaders & { admin?: AdminLocals };
type Entry = { render: (request: Request, screen: string, locals: Locals) => Promise<Response> };

export type ServerRenderedPages = {
  /**
   * A catalogue page or an order's status page, or null when the path is none or its page says there is no such
   * thing (the host's 404).
   */
  catalogue: (request: Request) => Promise<Response | null>;
  /** An admin screen for a user the server has let in (decision 019); null when its page answers 404. */
  admin: (request: Request, admin: AdminLocals) => Promise<Response | null>;
};

/**
 * Renders pages from Astro's server bundle (dist/server/entry.mjs, sites/ssr/entry.ts). The bundle is imported on the
 * first such request: a process that never serves one (tests of the API) never loads it.
 */
export function serverRenderedPages(distDir: string, readers: PageReaders): ServerRenderedPages {
  const entryFile = path.join(path.resolve(distDir), 'server', 'entry.mjs');
  let entry: Promise<Entry> | null = null;
  const loadEntry = (): Promise<Entry> | null => {
    if (!entry && existsSync(entryFile)) entry = import(pathToFileURL(entryFile).href) as Promise<Entry>;
    return entry;
  };
  return {
    async catalogue(request) {
      const match = matchPath(new URL(request.url));
      if (!match || !SERVER_RENDERED_SCREENS.includes(match.screen)) return null;
      const loaded = loadEntry();
      if (!loaded) return null;
      const response = await (await loaded).render(request, match.screen, readers);
      // The catalogue API's own freshness: the open-now badge may be a minute old, as its JSON may. An order's page
      // is one customer's and changes by the minute.
      const cacheControl = PRIVATE_SCREENS.includes(match.screen) ? 'private, no-store' : 'public, max-age=60';
      return response.status === 404 ? null : finish(request, response, cacheControl);
    },
    async admin(request, admin) {
      const loaded = loadEntry();
      if (!loaded) return null;
      const response = await (await loaded).render(request, `admin-${admin.match.screen}`, { ...readers, admin });
      // Staff pages show personal data: never kept by a browser's or a proxy's cache.
      return response.status === 404 ? null : finish(request, response, 'private, no-store');
    },
  };
}

async function finish(request: Request, response: Response, cacheControl: string): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('cache-control', cacheControl);
  headers.set('vary', 'Accept-Encoding');
  const html = Buffer.from(await response.arrayBuffer());
  const encoding = acceptedEncoding(request.headers.get('accept-encoding'));
  if (request.method === 'HEAD') return new Response(null, { status: response.status, headers });
  if (!encoding) return new Response(new Uint8Array(html), { status: response.status, headers });
  headers.set('content-encoding', encoding);
  return new Response(new Uint8Array(await compress[encoding](html)), { status: response.status, headers });
}

// A menu page is some 50 KB of HTML that compresses to a tenth; quality 5 keeps Brotli's time per page small.
const compress = {
  br: (data: Buffer) =>
    promisify(brotliCompress)(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data: Buffer) => promisify(gzip)(data, { level: 6 }),
};
