import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { CHANNELS, COUNTRIES } from '#domain/country.ts';
import { listPaymentMethods } from '#server/services/payments/list-methods.ts';
import { errorResponse, jsonResponse, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';

const methodsQuery = type({
  country: type.enumerated(...COUNTRIES),
  'channel?': type.enumerated(...CHANNELS),
});

export const paymentMethodsRoutes = new Hono<AppEnv>().get(
  '/',
  describeRoute({
    tags: ['payments'],
    summary: 'The payment methods the checkout offers in a country on a channel, with their rules',
    security: security.public,
    description:
      '?country=pl|ua|pt&channel=web|cc|bot (web when left out). From the configured payment options, the channel rules (spec section 6) and the configured providers: each method’s id, group (online, cash, card), highlighted (listed first), availability hours and whether it is available now, and whether the payment provider’s terms must be accepted (Blik, Google Pay, fast transfers in Poland); plus the consents hidden in the country. Google Pay’s gateway is in GET /api/payments/config.',
    responses: {
      200: jsonResponse(
        '{ country, channel, methods: [{ id, group, subgroup, online, highlighted, translateKey, imgUrl, mobileImgUrl, mobile, availabilityHours, availableNow, providerTermsRequired }], hiddenConsents }',
      ),
      400: errorResponse('validation (details: country or channel → rule)'),
    },
  }),
  validate('query', methodsQuery),
  async (c) => {
    const { country, channel } = c.req.valid('query');
    return c.json(await listPaymentMethods(c.var.deps, { country, channel: channel ?? 'web' }), 200);
  },
);
