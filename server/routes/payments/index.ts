import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { isCountry } from '#domain/money.ts';
import { ONLINE_METHODS } from '#domain/country.ts';
import { handlePaymentNotification } from '#server/services/payments/handle-notification.ts';
import { AppError, notFound, validationError } from '#server/errors.ts';
import { errorResponse, jsonResponse, security } from '../openapi-common.ts';
import { log } from '#server/observability/log.ts';

/**
 * A provider's webhook: the signature is checked over the exact bytes sent, so the body is read raw before
 * any parsing. Every notification is recorded for support, whatever its fate.
 */
async function notify(c: Context<AppEnv>, providerName: string) {
  const deps = c.var.deps;
  const provider = deps.payments.byName(providerName);
  if (!provider) throw notFound();
  const raw = await c.req.text();
  const received = provider.receiveNotification(raw, c.req.raw.headers);
  const notification = received.kind === 'notification' ? received.notification : null;
  // The notification travels with its result, so that each is read where the other is known to exist.
  const handled = notification
    ? { notification, result: await handlePaymentNotification(deps, { provider, notification }) }
    : null;
  await deps.payments.record({
    provider: provider.name,
    operation: 'notification',
    paymentId: notification?.paymentId ?? null,
    requestId: notification?.id ?? '-',
    httpStatus: null,
    outcome: handled
      ? handled.result.duplicate
        ? 'duplicate'
        : handled.result.applied
          ? `applied ${handled.notification.status}`
          : handled.result.reason
      : received.kind,
    amount: notification?.amount,
    currency: notification?.currency,
    attempt: 1,
    durationMs: 0,
  });
  if (received.kind === 'invalidSignature') throw new AppError('invalidSignature');
  if (received.kind === 'malformed') throw new AppError('validation');
  if (!handled) return c.json({ ok: true, duplicate: false }, 200);
  const { result } = handled;
  // Not confirmed by the provider yet: an error answer makes it notify again later.
  if (!result.duplicate && !result.applied && result.reason === 'unconfirmed') throw new AppError('paymentUnconfirmed');
  if (!result.duplicate && !result.applied && result.reason !== 'alreadySettled') {
    // Signed by the provider yet not applicable: worth a look by staff, not a retry by the provider.
    log.warn(`payment notification ${handled.notification.id} not applied: ${result.reason}`);
  }
  return c.json({ ok: true, duplicate: result.duplicate }, 200);
}

const notifyResponses = {
  200: jsonResponse('{ ok: true, duplicate }'),
  400: errorResponse('validation: not a notification'),
  401: errorResponse('invalidSignature'),
};

export const paymentsRoutes = new Hono<AppEnv>()
  .post(
    '/notify',
    describeRoute({
      tags: ['payments'],
      summary: 'The sandbox provider’s webhook',
      security: security.paymentProvider,
      description:
        'Posted by the provider’s servers, JSON or form-encoded, and exempt from the CSRF check: the body is signed with HMAC-SHA256 (hex) in X-Signature, which is its authentication. A bad signature changes nothing (401); a notification id seen before changes nothing (200, duplicate: true).',
      responses: notifyResponses,
    }),
    (c) => notify(c, 'sandbox'),
  )
  .post(
    '/notify/:provider{payu|przelewy24}',
    describeRoute({
      tags: ['payments'],
      summary: 'PayU’s and Przelewy24’s webhooks',
      security: security.paymentProvider,
      description:
        'PayU: OpenPayu-Signature (MD5 or SHA-256 of the body and the second key). Przelewy24: the body’s SHA-384 sign, then the transaction is verified with Przelewy24 before it counts as paid (503 while it cannot be). A replay changes nothing.',
      responses: { ...notifyResponses, 404: errorResponse('notFound: provider not configured') },
    }),
    (c) => notify(c, c.req.param('provider')),
  )
  .get(
    '/config',
    describeRoute({
      tags: ['payments'],
      summary: 'What the checkout page needs for a country’s online payments',
      security: security.public,
      description:
        'Which online methods a provider takes in the country, and the Google Pay PaymentDataRequest gateway (gateway, gatewayMerchantId, environment TEST or PRODUCTION, Google merchant id). ?country=pl|ua|pt',
      responses: { 200: jsonResponse('{ methods, googlePay, sandbox }'), 400: errorResponse('validation') },
    }),
    (c) => {
      const country = c.req.query('country');
      if (!isCountry(country)) throw validationError({ country: 'invalid' });
      const payments = c.var.deps.payments;
      const methods = ONLINE_METHODS.filter((m) => payments.forMethod(country, m));
      return c.json({ methods, googlePay: payments.googlePay(country), sandbox: payments.sandbox !== null }, 200);
    },
  );
