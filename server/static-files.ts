import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Finds the file a URL path names inside `root` (Astro's build output): the file itself, `<path>/index.html`
 * or `<path>.html`. Never leaves `root`.
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = path.resolve(root);
  const target = path.resolve(base, `.${path.posix.normalize(decoded)}`);
  if (target !== base && !target.startsWith(base + path.sep)) return null;
  for (const candidate of [target, path.join(target, 'index.html'), `${target}.html`]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
  }
  return null;
}

export function fileResponse(file: string, status = 200, method = 'GET'): Response {
  const type = types[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  // Astro fingerprints everything under /_astro/, so it may be cached forever; pages must be revalidated.
  const cache = file.includes(`${path.sep}_astro${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
  const headers = { 'content-type': type, 'cache-control': cache };
  if (method === 'HEAD') return new Response(null, { status, headers });
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { status, headers });
}
