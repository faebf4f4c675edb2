import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * Catalogue answers are public and the same for everyone: a strong ETag of the exact body lets
 * browsers and CDNs revalidate cheaply. Because the body carries each restaurant's open/closed
 * state, the tag changes when the state does, so a cached "closed" never outlives the opening.
 */
export function cachedJson<T>(c: Context, body: T) {
  const text = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'public, max-age=60');
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
    return c.body(null, 304);
  }
  return c.json(body, 200);
}
