import { existsSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { pathFor } from '#domain/localized-routes.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, settle } from '../helpers/orders.ts';

const ctx = useTestApp();
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

async function placed() {
  const b = await makeBasket(ctx.database.db);
  const response = await placeOrder(ctx, b.basketId, {
    ...plCustomer,
    zip: b.zip,
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '123456',
  });
  expect(response.status).toBe(201);
  await settle(ctx);
  return (await response.json()) as { order: { id: string; displayId: string }; accessToken: string };
}

// The page is Astro's server bundle (dist/server/entry.mjs), which a build writes; the browser tests cover it live.
describe.skipIf(!existsSync('dist/server/entry.mjs'))('the order status page', () => {
  it('shows the order its path names with that order’s token, in each language, and is never cached', async () => {
    const { order, accessToken } = await placed();
    for (const [locale, thanks] of [
      ['pl', 'Dziękujemy za zamówienie!'],
      ['en', 'Thank you for your order!'],
      ['ua', 'Дякуємо за замовлення!'],
    ] as const) {
      const response = await request(ctx, pathFor('status', locale, { orderId: order.id, token: accessToken }));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await response.text();
      expect(html).toContain(order.displayId);
      expect(html).toContain(thanks);
      expect(html).toContain('<meta name="robots" content="noindex"');
    }
  });

  it('is the 404 page for a wrong token, an unknown order or a malformed id', async () => {
    const { order, accessToken } = await placed();
    for (const path of [
      pathFor('status', 'pl', { orderId: order.id, token: `${accessToken.slice(1)}x` }),
      pathFor('status', 'en', { orderId: crypto.randomUUID(), token: accessToken }),
      pathFor('status', 'ua', { orderId: 'not-an-order', token: accessToken }),
    ]) {
      const response = await request(ctx, path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain(order.displayId);
    }
  });
});
