import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { MediaStorage, S3Settings } from '#server/context.ts';

export type { MediaStorage, S3Settings };

// Keys are ours (media.ts builds them), but a folder adapter still refuses any that could leave its folder.
const SAFE_KEY = /^[a-z]+\/[a-z0-9.-]+$/;
function checked(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`media: not a storage key: ${key}`);
  return key;
}

/** The default: files under a folder (DATA_DIR/media), written to a temporary name and renamed, so never half. */
export function folderStorage(root: string): MediaStorage {
  const file = (key: string) => path.join(root, checked(key));
  return {
    async get(key) {
      return readFile(file(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async has(key) {
      return (await stat(file(key)).catch(() => null))?.isFile() ?? false;
    },
    async put(key, bytes) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

/** An S3 answer that is neither success nor 404, with the service's own error code (`<Code>` of its XML). */
export class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string) {
    super(`S3 answered ${status} ${code}`);
    this.status = status;
    this.code = code;
  }
}

async function failure(response: Response): Promise<S3Error> {
  const body = await response.text().catch(() => '');
  return new S3Error(response.status, /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? 'Unknown');
}

/**
 * An S3-compatible bucket, path-style (`<endpoint>/<bucket>/<key>`, what MinIO, R2 and AWS all take), every request
 * signed with AWS Signature V4 by aws4fetch (a small kept library on fetch and Web Crypto; the AWS SDK would bring
 * megabytes for four verbs).
 */
export function s3Storage(settings: S3Settings, fetchImpl: typeof fetch = fetch): MediaStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
    retries: 2,
  });
  const base = settings.endpoint.replace(/\/+$/, '');
  const url = (key: string) => `${base}/${encodeURIComponent(settings.bucket)}/${checked(key)}`;
  const send = async (key: string, init: RequestInit) =>
    fetchImpl(await client.sign(url(key), { ...init, aws: { signQuery: false } }));
  return {
    async get(key) {
      const response = await send(key, { method: 'GET' });
      if (!response.ok) {
        const error = await failure(response);
        // A missing key is an answer; a missing bucket (or any other 404) is a setting to fix.
        if (error.status === 404 && error.code === 'NoSuchKey') return null;
        throw error;
      }
      return new Uint8Array(await response.arrayBuffer());
    },
    async has(key) {
      const response = await send(key, { method: 'HEAD' });
      if (response.status === 404) return false;
      if (!response.ok) throw new S3Error(response.status, 'HeadFailed');
      return true;
    },
    async put(key, bytes, contentType) {
      const response = await send(key, {
        method: 'PUT',
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' },
      });
      if (!response.ok) throw await failure(response);
    },
    async delete(key) {
      const response = await send(key, { method: 'DELETE' });
      // S3 answers 204 for a key that was never there too.
      if (!response.ok && response.status !== 404) throw await failure(response);
    },
  };
}

/** The storage the settings name: the bucket when MEDIA_STORAGE=s3, otherwise DATA_DIR/media. */
export function mediaStorageFor(env: { dataDir: string; mediaS3?: S3Settings | null }): MediaStorage {
  return env.mediaS3 ? s3Storage(env.mediaS3) : folderStorage(path.join(env.dataDir, 'media'));
}
