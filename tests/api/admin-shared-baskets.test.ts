import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, locations } from '#db/schema/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { staffApi } from '../helpers/staff-api.ts';

// Issue 35: a location's shared baskets, an admin's setting beside its pickup and delivery flags.
const ctx = useTestApp({ TRUST_PROXY: '1' });
const { send, signIn, asAdmin, json } = staffApi(ctx);

type AdminLocation = { id: number; sharedBaskets: boolean } & Record<string, unknown>;

const locationOf = async (slug: string) =>
  (await ctx.database.db.select().from(locations).where(eq(locations.slug, slug)))[0]!;
const lastAudit = async (id: number) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'location'), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

/** The location as the admin's form loads it, sent back with `changes`. */
async function edit(cookie: string, id: number, changes: Record<string, unknown>, drop: string[] = []) {
  const { location: loaded } = await json<{ location: Record<string, unknown> }>(
    await send('GET', `/api/admin/locations/${id}`, undefined, cookie),
  );
  const body: Record<string, unknown> = { ...loaded, ...changes };
  for (const key of drop) delete body[key];
  return send('PUT', `/api/admin/locations/${id}`, body, cookie);
}

describe('a location’s shared baskets (admin)', () => {
  it('is off on a new location unless asked for, and on when the admin adds it so', async () => {
    const admin = await asAdmin();
    const base = {
      name: 'Nowa',
      street: 'Prosta',
      no: '1',
      zip: '00-850',
      city: 'Warszawa',
      citySlug: 'warszawa',
      country: 'pl',
      latitude: 52.23,
      longitude: 21.0,
      pickupEnabled: true,
      deliveryEnabled: true,
    };
    const plain = await send('POST', '/api/admin/locations', { ...base, slug: 'nowa-bez' }, admin);
    expect(plain.status).toBe(201);
    expect((await json<{ location: AdminLocation }>(plain)).location.sharedBaskets).toBe(false);
    const shared = await send(
      'POST',
      '/api/admin/locations',
      { ...base, slug: 'nowa-wspolna', sharedBaskets: true },
      admin,
    );
    expect(shared.status).toBe(201);
    const { location } = await json<{ location: AdminLocation }>(shared);
    expect(location.sharedBaskets).toBe(true);
    expect((await lastAudit(location.id))?.data).toMatchObject({ sharedBaskets: true });
    const wrong = await send(
      'POST',
      '/api/admin/locations',
      { ...base, slug: 'nowa-zla', sharedBaskets: 'yes' },
      admin,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'validation', details: { sharedBaskets: expect.any(String) } });
  });

  it('is switched on and off by an admin, audited each time, and shown by the form, the list and the shop', async () => {
    const admin = await asAdmin();
    const wola = await locationOf('warszawa-wola');
    expect(wola.sharedBaskets).toBe(false);

    const on = await edit(admin, wola.id, { sharedBaskets: true });
    expect(on.status).toBe(200);
    expect((await json<{ location: AdminLocation }>(on)).location.sharedBaskets).toBe(true);
    expect((await locationOf('warszawa-wola')).sharedBaskets).toBe(true);
    const audited = await lastAudit(wola.id);
    expect(audited).toMatchObject({ action: 'location.updated', data: { sharedBaskets: true } });
    expect(audited?.actorUserId).toEqual(expect.any(String));

    // What the form loads, what the list shows and what every channel reads of the location.
    const form = await json<{ location: AdminLocation }>(
      await send('GET', `/api/admin/locations/${wola.id}`, undefined, admin),
    );
    expect(form.location.sharedBaskets).toBe(true);
    const list = await json<{ rows: { id: number; sharedBaskets: boolean }[] }>(
      await send('GET', '/api/admin/locations?q=Wola', undefined, admin),
    );
    expect(list.rows.find((row) => row.id === wola.id)?.sharedBaskets).toBe(true);
    // Beside it, how many restaurants cook there: Mokotów's four brands share its kitchen.
    const mokotow = await json<{ rows: { sharedBaskets: boolean; restaurants: number }[] }>(
      await send('GET', '/api/admin/locations?q=Mokot', undefined, admin),
    );
    expect(mokotow.rows).toEqual([expect.objectContaining({ sharedBaskets: true, restaurants: 4 })]);
    const shop = await json<{ sharedBaskets: boolean }>(await send('GET', '/api/locations/warszawa-wola'));
    expect(shop.sharedBaskets).toBe(true);

    // An edit that does not name the setting (an older form or script) leaves it as it is.
    expect((await edit(admin, wola.id, { name: 'Warszawa Wola' }, ['sharedBaskets'])).status).toBe(200);
    expect((await locationOf('warszawa-wola')).sharedBaskets).toBe(true);

    const off = await edit(admin, wola.id, { sharedBaskets: false });
    expect(off.status).toBe(200);
    expect((await locationOf('warszawa-wola')).sharedBaskets).toBe(false);
    expect((await lastAudit(wola.id))?.data).toMatchObject({ sharedBaskets: false });
    expect(
      (await json<{ sharedBaskets: boolean }>(await send('GET', '/api/locations/warszawa-wola'))).sharedBaskets,
    ).toBe(false);
  });

  it('cannot be switched by anyone but an admin', async () => {
    const mokotow = await locationOf('warszawa-mokotow');
    expect(mokotow.sharedBaskets).toBe(true);
    const admin = await asAdmin();
    const { location: loaded } = await json<{ location: Record<string, unknown> }>(
      await send('GET', `/api/admin/locations/${mokotow.id}`, undefined, admin),
    );
    const body = { ...loaded, sharedBaskets: false };
    const staff = [
      await signIn('callcenter@example.com', 'cc-demo-2026'),
      await signIn('manager@example.com', 'manager-demo-2026'),
      await signIn('kitchen@example.com', 'kitchen-demo-2026'),
      await signIn('user@example.com', 'user-demo-2026'),
      '',
    ];
    for (const cookie of staff) {
      const refused = await send('PUT', `/api/admin/locations/${mokotow.id}`, body, cookie);
      expect(refused.status, cookie ? 'a signed-in non-admin' : 'nobody').toBe(401);
      expect((await send('GET', `/api/admin/locations/${mokotow.id}`, undefined, cookie)).status).toBe(401);
    }
    expect((await locationOf('warszawa-mokotow')).sharedBaskets).toBe(true);
  });
});
