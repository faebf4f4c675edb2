import postgres from 'postgres';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, restaurantMenuItems, useTestApp } from '../helpers/app.ts';
import { makeBasket } from '../helpers/orders.ts';

const ctx = useTestApp();
afterEach(() => vi.restoreAllMocks());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Issue 39: a database that answers but refuses writes (a failover to a replica, default_transaction_read_only, a
// disk-protection switch) answered 500 to every write and /readyz kept saying 200. Each "not now" of PostgreSQL is a
// 503 with Retry-After and the catalogue's key, and /readyz fails while the database refuses writes.
describe('a database that refuses writes', () => {
  it('answers writes 503 with Retry-After, fails /readyz, and takes orders again once it is writable', async () => {
    const admin = postgres(ctx.database.url, { max: 1, onnotice: () => {} });
    // The app's connections are ended so that the ones it opens next start read-only, as after a failover.
    const reconnectAs = async (readOnly: boolean) => {
      await admin.unsafe(
        `alter database "${ctx.database.name}" ${readOnly ? 'set default_transaction_read_only = on' : 'reset default_transaction_read_only'}`,
      );
      await admin`select pg_terminate_backend(pid) from pg_stat_activity
                  where datname = current_database() and pid <> pg_backend_pid()`;
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
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      await reconnectAs(true);
      // The first requests may meet the ended connections (503 too); then every write meets a read-only database.
      let answer = await add();
      for (let i = 0; i < 5; i += 1) answer = await add();
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await answer.json()).toEqual({ error: 'databaseUnavailable' });
      const ready = await request(ctx, '/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', database: 'readOnly' });
      // Reads still work: the menu is served.
      expect((await request(ctx, '/api/restaurants/pasta-fresca-warszawa-mokotow')).status).toBe(200);

      await reconnectAs(false);
      let recovered = false;
      for (let i = 0; i < 50 && !recovered; i += 1) {
        recovered = (await add()).status === 200;
        if (!recovered) await sleep(100);
      }
      expect(recovered).toBe(true);
      expect((await request(ctx, '/readyz')).status).toBe(200);
      // A whole basket and order path works again.
      expect((await makeBasket(ctx.database.db)).basketId).toBeTruthy();
    } finally {
      await admin.unsafe(`alter database "${ctx.database.name}" reset default_transaction_read_only`).catch(() => {});
      await admin.end();
    }
  });
});
