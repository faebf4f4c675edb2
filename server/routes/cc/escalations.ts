import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { escalationsKey, loadEscalations } from '#server/services/cc/escalations.ts';
import { errorResponse, jsonResponse, security } from '../openapi-common.ts';
import { streamSnapshots } from '../snapshot-stream.ts';

const tags = ['call centre'];
const staffOnly = errorResponse('Unauthorized: not signed in as callCenter or admin');
const answer =
  '{ orders: [{ id, displayId, restaurant: { slug, name, concept, phone }, escalatedAt, acceptDeadline }], now }';

/**
 * Orders nobody accepted within their restaurant's escalation minutes and still new, for the call centre to phone the
 * restaurant (behind requireRole('callCenter', 'admin') with every /cc route).
 */
export const ccEscalationRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'Escalated orders still waiting for their restaurant, with its phone, the oldest deadline first',
      security: security.session,
      responses: { 200: jsonResponse(answer), 401: staffOnly },
    }),
    async (c) => c.json(await loadEscalations(c.var.deps), 200),
  )
  .get(
    '/events',
    describeRoute({
      tags,
      summary: 'Server-Sent Events: the escalated orders on connect and after every change (event "escalations")',
      security: security.session,
      responses: { 200: { description: `text/event-stream of ${answer}` }, 401: staffOnly },
    }),
    (c) => streamSnapshots(c, { event: 'escalations', load: () => loadEscalations(c.var.deps), key: escalationsKey }),
  );
