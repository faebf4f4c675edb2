import postgres from 'postgres';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { request, restaurantMenuItems, useTestApp } from '../helpers/app.ts';
import { makeBasket } from '../helpers/orders.ts';
import { captureWarnings } from '../helpers/log.ts';

const ctx = useTestApp();
afterEach(() => vi.restoreAllMocks());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Issue 39: a database that answers but refuses writes (a failover to a replica, default_transaction_read_only, a
// disk-protection switch) answered 500 to every write and /readyz kept saying 200. Each "not now" of PostgreSQL is a
// 503 with Retry-After and the catalogue's key, and /readyz fails while the database refuses writes.
describe('a database that refuses writes', () => {
  it('answers writes 503 with Retry-After, fails /readyz, and takes orders within 5 s of it turning writable', async () => {
    // From the server's own database, which stays writable, as an administrator's session would.
    const admin = postgres(inject('pgAdminUrl'), { max: 1, onnotice: () => {} });
    // The app's connections are ended so that the ones it opens next start read-only, as after a failover.
    const turnReadOnly = async () => {
      await admin.unsafe(`alter database "${ctx.database.name}" set default_transaction_read_only = on`);
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${ctx.database.name}`;
    };
    const [item] = await restaurantMenuItems<{ id: number; groups: unknown[]; unavailable: boolean }>(
      ctx,
      'pasta-fresca-warszawa-mokotow',
    ).then((items) => items.filter((i) => i.groups.length === 0 && !i.unavailable));
    const add = () =>
      request(ctx, '/api/basket/items', {
        method: 'POST',
        body: JSON.stringify({ menuItemId: item!.id, quantity: 1 }),
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      });
    try {
      expect((await add()).status).toBe(200);
      captureWarnings();
      await turnReadOnly();
      // The first requests may meet the ended connections (503 too); then every write meets a read-only database.
      let answer = await add();
      for (let i = 0; i < 5; i += 1) answer = await add();
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await answer.json()).toEqual({ requestId: expect.any(String), error: 'databaseUnavailable' });
      const ready = await request(ctx, '/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', database: 'readOnly' });
      // Reads still work: the menu is served.
      expect((await request(ctx, '/api/restaurants/pasta-fresca-warszawa-mokotow')).status).toBe(200);

      // Writable again, but only for connections opened from now on: the pool's connections keep the default they
      // found when they opened, and nothing ends them here. The server must notice and open new ones by itself.
      await admin.unsafe(`alter database "${ctx.database.name}" reset default_transaction_read_only`);
      let recovered = false;
      const turned = Date.now();
      while (!recovered && Date.now() - turned < 5000) {
        recovered = (await add()).status === 200;
        if (!recovered) await sleep(100);
      }
      expect(recovered, 'orders succeed within 5 s of the database turning writable').toBe(true);
      expect((await request(ctx, '/readyz')).status).toBe(200);
      // A whole basket and order path works again.
      expect((await makeBasket(ctx.database.db)).basketId).toBeTruthy();
    } finally {
      await admin.unsafe(`alter database "${ctx.database.name}" reset default_transaction_read_only`).catch(() => {});
      await admin.end();
    }
  });
});
