import { Hono, type MiddlewareHandler } from 'hono';
import { notFound, unauthorized } from '#server/errors.ts';
import { generateSpecs } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { securitySchemes } from '../openapi-common.ts';
import { renderReference, type OpenApiDocument } from './reference.ts';

const validationResponse = {
  description:
    'validation: the request did not match its schema; details name the failing rule per field: a spec rule ' +
    '(notEmpty, isValidEmail, isFloat, isInt, isPositiveNumber, isTrue) or tooLong, outOfRange, invalid',
  content: {
    'application/json': {
      schema: {
        type: 'object' as const,
        properties: {
          error: { type: 'string' as const, enum: ['validation'] },
          details: { type: 'object' as const, additionalProperties: { type: 'string' as const } },
          requestId: { type: 'string' as const },
        },
        required: ['error'],
      },
    },
  },
};

/**
 * /api/openapi.json and /api/docs. The document is generated from the routes themselves (their
 * arktype validators and describeRoute notes), so it cannot drift from what the API accepts;
 * `api` is a getter because the docs are mounted on the very router they describe.
 */
export function createDocsRoutes(api: () => Hono<AppEnv>) {
  let cached: Promise<OpenApiDocument> | undefined;
  const documentOf = (): Promise<OpenApiDocument> =>
    (cached ??= generateSpecs(new Hono<AppEnv>().route('/api', api()), {
      documentation: {
        info: {
          title: 'Marketplace API',
          version: '1.0.0',
          description:
            'The shop API: catalogue, basket, contact, orders and payments. Every failure is JSON { "error": "<key>", "requestId": "<id>" } with the ' +
            "spec's error keys; money is integer minor units (grosze, kopiyky, cents). State-changing calls need a same-origin " +
            'request (CSRF); the session and basket live in httpOnly cookies.',
          // The API is part of the shop, not a product of its own: no licence is granted for it.
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        // Relative: the document describes the shop host it is read from (the API answers on no other host).
        servers: [{ url: '/', description: 'The shop host serving this document' }],
        components: { securitySchemes },
        tags: [
          { name: 'catalogue', description: 'Public, cacheable (ETag, 304) reads' },
          { name: 'basket', description: 'The server-side basket named by the basket cookie' },
          { name: 'contact', description: 'Messages to a brand' },
          { name: 'auth', description: 'Login, logout and the current user (session cookie)' },
          { name: 'account', description: 'My account: data, password, e-mail, addresses, deletion (logged in)' },
          { name: 'bot', description: 'The bot channel: catalogue and orders with an API key (Authorization: Bearer)' },
          { name: 'admin', description: 'The admin area (role admin; session cookie)' },
        ],
      },
      defaultValidationErrorResponse: validationResponse,
    }).catch((error: unknown) => {
      cached = undefined;
      throw error;
    }) as Promise<OpenApiDocument>);

  // API_DOCS: a production API describes itself to its admins (who hand it to a bot's developers), not to everyone.
  const readable: MiddlewareHandler<AppEnv> = async (c, next) => {
    // The router alone, without the app around it (npm run lint:openapi reads the document offline): public.
    const setting = (c.var.deps as AppEnv['Variables']['deps'] | undefined)?.env.apiDocs ?? 'public';
    if (setting === 'off') throw notFound();
    if (setting === 'admin' && c.var.user?.role !== 'admin') throw unauthorized();
    return next();
  };
  return new Hono<AppEnv>()
    .get('/openapi.json', readable, async (c) => c.json(await documentOf()))
    .get('/docs', readable, async (c) => c.html(renderReference(await documentOf())));
}
