import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Error, folderStorage, s3Storage, type MediaStorage } from './storage.ts';

const KEY_ID = 'AKIDEXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const REGION = 'eu-central-1';
const BUCKET = 'menu-photos';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * AWS Signature V4 checked as the S3 documentation spells it, written here independently of aws4fetch: the canonical
 * request from the method, the path, the query, the signed headers and the payload's hash; the string to sign with
 * the credential's scope; the key derived from the secret by date, region and service. Answers the S3 error code.
 */
function verify(request: IncomingMessage, body: Buffer): string | null {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    );
  if (!auth) return 'AccessDenied';
  const [, keyId, date, region, signedHeaders, signature] = auth;
  if (keyId !== KEY_ID) return 'InvalidAccessKeyId';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date!) || region !== REGION) return 'SignatureDoesNotMatch';
  const payload = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payload !== 'UNSIGNED-PAYLOAD' && payload !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const url = new URL(request.url!, 'http://stand-in');
  const query = [...url.searchParams].sort().map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
  const headers = names.map(
    (name) =>
      `${name}:${String(request.headers[name] ?? '')
        .trim()
        .replace(/\s+/g, ' ')}\n`,
  );
  const canonical = [request.method, url.pathname, query.join('&'), headers.join(''), signedHeaders, payload].join(
    '\n',
  );
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date!), region!), 's3'), 'aws4_request');
  const expected = hmac(key, toSign);
  return timingSafeEqual(expected, Buffer.from(signature!, 'hex')) ? null : 'SignatureDoesNotMatch';
}

const xmlError = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message><RequestId>1</RequestId></Error>`;

/** A stand-in for an S3 service: one bucket, path-style keys, PUT/GET/HEAD/DELETE, every request's signature checked. */
function standIn() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push(`${request.method} ${request.url}`);
      const fail = (status: number, code: string) => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(request.method === 'HEAD' ? undefined : xmlError(code));
      };
      const problem = verify(request, body);
      if (problem) return fail(403, problem);
      const [, bucket, ...rest] = new URL(request.url!, 'http://stand-in').pathname.split('/');
      if (bucket !== BUCKET) return fail(404, 'NoSuchBucket');
      const key = decodeURIComponent(rest.join('/'));
      const object = objects.get(key);
      switch (request.method) {
        case 'PUT':
          objects.set(key, { body, type: String(request.headers['content-type']) });
          response.writeHead(200, { etag: `"${sha256(body)}"` }).end();
          return;
        case 'GET':
        case 'HEAD':
          if (!object) return fail(404, 'NoSuchKey');
          response.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length });
          response.end(request.method === 'GET' ? object.body : undefined);
          return;
        case 'DELETE':
          objects.delete(key);
          response.writeHead(204).end();
          return;
        default:
          return fail(405, 'MethodNotAllowed');
      }
    });
  });
  return { server, objects, seen };
}

describe('the S3 adapter against a stand-in speaking the protocol', () => {
  const service = standIn();
  let endpoint = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    const address = service.server.address() as { port: number };
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (service.server as Server).close(() => resolve())));
  const bucket = (secretAccessKey = SECRET, name = BUCKET): MediaStorage =>
    s3Storage({ endpoint, bucket: name, region: REGION, accessKeyId: KEY_ID, secretAccessKey });

  it('puts, reads back, checks and deletes an object, each request signed', async () => {
    const storage = bucket();
    const bytes = new Uint8Array([1, 2, 3, 250, 251]);
    await storage.put('dish/0123456789abcdef01234567-128.webp', bytes, 'image/webp');
    expect(service.objects.get('dish/0123456789abcdef01234567-128.webp')?.type).toBe('image/webp');
    expect(await storage.has('dish/0123456789abcdef01234567-128.webp')).toBe(true);
    expect([...(await storage.get('dish/0123456789abcdef01234567-128.webp'))!]).toEqual([...bytes]);
    await storage.delete('dish/0123456789abcdef01234567-128.webp');
    expect(await storage.has('dish/0123456789abcdef01234567-128.webp')).toBe(false);
    expect(await storage.get('dish/0123456789abcdef01234567-128.webp')).toBeNull();
    expect(service.seen).toContain(`PUT /${BUCKET}/dish/0123456789abcdef01234567-128.webp`);
  });

  it('answers the service’s own error code when it refuses: a wrong secret, a missing bucket', async () => {
    await expect(bucket('not-the-secret').put('dish/a-128.webp', new Uint8Array([1]), 'image/webp')).rejects.toEqual(
      new S3Error(403, 'SignatureDoesNotMatch'),
    );
    await expect(bucket(SECRET, 'other-bucket').get('dish/a-128.webp')).rejects.toMatchObject({
      status: 404,
      code: 'NoSuchBucket',
    });
    await expect(bucket('not-the-secret').has('dish/a-128.webp')).rejects.toBeInstanceOf(S3Error);
    await expect(bucket('not-the-secret').delete('dish/a-128.webp')).rejects.toMatchObject({ status: 403 });
  });

  it('refuses a key that is not one of ours before anything is sent', async () => {
    await expect(bucket().get('../other-bucket/secret')).rejects.toThrow('not a storage key');
  });
});

describe('the folder adapter', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'media-folder-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes, reads, checks and deletes, and never leaves its folder', async () => {
    const storage = folderStorage(root);
    await storage.put('dish/abc-128.avif', new Uint8Array([9, 8, 7]), 'image/avif');
    expect([...(await storage.get('dish/abc-128.avif'))!]).toEqual([9, 8, 7]);
    expect(await storage.has('dish/abc-128.avif')).toBe(true);
    await storage.delete('dish/abc-128.avif');
    expect(await storage.get('dish/abc-128.avif')).toBeNull();
    expect(await storage.has('dish/abc-128.avif')).toBe(false);
    await expect(storage.get('dish/../../etc/passwd')).rejects.toThrow('not a storage key');
  });
});
