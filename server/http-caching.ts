// Content negotiation and revalidation shared by the static files and the cached catalogue answers.

export type Encoding = 'br' | 'gzip';

/** The client's preferred encoding we offer: Brotli, then gzip (`q=0` refuses one). */
export function acceptedEncoding(header: string | null): Encoding | null {
  if (!header) return null;
  const offered = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => offered.get(name) ?? offered.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
}

/** If-None-Match names this ETag (weak or strong) or `*`. */
export const etagMatches = (ifNoneMatch: string | null, etag: string): boolean =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);
