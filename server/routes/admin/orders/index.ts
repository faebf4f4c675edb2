import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { MAX_PREPARATION_MINUTES, MIN_PREPARATION_MINUTES, STAFF_ACTIONS } from '#domain/staff-actions.ts';
import { isUuid } from '#domain/ids.ts';
import { notFound, unauthorized } from '#server/errors.ts';
import { actOnOrder } from '#server/services/admin/orders/act.ts';
import { loadStaffOrder } from '#server/services/admin/orders/detail.ts';
import { loadTicket } from '#server/services/admin/orders/load-ticket.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { selfActor } from '#server/services/actor.ts';
import { requireRestaurantInScope } from '#server/middleware/staff.ts';

const idParam = type({ id: '0 < string <= 64' });
const actionBody = type({
  action: type.enumerated(...STAFF_ACTIONS),
  'preparationMinutes?': `${MIN_PREPARATION_MINUTES} <= number.integer <= ${MAX_PREPARATION_MINUTES}`,
  // Checked by the service (rejectionReasonRequired), so a missing or unknown reason answers one clear key.
  'rejectionReason?': 'string <= 40',
});

const tags = ['admin'];

/** One order for staff: the admin, and the kitchen accounts of the kitchen it is cooked in. */
export const adminOrderRoutes = new Hono<AppEnv>()
  .get(
    '/:id',
    describeRoute({
      tags,
      summary: 'An order with everything staff need: lines, customer, address, payments, refunds, audit history',
      security: security.session,
      responses: {
        200: jsonResponse(
          '{ order: { order (the customer’s view), restaurant, account, createdBy, actions, payments, history } }',
        ),
        401: errorResponse('Unauthorized: not signed in as admin or kitchen staff'),
        403: errorResponse('Forbidden: a kitchen account, and the order is of another kitchen'),
        404: errorResponse('notFound'),
      },
    }),
    validate('param', idParam),
    async (c) => {
      const { id } = c.req.valid('param');
      if (isUuid(id)) await requireRestaurantInScope(c, { order: id });
      const order = isUuid(id) ? await loadStaffOrder(c.var.deps, { orderId: id }) : null;
      if (!order) throw notFound();
      return c.json({ order }, 200);
    },
  )
  .get(
    '/:id/ticket',
    describeRoute({
      tags,
      summary: 'What an order’s kitchen ticket and packing slip print (the 80 mm print view reads it)',
      description:
        'Brand, restaurant and kitchen, display id, channel (web, cc, bot), pickup or delivery, the lines without prices (quantity, name, options, the brand restaurant that cooks each), the brands cooking it in the lines’ order (several when its kitchen shares baskets: the papers list the lines under each brand’s name), the order’s comment, the promised ready time (orders.promisedAt, or acceptance + the preparation minutes; null before either) with the restaurant’s time zone, the customer’s name and phone, the delivery address’s lines, and the payment state: paid, toCollect (amount in minor units, cash or card) or unpaid (#domain/tickets.ts). For the admin and the kitchen accounts of the order’s kitchen.',
      security: security.session,
      responses: {
        200: jsonResponse(
          '{ ticket: { id, displayId, brand, restaurant, kitchen, source, deliveryType, status, lines, brands, comment, placedAt, promisedAt, timeZone, customer, address, payment, lang } }',
        ),
        401: errorResponse('Unauthorized: not signed in as admin or kitchen staff'),
        403: errorResponse('Forbidden: a kitchen account, and the order is of another kitchen'),
        404: errorResponse('notFound'),
      },
    }),
    validate('param', idParam),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!isUuid(id)) throw notFound();
      await requireRestaurantInScope(c, { order: id });
      const ticket = await loadTicket(c.var.deps, { orderId: id });
      if (!ticket) throw notFound();
      return c.json({ ticket }, 200);
    },
  )
  .post(
    '/:id/actions',
    describeRoute({
      tags,
      summary: 'Move an order one step: accept (with preparationMinutes), reject, ready, handToCourier, finish, cancel',
      security: security.session,
      description:
        'Goes through the order status machine with the signed-in staff member as the actor: the audit log records who, when, from and to, and the customer’s status page hears of it at once. accept (new → processing) stores preparationMinutes (1–240; the restaurant’s usual time when absent) for the customer’s estimated ready time; ready goes to ready_for_pickup for a pickup order and waiting_for_courier otherwise; handToCourier finishes a waiting_for_courier order, finish a ready_for_pickup or waiting_for_pickup one; reject (new) needs rejectionReason (soldOut, tooBusy, closed or other; rejectionReasonRequired otherwise), stored and shown to the customer; accepting or rejecting a new order acknowledges its alarm on every kitchen board; reject and cancel (processing) refund a paid order.',
      responses: {
        200: jsonResponse('{ change: { from, to, refundQueued }, order } (order as GET /api/admin/orders/{id})'),
        400: errorResponse(
          'validation (details: field → rule); rejectionReasonRequired: reject without a valid reason',
        ),
        401: errorResponse('Unauthorized: not signed in as admin or kitchen staff'),
        403: errorResponse('Forbidden: a kitchen account, and the order is of another kitchen'),
        404: errorResponse('notFound'),
        409: errorResponse('invalidStatusTransition: the order’s status does not allow this action (details.from)'),
      },
    }),
    validate('param', idParam),
    validate('json', actionBody),
    async (c) => {
      const deps = c.var.deps;
      const user = c.var.user;
      if (!user) throw unauthorized();
      const { id } = c.req.valid('param');
      if (!isUuid(id)) throw notFound();
      await requireRestaurantInScope(c, { order: id });
      const { action, preparationMinutes, rejectionReason } = c.req.valid('json');
      const changed = await actOnOrder(
        { ...deps, actor: selfActor(user) },
        { orderId: id, action, preparationMinutes, rejectionReason },
      );
      const order = await loadStaffOrder(deps, { orderId: id });
      if (!order) throw notFound();
      return c.json({ change: { from: changed.from, to: changed.to, refundQueued: changed.refundQueued }, order }, 200);
    },
  );
