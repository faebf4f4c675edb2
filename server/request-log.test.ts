import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEnv } from './context.ts';
import { captureLog, errorOf, log } from './observability/log.ts';
import { requestIdOf, requestLog } from './request-log.ts';

let capture: ReturnType<typeof captureLog> | undefined;
afterEach(() => capture?.stop());

/** A small app with the request middleware in front, as createApp puts it. */
function appWith(lines = true) {
  const app = new Hono<AppEnv>();
  app.use(requestLog({ lines, metrics: null, tracing: null }));
  app.get('/status/:orderId/:token', (c) => {
    log.info('looked at an order');
    return c.text('ok');
  });
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ error: 'internalError', requestId: c.var.requestId }, 500));
  return app;
}

describe('the request log', () => {
  it("writes the route pattern, never the path: an order's access token stays out of the log", async () => {
    capture = captureLog();
    const response = await appWith().request('/status/ord-1/AmecKkA-Xlnk-R_secret', {
      headers: { 'x-request-id': 'complaint-42' },
    });
    expect(response.status).toBe(200);
    expect(capture.text()).not.toContain('AmecKkA');
    const lines = capture.lines();
    // The service's own line and the request's line, both with the request's id.
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ['looked at an order', 'complaint-42'],
      ['request', 'complaint-42'],
    ]);
    expect(lines[1]).toMatchObject({ method: 'GET', route: '/status/:orderId/:token', status: 200, role: 'guest' });
    expect(typeof lines[1]?.['ms']).toBe('number');
  });

  it('answers the request id in X-Request-Id and in an error body, made when none (or a bad one) came', async () => {
    const app = appWith(false);
    const kept = await app.request('/boom', { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.status).toBe(500);
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    expect(await kept.json()).toEqual({ error: 'internalError', requestId: 'abc-123' });
    const made = await app.request('/boom', { headers: { 'x-request-id': 'bad id\u0001<script>' } });
    const id = made.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await made.json()) as { requestId: string }).requestId).toBe(id);
  });

  it('keeps a short id of safe characters and replaces anything else', () => {
    expect(requestIdOf('7f3a9c2e1b4d4e0f8a6b5c4d3e2f1a0b')).toBe('7f3a9c2e1b4d4e0f8a6b5c4d3e2f1a0b');
    for (const sent of [undefined, '', 'x'.repeat(65), 'a b', 'a\nb', 'ünï'])
      expect(requestIdOf(sent)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('censors personal fields a caller passes by mistake', () => {
    capture = captureLog();
    log.warn({ email: 'jan@example.com', customer: { phone: '+48 600 100 200', street: 'Długa 1' } }, 'oops');
    expect(capture.text()).not.toMatch(/jan@example|600 100 200|Długa/);
  });

  it("logs a failed statement's reason, not its values", () => {
    const failed = new Error('Failed query: insert into orders (email) values ($1)\nparams: jan@example.com,Długa 1', {
      cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    });
    const logged = JSON.stringify(errorOf(failed));
    expect(logged).not.toMatch(/jan@example|Długa/);
    expect(logged).toContain('insert into orders');
    expect(errorOf(failed)).toMatchObject({ cause: { message: 'deadlock detected', code: '40P01' } });
  });

  it("one line's fields stay on that line: the next line, in a request or outside one, carries none of them", async () => {
    capture = captureLog();
    log.info({ canceled: 3 }, 'outside a request');
    log.info('outside again');
    const app = new Hono<AppEnv>();
    app.use(requestLog({ lines: true, metrics: null, tracing: null }));
    app.get('/two-lines', (c) => {
      log.info({ orderId: 'ord-7' }, 'first');
      log.info('second');
      return c.text('ok');
    });
    await app.request('/two-lines', { headers: { 'x-request-id': 'req-9' } });
    const lines = capture.lines();
    const byMessage = (msg: string) => lines.find((line) => line.msg === msg);
    expect(byMessage('outside again')).not.toHaveProperty('canceled');
    expect(byMessage('first')).toMatchObject({ orderId: 'ord-7', requestId: 'req-9' });
    expect(byMessage('second')).toMatchObject({ requestId: 'req-9' });
    expect(byMessage('second')).not.toHaveProperty('orderId');
    const requestLine = lines.find((line) => line['route'] === '/two-lines');
    expect(requestLine).toMatchObject({ requestId: 'req-9' });
    expect(requestLine).not.toHaveProperty('orderId');
  });
});
