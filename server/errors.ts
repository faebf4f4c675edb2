import { type ErrorKey, type FieldRule, errorStatus } from './domain/errors.ts';

/**
 * The one error type of the API. `key` comes from the error catalogue (server/domain/error-catalogue.ts),
 * which also gives its HTTP status; the client always receives `{ "error": key }` (and `details` when set)
 * with that status. Middleware throws it too rather than answering by hand, so every answer goes through
 * one onError.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: ReturnType<typeof errorStatus>;
  readonly details: Record<string, unknown> | undefined;
  constructor(key: ErrorKey, details?: Record<string, unknown>) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.status = errorStatus(key);
    this.details = details;
  }
}

/** 400 validation naming the failing rule per field (`{ email: 'isValidEmail' }`). */
export const validationError = (details: Partial<Record<string, FieldRule>>) => new AppError('validation', details);

export const notFound = () => new AppError('notFound');
export const unauthorized = () => new AppError('Unauthorized');
export const forbidden = () => new AppError('Forbidden');
