import type { Context } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { drawFood } from '#domain/food-art.ts';
import { parseVariant } from '#domain/media.ts';
import { readVariant } from '#server/services/media/images.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /media/<kind>/<id>-<width>.<avif|webp>: a stored photo variant (decision 062); /media/<kind>/<id>, the address
 * a dish's photo holds, is its 512 px WebP, or a demo drawing's SVG itself (no encoding for a client that writes no
 * srcset: the bot, the API's other users). A name never changes what it shows (an upload's is its content hash, a
 * drawing's its version and seed), so browsers and proxies keep it a year without asking again, as they keep Astro's
 * fingerprinted /_astro/ files (static-files.ts).
 */
export async function mediaRoute(c: Context<AppEnv>): Promise<Response> {
  const file = c.req.param('file') ?? '';
  const ref = parseVariant(c.req.param('kind') ?? '', file);
  const drawing = ref && ref.id === file ? drawFood(ref.id) : null;
  if (drawing) return c.body(drawing, 200, { 'content-type': 'image/svg+xml', 'cache-control': IMMUTABLE });
  const bytes = ref ? await readVariant(c.var.deps.media, ref) : null;
  if (!ref || !bytes) return c.text('Not found', 404, { 'cache-control': 'no-store' });
  const etag = `"${file}"`;
  const headers = { 'content-type': `image/${ref.format}`, 'cache-control': IMMUTABLE, etag };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  const sized = { ...headers, 'content-length': String(bytes.length) };
  return c.req.method === 'HEAD' ? c.body(null, 200, sized) : c.body(bytes as Uint8Array<ArrayBuffer>, 200, sized);
}
