import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '#db/client.ts';
import { seedDatabase } from '#db/seed/index.ts';
import { createApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import type { PaymentProviders } from '#server/services/payments/provider.ts';
import { createPaymentProviders } from '#server/services/payments/providers.ts';
import { loadTenants } from '#tenants/index.ts';

// One guest order end to end on what `npm start` runs: PGlite, through the whole app.
let dir: string;
let database: Database;
let app: ReturnType<typeof createApp>;
let payments: PaymentProviders;
const env = parseEnv({ NODE_ENV: 'test' });
const now = new Date('2026-03-04T11:00:00Z'); // a Wednesday at midday: Warsaw and Kyiv restaurants are open

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-pglite-order-'));
  database = await openDatabase({ dataDir: dir });
  await migrateDatabase(database);
  await seedDatabase(database.db, { demo: true });
  payments = createPaymentProviders(env, { db: database.db });
  app = createApp({ db: database.db, env, tenants: loadTenants(), now: () => now, payments });
});
afterAll(async () => {
  await database.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

const call = (url: string, init: RequestInit = {}, cookie = '') =>
  app.request(`http://localhost${url}`, {
    ...init,
    headers: { host: 'localhost', 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...init.headers },
  });

type MenuItem = { id: number; unavailable: boolean; modifierGroups?: unknown[]; groups?: unknown[]; price: number };

async function basketWith(slug: string, minimum: number) {
  const restaurant = await (await call(`/api/restaurants/${slug}`)).json();
  const items: MenuItem[] = (restaurant.menu ?? restaurant.restaurant?.menu ?? restaurant.categories ?? []).flatMap(
    (c: { items: MenuItem[] }) => c.items,
  );
  const item = items.find((i) => !i.unavailable && (i.modifierGroups ?? i.groups ?? []).length === 0 && i.price > 0)!;
  expect(item).toBeDefined();
  const quantity = Math.min(99, Math.ceil(minimum / item.price) + 1);
  const added = await call('/api/basket/items', {
    method: 'POST',
    body: JSON.stringify({ menuItemId: item.id, quantity }),
  });
  expect(added.status).toBe(200);
  return added.headers.get('set-cookie')!.split(';')[0]!;
}

describe('a guest order on PGlite', () => {
  it('cash on delivery in Kyiv: basket, order, status', async () => {
    const cookie = await basketWith('bao-house-kyiv-podil', 25_000);
    const placed = await call(
      '/api/orders',
      {
        method: 'POST',
        headers: { 'idempotency-key': 'pglite-1' },
        body: JSON.stringify({
          firstname: 'Олена',
          lastname: 'Шевченко',
          phone: '050 123 45 67',
          email: 'olena@example.com',
          street: 'Сагайдачного',
          streetNo: '5',
          city: 'Київ',
          zip: '04070',
          consents: { orderWithObligation: true },
          paymentMethod: 'cashOnDelivery',
        }),
      },
      cookie,
    );
    const body = await placed.json();
    expect(placed.status, JSON.stringify(body)).toBe(201);
    expect(body.order).toMatchObject({ status: 'new', currency: 'UAH' });
    const status = await (await call(`/api/orders/${body.order.id}?token=${body.accessToken}`)).json();
    expect(status.order).toMatchObject({ id: body.order.id, status: 'new', total: body.order.total });
  });

  it('Blik in Warsaw: paid through the sandbox’s signed notification', async () => {
    const cookie = await basketWith('pasta-fresca-warszawa-mokotow', 3_000);
    const placed = await call(
      '/api/orders',
      {
        method: 'POST',
        headers: { 'idempotency-key': 'pglite-2' },
        body: JSON.stringify({
          firstname: 'Jan',
          lastname: 'Kowalski',
          phone: '600700800',
          email: 'jan@example.com',
          street: 'Puławska',
          streetNo: '10',
          city: 'Warszawa',
          zip: '02-512',
          lat: 52.19,
          lng: 21.02,
          consents: { agree1: true, agree2: true, providerTerms: true, orderWithObligation: true },
          paymentMethod: 'blik',
          blikCode: '123456',
        }),
      },
      cookie,
    );
    const body = await placed.json();
    expect(placed.status, JSON.stringify(body)).toBe(201);
    expect(body.order.status).toBe('waiting_for_payment');
    await payments.sandbox!.settled();
    const status = await (await call(`/api/orders/${body.order.id}?token=${body.accessToken}`)).json();
    expect(status.order).toMatchObject({ status: 'new', payment: { status: 'paid' } });
  });
});
