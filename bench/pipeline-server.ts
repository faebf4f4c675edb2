// One of the servers bench/pipeline.ts compares, on PORT: `bare` (node:http answering a small JSON), `hono` (a Hono
// app with that one route, served by @hono/node-server) or `app` (the application's own middleware in front of
// /api/ping; the route needs no database, so none is opened).
import { createServer } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const variant = process.argv[2];
const port = Number(process.env['PORT']);
const listening = () => process.send?.('listening');
if (variant === 'bare') {
  const body = JSON.stringify({ ok: true });
  createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  }).listen(port, '127.0.0.1', listening);
} else if (variant === 'hono') {
  const app = new Hono().get('/api/ping', (c) => c.json({ ok: true }));
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, listening);
} else {
  const { createApp } = await import('../server/app.ts');
  const { parseEnv } = await import('../server/env.ts');
  const { loadTenants } = await import('../tenants/index.ts');
  const env = parseEnv({
    NODE_ENV: 'production',
    PAYMENTS: 'sandbox',
    // The benchmarks' PGlite servers run as production would, on one machine on purpose.
    PGLITE_IN_PRODUCTION: '1',
    // Their throwaway data is the demo's: its logins open with the README's passwords.
    DEMO_LOGINS_IN_PRODUCTION: '1',
    PAYMENT_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
    ORDER_TOKEN_SECRET: 'bench-order-token-secret-0123456789',
    SANDBOX_BANK_SECRET: 'bench-sandbox-bank-secret-0123456789',
    LOG_REQUESTS: '0',
  });
  const app = createApp({ db: {} as never, env, tenants: loadTenants(), now: () => new Date() });
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, listening);
}
