import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedEncoding, etagMatches, type Encoding } from './http-caching.ts';

/** The Content-Type of each extension the build writes; scripts/nginx-config.ts gives nginx the same. */
export const CONTENT_TYPES: Record<string, string> = {
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

/** A file of the build, with what `stat` said of it when it was found. */
export type StaticFile = { path: string; info: Stats };

/**
 * Finds the file a URL path names inside `root` (Astro's build output): the file itself, `<path>/index.html`
 * or `<path>.html`. Never leaves `root`.
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  // No file of the build has a slash in its name: an encoded one (`/_astro/..%2f..%2f`) only ever tries to reach
  // a folder the path does not name, such as another host's.
  if (/%2f|%5c/i.test(urlPath)) return null;
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
    if (info?.isFile()) return { path: candidate, info };
  }
  return null;
}

// Text compresses to a fifth or less; pictures other than SVG are compressed already.
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|manifest\+json)|image\/svg\+xml)/;
const MAX_COMPRESSED_FILE = 8 * 1024 * 1024;
const encoders: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    promisify(brotliCompress)(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

// A build's files do not change while it is served, so each is compressed once per process and version (size and
// modification time), on its first request in that encoding.
const compressed = new Map<string, Promise<Buffer>>();
function compressedFile(file: string, version: string, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding} ${version} ${file}`;
  let entry = compressed.get(key);
  if (!entry) {
    entry = readFile(file).then(encoders[encoding]);
    compressed.set(key, entry);
    entry.catch(() => compressed.delete(key));
  }
  return entry;
}

/**
 * A file of the build as an HTTP answer: compressed with Brotli or gzip when it is text and the client accepts
 * it, with an ETag per file version and encoding (pages are revalidated on every visit, so a 304 saves the page),
 * and 304 when the client has this version already.
 */
export async function fileResponse(
  { path: file, info }: StaticFile,
  status = 200,
  request?: Request,
): Promise<Response> {
  const method = request?.method ?? 'GET';
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  // Astro fingerprints everything under /_astro/, so it may be cached forever; pages must be revalidated.
  const cache = file.includes(`${path.sep}_astro${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
  const version = `${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}`;
  const compressible = COMPRESSIBLE.test(type) && info.size > 1024 && info.size <= MAX_COMPRESSED_FILE;
  const encoding = compressible ? acceptedEncoding(request?.headers.get('accept-encoding') ?? null) : null;
  const etag = `"${version}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': cache,
    etag,
    'last-modified': info.mtime.toUTCString(),
  };
  if (compressible) headers['vary'] = 'Accept-Encoding';
  if (status === 200 && etagMatches(request?.headers.get('if-none-match') ?? null, etag))
    return new Response(null, { status: 304, headers });
  if (encoding) headers['content-encoding'] = encoding;
  if (method === 'HEAD') return new Response(null, { status, headers });
  if (encoding) return new Response(new Uint8Array(await compressedFile(file, version, encoding)), { status, headers });
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, { status, headers });
}
