import { createHash } from 'node:crypto';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { acceptedEncoding, etagMatches } from '#server/http-caching.ts';
import { answerHeaders, type Header } from '#server/response-headers.ts';

/** What c.json(body, 200) is typed as, so the typed client (hc) sees the same answer. */
type JsonAnswer<T> = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;

/**
 * Catalogue answers are public and the same for everyone: a strong ETag of the exact body lets
 * browsers and CDNs revalidate cheaply. Because the body carries each restaurant's open/closed
 * state, the tag changes when the state does, so a cached "closed" never outlives the opening.
 */
export function cachedJson<T>(c: Context, body: T) {
  const text = JSON.stringify(body);
  return cachedJsonText<T>(c, text, createHash('sha256').update(text).digest('base64url'));
}

/**
 * `head` with one more, last key whose JSON was made (and digested) beforehand: a large part that changes
 * rarely (a menu) is neither serialised nor hashed per request. The ETag digests the head and the part's
 * digest, so it changes whenever any byte of the body does.
 */
export function cachedJsonWithPart<H extends object, K extends string, P>(
  c: Context,
  head: H,
  key: K,
  part: { json: Uint8Array; digest: string; value: P },
) {
  const headJson = JSON.stringify(head);
  // Concurrent readers of one restaurant mostly get the same head (the state changes on whole seconds only):
  // the last answer made with this part is reused while its head is unchanged.
  let answer = lastAnswers.get(part.json);
  if (answer?.headJson !== headJson) {
    const opening = `${headJson.length > 2 ? `${headJson.slice(0, -1)},` : '{'}${JSON.stringify(key)}:`;
    const start = Buffer.from(opening);
    const body = new Uint8Array(start.length + part.json.length + 1);
    body.set(start);
    body.set(part.json, start.length);
    body[body.length - 1] = CLOSING_BRACE;
    const digest = createHash('sha256').update(headJson).update(part.digest).digest('base64url');
    answer = { headJson, body, digest, brotli: null };
    lastAnswers.set(part.json, answer);
  }
  // A menu is some 10 kB of JSON and a fifth of that compressed; compressed once per answer, not per request.
  if (acceptedEncoding(c.req.header('accept-encoding') ?? null) === 'br') {
    answer.brotli ??= new Uint8Array(
      brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
    );
    return cachedJsonText<H & Record<K, P>>(c, answer.brotli, answer.digest, BROTLI);
  }
  return cachedJsonText<H & Record<K, P>>(c, answer.body, answer.digest, IDENTITY);
}

type Answer = {
  headJson: string;
  body: Uint8Array<ArrayBuffer>;
  digest: string;
  brotli: Uint8Array<ArrayBuffer> | null;
};
const lastAnswers = new WeakMap<Uint8Array, Answer>();
const CLOSING_BRACE = '}'.charCodeAt(0);

/** An encoding of a body: what tells its ETag apart from the other encodings', and the headers that say it. */
type Encoding = { tag: string; headers: Header[] };
const PLAIN: Encoding = { tag: '', headers: [] };
// The answer depends on Accept-Encoding: a cache must keep the encodings apart.
const IDENTITY: Encoding = { tag: '', headers: [['Vary', 'Accept-Encoding']] };
const BROTLI: Encoding = {
  tag: '-br',
  headers: [
    ['Vary', 'Accept-Encoding'],
    ['Content-Encoding', 'br'],
  ],
};

function cachedJsonText<T>(c: Context, text: string | Uint8Array<ArrayBuffer>, digest: string, encoding = PLAIN) {
  const etag = `"${digest.slice(0, 27)}${encoding.tag}"`;
  answerHeaders(c, [...encoding.headers, ['ETag', etag], ['Cache-Control', 'public, max-age=60']]);
  if (etagMatches(c.req.header('if-none-match') ?? null, etag)) {
    return c.body(null, 304);
  }
  return c.body(text, 200, { 'Content-Type': 'application/json' }) as unknown as JsonAnswer<T>;
}
