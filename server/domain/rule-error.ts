import type { ErrorKey } from './error-catalogue.ts';

/**
 * A broken business rule. `key` is what the client translates; `message` is for logs and developers.
 * The HTTP status comes from the error catalogue at the edge; the domain knows no HTTP.
 * (Written without parameter properties because Node runs this file with type stripping only.)
 */
export class RuleError extends Error {
  readonly key: ErrorKey;
  readonly details: Record<string, unknown> | undefined;

  constructor(key: ErrorKey, message?: string, details?: Record<string, unknown>) {
    super(message ?? key);
    this.name = 'RuleError';
    this.key = key;
    this.details = details;
  }
}
