import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { accountData, eraseAccount, eraseGuest, findGuestData } from '#server/services/rights/admin.ts';
import { exportFileName } from '#server/services/rights/export.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { adminCtx, adminTags } from '../admin-ctx.ts';

const tags = adminTags('data rights');
const denied = errorResponse('Unauthorized (not an admin)');
const idParam = type({ id: 'string.uuid' });
const findBody = type({ 'email?': 'string <= 254', 'phone?': 'string <= 40' });
const eraseGuestBody = type({ email: 'string.email <= 254' });

/**
 * A person's data rights exercised for them by the admin (decision 052), for a request made by phone or letter: what
 * the shop holds (an account's, or a guest's by the e-mail or phone of their orders) and the same erasure a customer
 * runs, audited with counts only. The search's fields go in the body, never in the URL.
 */
export const adminDataRightsRoutes = new Hono<AppEnv>()
  .get(
    '/users/:id',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Everything held about an account, as its owner’s download (a JSON attachment)',
      responses: {
        200: jsonResponse('{ format, exportedAt, subject, data }'),
        401: denied,
        404: errorResponse('notFound'),
      },
    }),
    validate('param', idParam),
    async (c) => {
      const document = await accountData(adminCtx(c), c.req.valid('param').id);
      c.header('Content-Disposition', `attachment; filename="${exportFileName(document.exportedAt)}"`);
      return c.json(document, 200);
    },
  )
  .post(
    '/users/:id/erase',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Erase an account’s personal data for a request made by phone; amounts, dates and invoices stay',
      responses: {
        200: jsonResponse(
          '{ erased: { orders, addresses, sessions, contactMessages, emails, auditRows, consentEvents } }',
        ),
        401: denied,
        404: errorResponse('notFound'),
        409: errorResponse('activeOrders (an order is still on its way)'),
      },
    }),
    validate('param', idParam),
    async (c) => c.json({ erased: await eraseAccount(adminCtx(c), c.req.valid('param').id) }, 200),
  )
  .post(
    '/guests/find',
    describeRoute({
      tags,
      security: security.session,
      summary: 'What is held of a guest, by the e-mail or the phone on their orders: one export per address',
      responses: {
        200: jsonResponse('{ found: [{ format, exportedAt, subject, data }] }'),
        400: errorResponse('validation: email notEmpty | isValidEmail, phone isValidPhoneNo'),
        401: denied,
      },
    }),
    validate('json', findBody),
    async (c) => c.json({ found: await findGuestData(adminCtx(c), c.req.valid('json')) }, 200),
  )
  .post(
    '/guests/erase',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Erase a guest’s personal data (their guest orders, messages, e-mails) for a request made by phone',
      responses: {
        200: jsonResponse('{ erased: { orders, contactMessages, emails, auditRows, consentEvents, … } }'),
        400: errorResponse('validation'),
        401: denied,
        409: errorResponse('activeOrders (an order is still on its way)'),
      },
    }),
    validate('json', eraseGuestBody),
    async (c) => c.json({ erased: await eraseGuest(adminCtx(c), c.req.valid('json').email) }, 200),
  );
