import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { loadDashboard, waitingKey, waitingOrders } from '#server/services/admin/dashboard/figures.ts';
import { loadLateness } from '#server/services/admin/dashboard/load-lateness.ts';
import { unauthorized } from '#server/errors.ts';
import type { StaffScope } from '#domain/staff-access.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { validate } from '../../validate.ts';
import { streamSnapshots } from '../../snapshot-stream.ts';

const daysQuery = type({ 'days?': "'1' | '7' | '30'" });
const tags = ['admin'];

/**
 * The admin dashboard's figures and its live list of orders awaiting acceptance (guarded for admin), and its kitchens'
 * promise accuracy (for kitchen managers too, over their own kitchens).
 */
export const adminDashboardRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary:
        'Orders and revenue since midnight (Warsaw) 1, 7 or 30 days back, by concept and restaurant, per currency',
      description:
        'The definition the sales list uses too (#domain/dashboard.ts): orders and revenue are the sold orders (reached the restaurant, not rejected or canceled), revenue their total in minor units of their currency (PLN and UAH are never added together), split among the brands that cooked the order in byConcept and byRestaurant (#domain/brand-split.ts: a multi-brand order counts once in the totals and once in each of its brands’ rows); rejected (with a reason), missed (not accepted in time) and canceled (after acceptance) are counted apart; byRestaurant[].times: average acceptance seconds, promised and actual preparation minutes. waiting: every order still awaiting acceptance, soonest deadline first.',
      security: security.session,
      responses: {
        200: jsonResponse('{ days, since, now, totals[], byConcept[], byRestaurant[] (with times), waiting[] }'),
        400: errorResponse('validation: days is 1, 7 or 30'),
        401: errorResponse('Unauthorized: not signed in as admin'),
      },
    }),
    validate('query', daysQuery),
    async (c) => {
      const days = Number(c.req.valid('query').days ?? '1') as 1 | 7 | 30;
      return c.json(await loadDashboard(c.var.deps, { days }), 200);
    },
  )
  .get(
    '/lateness',
    describeRoute({
      tags,
      summary: 'How late each kitchen had its orders ready against their promise, over 1, 7 or 30 days',
      description:
        'Per kitchen (location) of the caller’s scope — every kitchen for the admin, a kitchen manager’s own — over the orders placed since midnight (Warsaw) 1, 7 or 30 days back and marked ready: measured (how many), p50 and p90 of ready − promised in whole minutes (negative: early; nearest rank), null when none was measured. The promise is orders.promisedAt, or acceptance + the preparation minutes given then (#domain/order-times.ts).',
      security: security.session,
      responses: {
        200: jsonResponse('{ days, since, kitchens: [{ id, slug, name, measured, p50, p90 }] }'),
        400: errorResponse('validation: days is 1, 7 or 30'),
        401: errorResponse('Unauthorized: not signed in as admin or kitchen manager'),
      },
    }),
    validate('query', daysQuery),
    async (c) => {
      const days = Number(c.req.valid('query').days ?? '1') as 1 | 7 | 30;
      const scope = c.var.staffScope as StaffScope | undefined;
      if (!scope) throw unauthorized();
      return c.json(await loadLateness(c.var.deps, { days, scope }), 200);
    },
  )
  .get(
    '/waiting/events',
    describeRoute({
      tags,
      summary:
        'Server-Sent Events: the orders awaiting acceptance, on connect and after every change (event "waiting")',
      security: security.session,
      responses: {
        200: { description: 'text/event-stream' },
        401: errorResponse('Unauthorized: not signed in as admin'),
      },
    }),
    async (c) => {
      const { now } = c.var.deps;
      return streamSnapshots(c, {
        event: 'waiting',
        load: async () => ({ waiting: await waitingOrders(c.var.deps), now: now().toISOString() }),
        key: (snapshot) => waitingKey(snapshot.waiting),
      });
    },
  );
