import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors.ts';
import { MAX_IMAGE_BYTES } from '#domain/media.ts';

/** What any of our forms or API calls sends is far below this. */
export const MAX_BODY_BYTES = 64 * 1024;

const counted = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new AppError('payloadTooLarge');
  },
});

/**
 * Refuses a body over MAX_BODY_BYTES with payloadTooLarge before the handler reads it. A body that says its length
 * (what browsers and our own clients send) is judged by its Content-Length header, as Hono's `bodyLimit` judges it;
 * a chunked one goes through `bodyLimit`, which counts it as it streams in. Hono's middleware asks the request for its
 * body stream first, even when the header decides: served by @hono/node-server, that builds a whole WHATWG Request
 * around Node's message, and the handler's `c.req.json()` then reads the body through web streams instead of straight
 * from Node: a tenth of the server's CPU on a basket write (decision 037).
 */
export const limitBody: MiddlewareHandler = (c, next) => {
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
  // Node's parser refuses a Content-Length that is not a number; in process, one is refused here, never let through.
  const bytes = Number(length);
  return Number.isSafeInteger(bytes) && bytes <= MAX_BODY_BYTES
    ? next()
    : Promise.reject(new AppError('payloadTooLarge'));
};

/** The routes whose body is a photo's bytes (decision 062): they take up to MAX_IMAGE_BYTES. */
export const isUploadPath = (urlPath: string): boolean =>
  /^\/api\/admin\/menu\/restaurants\/[^/]+\/photo$/.test(urlPath);

const countedUpload = bodyLimit({
  maxSize: MAX_IMAGE_BYTES,
  onError: () => {
    throw new AppError('imageTooLarge');
  },
});

/** limitBody for an upload route: a photo over MAX_IMAGE_BYTES is refused with its own key before it is read. */
export const limitUpload: MiddlewareHandler = (c, next) => {
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return countedUpload(c, next);
  const bytes = Number(length);
  return Number.isSafeInteger(bytes) && bytes <= MAX_IMAGE_BYTES
    ? next()
    : Promise.reject(new AppError('imageTooLarge'));
};
