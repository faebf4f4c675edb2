import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one error type of the API. `key` is the spec's error key (section 8) that the UI translates;
 * the client always receives `{ "error": key }` with `status`.
 */
export class AppError extends Error {
  readonly key: string;
  readonly status: ContentfulStatusCode;
  readonly details: Record<string, unknown> | undefined;
  constructor(key: string, status: ContentfulStatusCode = 400, details?: Record<string, unknown>) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.status = status;
    this.details = details;
  }
}

export const notFound = (what = 'notFound') => new AppError(what, 404);
export const unauthorized = () => new AppError('Unauthorized', 401);
export const forbidden = () => new AppError('Forbidden', 403);
