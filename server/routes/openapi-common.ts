import { type } from 'arktype';
import { resolver } from 'hono-openapi';
import { ERROR_KEYS } from '#server/domain/error-catalogue.ts';

/**
 * Every failure of the API: a key of the error catalogue (server/domain/error-catalogue.ts), and for form
 * errors the failing rule per field.
 */
export const errorBody = type({ error: type.enumerated(...ERROR_KEYS), 'details?': 'Record<string, unknown>' });

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(errorBody) } },
});

export const jsonResponse = (description: string) => ({ description, content: { 'application/json': {} } });
