import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from './context.ts';
import { requestLineLog, requestScope } from './observability/log.ts';
import type { RequestMetrics } from './observability/metrics.ts';
import type { Tracing } from './observability/tracing.ts';

/**
 * A request id a client or a proxy sent that we keep: short, and of characters that cannot break a log line or a
 * header (nginx's $request_id is 32 hex digits, a UUID 36 characters). Anything else is replaced by our own.
 */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const requestIdOf = (sent: string | undefined): string =>
  sent !== undefined && REQUEST_ID.test(sent) ? sent : crypto.randomUUID();

/**
 * The route pattern that answered a request (`/api/orders/:id`, `*` for the pages and files), read after it
 * answered: Hono's index of the handler it reached last. A pattern, never the path: an order's status page carries
 * its access token in the path, and a pattern also keeps the metrics' label values few.
 */
export const routeOf = (c: Context): string => routePath(c) || '-';

/**
 * The first middleware of every request (issue 31): gives it a request id (X-Request-Id, kept from the request when
 * it is one we accept), answers it back in the header, makes it the id of every log line written while serving
 * the request, and then writes one line for the request — method, route pattern, status, duration, host kind, role —
 * and counts it in the metrics and the trace when those are on. The line names no path, query or body: those may
 * hold an order's access token or a customer's data.
 */
export function requestLog(options: {
  lines: boolean;
  metrics: RequestMetrics | null;
  tracing: Tracing | null;
}): MiddlewareHandler<AppEnv> {
  const { lines, metrics, tracing } = options;
  const measured = lines || metrics !== null || tracing !== null;
  return (c, next) => {
    const requestId = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    // Served by Node, on the outgoing message before the handler runs (as defaultHeaders does, decision 035): set
    // on the finished Response, it would turn the answer's header record into a WHATWG Headers and back.
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing) outgoing.setHeader('X-Request-Id', requestId);
    if (!measured)
      return requestScope.run({ requestId }, async () => {
        await next();
        if (!outgoing) c.header('X-Request-Id', requestId);
      });
    const started = performance.now();
    return requestScope.run({ requestId }, async () => {
      const span = tracing?.startRequest(c.req.method, requestId) ?? null;
      try {
        await (span && tracing ? tracing.within(span, next) : next());
      } finally {
        if (!outgoing) c.header('X-Request-Id', requestId);
        const status = c.res.status;
        const route = routeOf(c);
        const seconds = (performance.now() - started) / 1000;
        metrics?.observe(c.req.method, route, status, seconds);
        span?.end(route, status);
        if (lines)
          requestLineLog.info(
            {
              method: c.req.method,
              route,
              status,
              ms: Math.round(seconds * 10_000) / 10,
              host: c.var.host?.kind ?? '-',
              role: c.var.user?.role ?? 'guest',
            },
            'request',
          );
      }
    });
  };
}
