import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliveryZones, restaurants } from '#db/schema/index.ts';
import { captureLog } from '#server/observability/log.ts';
import { callWithBasket, request, restaurantMenuItems, useTestApp, type BasketJar } from '../helpers/app.ts';
import { allConsents, PL, plCustomer, settle } from '../helpers/orders.ts';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const ctx = useTestApp({ LOG_REQUESTS: '1', METRICS_TOKEN, METRICS_ALLOW: '203.0.113.9', TRUST_PROXY: '1' });
// Midday on a Wednesday: every seeded restaurant is open.
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

let capture: ReturnType<typeof captureLog> | undefined;
afterEach(() => capture?.stop());

// A code of the test's own, so that finding it in the log means the log wrote the code.
const BLIK_CODE = '493817';

/** A guest's whole checkout through the API: the address search, the basket, the Blik order, the status page. */
async function guestCheckout() {
  const [restaurant] = await ctx.database.db
    .select({ zips: deliveryZones.zips })
    .from(deliveryZones)
    .innerJoin(restaurants, eq(restaurants.id, deliveryZones.restaurantId))
    .where(eq(restaurants.slug, PL));
  const zip = restaurant!.zips[0]!;
  expect((await request(ctx, `/api/restaurants?zip=${zip}&country=pl`)).status).toBe(200);
  const items = await restaurantMenuItems<{ id: number; price: number; unavailable: boolean; groups: unknown[] }>(
    ctx,
    PL,
  );
  const item = items.find((i) => !i.unavailable && i.groups.length === 0 && i.price > 0)!;
  const jar: BasketJar = { cookie: '' };
  expect(
    (
      await callWithBasket(ctx, jar, '/api/basket/items', {
        method: 'POST',
        body: { menuItemId: item.id, quantity: 8 },
      })
    ).ok,
  ).toBe(true);
  expect((await callWithBasket(ctx, jar, '/api/basket')).status).toBe(200);
  const placed = await request(ctx, '/api/orders', {
    method: 'POST',
    body: JSON.stringify({
      ...plCustomer,
      zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: BLIK_CODE,
    }),
    headers: {
      'content-type': 'application/json',
      cookie: jar.cookie,
      'sec-fetch-site': 'same-origin',
      'idempotency-key': crypto.randomUUID(),
    },
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const body = (await placed.json()) as { order: { id: string }; accessToken: string };
  await settle(ctx);
  const status = await request(ctx, `/api/orders/${body.order.id}?token=${encodeURIComponent(body.accessToken)}`);
  expect(((await status.json()) as { order: { status: string } }).order.status).toBe('new');
  // The status page a guest bookmarks carries the token in its path.
  await request(ctx, `/status/${body.order.id}/${body.accessToken}`);
  return body;
}

const metrics = (headers: Record<string, string> = { authorization: `Bearer ${METRICS_TOKEN}` }, host = 'localhost') =>
  request(ctx, '/metrics', { headers, host });

/** A sample's value in Prometheus text, 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        Object.entries(labels).every(([key, value]) => l.includes(`${key}="${value}"`)),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('logs', () => {
  it("a guest's whole checkout writes none of the customer's data, the Blik code or the order's token", async () => {
    capture = captureLog();
    const { accessToken } = await guestCheckout();
    const text = capture.text();
    const requests = capture.lines().filter((line) => line.msg === 'request');
    // The log was written: one line per request, with route patterns.
    expect(requests.length).toBeGreaterThanOrEqual(6);
    expect(requests.map((line) => line['route'])).toEqual(
      expect.arrayContaining(['/api/restaurants', '/api/basket/items', '/api/orders', '/api/orders/:id']),
    );
    for (const secret of [
      plCustomer.email,
      plCustomer.phone,
      plCustomer.phone.replaceAll(' ', ''),
      plCustomer.street,
      plCustomer.lastname,
      BLIK_CODE,
      accessToken,
    ])
      expect(text, secret).not.toContain(secret);
  });

  it('keeps the X-Request-Id it was sent: in the answer, on every line of the request, in an error body', async () => {
    capture = captureLog();
    const response = await request(ctx, '/api/orders/not-an-order', { headers: { 'x-request-id': 'complaint-1234' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('complaint-1234');
    expect(await response.json()).toEqual({ error: 'notFound', requestId: 'complaint-1234' });
    const lines = capture.lines();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.requestId === 'complaint-1234')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ msg: 'request', status: 404, host: 'shop', role: 'guest' });
  });
});

describe('/metrics', () => {
  it('is refused without the token or an allowed address, on every kind of host', async () => {
    for (const host of ['localhost', 'pasta-fresca.localhost', 'survey.localhost']) {
      expect((await metrics({}, host)).status, host).toBe(401);
      expect((await metrics({ authorization: 'Bearer wrong-token-0123456789' }, host)).status, host).toBe(401);
      expect((await metrics({ 'x-forwarded-for': '198.51.100.1' }, host)).status, host).toBe(401);
    }
    const refused = await metrics({});
    expect(await refused.text()).not.toContain('http_requests_total');
  });

  it('answers an allowed address and the token, with every metric the dashboard reads', async () => {
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
    expect((await metrics(undefined, 'pasta-fresca.localhost')).status).toBe(200);
    await request(ctx, '/healthz');
    const response = await metrics();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'orders_placed_total',
      'order_status_changes_total',
      'payment_outcomes_total',
      'refunds_total',
      'outbox_pending_emails',
      'outbox_oldest_pending_seconds',
      'sweeper_lag_seconds',
      'db_pool_connections_in_use',
      'db_pool_waiting',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ])
      // Declared, whether or not a sample has come yet (a counter with labels has none before its first count).
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    expect(sample(text, 'http_requests_total', { route: '/healthz', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('counts an order placed and paid: the order, its payment, its status change, the outbox', async () => {
    const before = await (await metrics()).text();
    await guestCheckout();
    const after = await (await metrics()).text();
    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('orders_placed_total', { channel: 'web', country: 'pl', payment_method: 'blik' })).toBe(1);
    expect(moved('payment_outcomes_total', { outcome: 'paid' })).toBe(1);
    expect(moved('order_status_changes_total', { from: 'waiting_for_payment', to: 'new' })).toBe(1);
    expect(moved('http_requests_total', { method: 'POST', route: '/api/orders', status: '201' })).toBe(1);
    // The confirmation waits in the outbox (no SMTP_URL here).
    expect(sample(after, 'outbox_pending_emails', {})).toBeGreaterThanOrEqual(1);
  });
});
