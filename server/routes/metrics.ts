import { timingSafeEqual } from 'node:crypto';
import type { Handler } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { clientIp } from '../middleware/rate-limit.ts';
import { errorOf, log } from '../observability/log.ts';
import { metricsText, setBacklogReader } from '../observability/metrics.ts';
import { readOutboxBacklog } from '../services/outbox/read-backlog.ts';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics, Prometheus's text format, on every host kind, for a scraper only: a client address in METRICS_ALLOW
 * (this machine by default; behind a proxy, TRUST_PROXY says which X-Forwarded-For entry is the client), or a
 * request with `Authorization: Bearer <METRICS_TOKEN>`. Refused otherwise: 401 when a token was sent and is wrong
 * (or no token and none is allowed from here but a token would be), 403 for an address not allowed and no token.
 * The figures name no customer: route patterns, statuses, channels, countries, payment methods.
 */
export function metricsRoute(deps: AppDeps): Handler<AppEnv> {
  const { metricsAllow, metricsToken } = deps.env;
  setBacklogReader(() => readOutboxBacklog(deps));
  return async (c) => {
    const authorization = c.req.header('authorization');
    if (authorization !== undefined) {
      const given = /^Bearer (.+)$/i.exec(authorization)?.[1] ?? '';
      if (!metricsToken || !sameSecret(given, metricsToken)) throw new AppError('Unauthorized');
    } else if (!metricsAllow.includes(clientIp(c))) {
      throw new AppError(metricsToken ? 'Unauthorized' : 'Forbidden');
    }
    try {
      const text = await metricsText();
      return c.body(text, 200, {
        'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
        'Cache-Control': 'no-store',
      });
    } catch (error) {
      log.error({ err: errorOf(error) }, 'metrics could not be collected');
      throw new AppError('internalError');
    }
  };
}
