import { type } from 'arktype';
import { resolver } from 'hono-openapi';

/** Every failure of the API: the spec's error key (section 8), and for form errors the failing rule per field. */
export const errorBody = type({ error: 'string', 'details?': 'Record<string, unknown>' });

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(errorBody) } },
});

export const jsonResponse = (description: string) => ({ description, content: { 'application/json': {} } });
