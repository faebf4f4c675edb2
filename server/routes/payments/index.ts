import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/app.ts';
import { handlePaymentNotification } from '#server/services/payments/handle-notification.ts';
import { paymentProvider } from '#server/services/payments/provider.ts';
import { AppError } from '#server/errors.ts';
import { errorResponse, jsonResponse, security } from '../openapi-common.ts';

export const paymentsRoutes = new Hono<AppEnv>().post(
  '/notify',
  describeRoute({
    tags: ['payments'],
    summary: 'The payment provider’s webhook',
    security: security.paymentProvider,
    description:
      'Posted by the payment provider’s servers, JSON or form-encoded, and exempt from the CSRF check: the body is signed with HMAC-SHA256 (hex) in X-Signature, which is its authentication. A bad signature changes nothing (401); a notification id seen before changes nothing (200, duplicate: true).',
    responses: {
      200: jsonResponse('{ ok: true, duplicate }'),
      400: errorResponse('validation: not a notification'),
      401: errorResponse('invalidSignature'),
    },
  }),
  async (c) => {
    const deps = c.var.deps;
    const provider = paymentProvider(deps.env);
    // The signature covers the exact bytes sent, so the body is read raw before any parsing.
    const raw = await c.req.text();
    if (!provider.verifyNotification(raw, c.req.header('x-signature'))) throw new AppError('invalidSignature');
    const notification = provider.parseNotification(raw, c.req.header('content-type'));
    if (!notification) throw new AppError('validation');
    const result = await handlePaymentNotification(deps, provider.name, notification);
    if (!result.duplicate && !result.applied && result.reason !== 'alreadySettled') {
      // Signed by the provider yet not applicable: worth a look by staff, not a retry by the provider.
      console.warn(`payment notification ${notification.id} not applied: ${result.reason}`);
    }
    return c.json({ ok: true, duplicate: result.duplicate }, 200);
  },
);
