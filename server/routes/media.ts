import type { Context } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { parseVariant } from '#domain/media.ts';
import { readVariant } from '#server/services/media/images.ts';

/**
 * GET /media/<kind>/<id>-<width>.<avif|webp>: a stored photo variant (decision 062). A name never changes what it
 * shows (an upload's is its content hash, a drawing's its version and seed), so browsers and proxies keep it a year
 * without asking again, as they keep Astro's fingerprinted /_astro/ files (static-files.ts).
 */
export async function mediaRoute(c: Context<AppEnv>): Promise<Response> {
  const ref = parseVariant(c.req.param('kind') ?? '', c.req.param('file') ?? '');
  const bytes = ref ? await readVariant(c.var.deps.media, ref) : null;
  if (!ref || !bytes) return c.text('Not found', 404, { 'cache-control': 'no-store' });
  const etag = `"${c.req.param('file')}"`;
  const headers = {
    'content-type': `image/${ref.format}`,
    'cache-control': 'public, max-age=31536000, immutable',
    etag,
  };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  const sized = { ...headers, 'content-length': String(bytes.length) };
  return c.req.method === 'HEAD' ? c.body(null, 200, sized) : c.body(bytes as Uint8Array<ArrayBuffer>, 200, sized);
}
