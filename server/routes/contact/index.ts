import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { rateLimit } from '#server/middleware/rate-limit.ts';
import { sendContactMessage } from '#server/services/contact/send.ts';
import { errorResponse, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';

// Only sizes and types here: the contact rules themselves (notEmpty, isValidEmail, isTrue) run in the
// service, so the answer names the failing rule per field, as the contact island translates it.
export const contactBody = type({
  'name?': 'string <= 200',
  'email?': 'string <= 254',
  'message?': 'string <= 5000',
  'terms?': 'boolean',
  'concept?': 'string <= 100',
});

export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  describeRoute({
    tags: ['contact'],
    summary:
      "Send a message to a brand (or, with concept 'shop', to the marketplace): stored and e-mailed to its contact address",
    security: security.public,
    responses: {
      200: { description: 'The text OK', content: { 'text/plain': { schema: { type: 'string', enum: ['OK'] } } } },
      400: errorResponse(
        "validation, details: { <field>: 'notEmpty' | 'isValidEmail' | 'isTrue', concept: 'notEmpty' | 'unknown' }",
      ),
      429: errorResponse('tooManyRequests'),
    },
  }),
  rateLimit({ name: 'contact', limit: 5, windowSeconds: 10 * 60 }),
  validate('json', contactBody),
  async (c) => {
    await sendContactMessage(c.var.deps, c.req.valid('json'));
    return c.text('OK', 200);
  },
);
