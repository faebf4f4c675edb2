import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { menuItems, modifierOptions, modifierGroups, restaurants, workingHours } from '#db/schema/index.ts';
import { openDatabase } from '#db/client.ts';
import { createApp } from '#server/app.ts';
import { request, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();
const get = (path: string, headers: Record<string, string> = {}) => request(ctx, path, { headers });

// A Wednesday: 2025-06-04 12:00 in Warsaw (UTC+2).
const NOON_WARSAW = new Date('2025-06-04T10:00:00Z');

describe('catalogue', () => {
  it('lists locations, concepts and cities', async () => {
    const response = await get('/api/getLocationsAndConcepts');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.concepts.map((c: { slug: string }) => c.slug)).toContain('pasta-fresca');
    expect(body.locations.map((l: { slug: string }) => l.slug)).toContain('warszawa-mokotow');
    expect(body.cities).toContainEqual({ slug: 'warszawa', name: 'Warszawa', country: 'pl' });
    expect(body.cities.some((c: { country: string }) => c.country === 'ua')).toBe(true);
  });

  it('keeps a restaurant open around the clock open in the minute around midnight', async () => {
    // 23:59:30 and 00:00:30 in Warsaw (CEST), and midnight itself.
    for (const instant of ['2025-06-04T21:59:30Z', '2025-06-04T22:00:00Z', '2025-06-04T22:00:30Z']) {
      ctx.setNow(new Date(instant));
      const body = await (await get('/api/restaurants/pasta-fresca-warszawa-mokotow')).json();
      expect(body.hours).toContainEqual({ day: 3, from: '00:00', to: '24:00', date: null, service: null });
      expect(body.state, instant).toEqual({ state: 'open', nextOpening: null });
    }
  });

  it('answers a restaurant by slug and by id with its menu in the agreed shape', async () => {
    ctx.setNow(NOON_WARSAW);
    const response = await get('/api/restaurants/pasta-fresca-warszawa-mokotow');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      slug: 'pasta-fresca-warszawa-mokotow',
      concept: { slug: 'pasta-fresca', name: 'Pasta Fresca' },
      location: { slug: 'warszawa-mokotow', country: 'pl', citySlug: 'warszawa' },
      currency: 'PLN',
      state: { state: 'open', nextOpening: null },
      deliveryValue: 799,
      minBasketValue: 3000,
    });
    expect(body.hours).toHaveLength(7);
    const items = body.categories.flatMap((c: { items: unknown[] }) => c.items);
    expect(items.length).toBeGreaterThan(5);
    const withGroups = items.find((i: { groups: unknown[] }) => i.groups.length > 0);
    expect(withGroups.groups[0]).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      required: expect.any(Boolean),
      min: expect.any(Number),
      max: expect.any(Number),
    });
    expect(withGroups.groups[0].options[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      price: expect.any(Number),
      unavailable: false,
      // Issue 36: { contains, mayContain } of the fourteen groups, or null when not given.
      allergens: { contains: expect.any(Array), mayContain: expect.any(Array) },
    });
    expect(items.some((i: { unavailable: boolean }) => i.unavailable)).toBe(true);

    const byId = await get(`/api/restaurants/${body.id}`);
    expect((await byId.json()).slug).toBe('pasta-fresca-warszawa-mokotow');
  });

  it('leaves inactive items out of the menu', async () => {
    const [item] = await ctx.database.db
      .select()
      .from(menuItems)
      .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
      .where(eq(restaurants.slug, 'pasta-fresca-warszawa-mokotow'))
      .limit(1);
    await ctx.database.db.update(menuItems).set({ active: false }).where(eq(menuItems.id, item!.menu_items.id));
    const body = await (await get('/api/restaurants/pasta-fresca-warszawa-mokotow')).json();
    const ids = body.categories.flatMap((c: { items: { id: number }[] }) => c.items.map((i) => i.id));
    expect(ids).not.toContain(item!.menu_items.id);
  });

  it('shows every menu and hours change at once, in this process and in another one, though menus are cached', async () => {
    ctx.setNow(NOON_WARSAW);
    const path = '/api/restaurants/pasta-fresca-warszawa-mokotow';
    // A second "process": its own connection pool and its own menu cache on the same database.
    const other = await openDatabase({ url: ctx.database.url, max: 2 });
    const otherApp = createApp({ ...ctx.deps, db: other.db });
    const fromOther = async () =>
      (await otherApp.request(`http://localhost${path}`, { headers: { host: 'localhost' } })).json();
    try {
      const first = await (await get(path)).json();
      await fromOther();
      const item = first.categories
        .flatMap((c: { items: unknown[] }) => c.items)
        .find((i: { groups: unknown[] }) => i.groups.length > 0);
      const optionId = item.groups[0].options[0].id;
      const etag = (await get(path)).headers.get('etag')!;

      await ctx.database.db.update(menuItems).set({ name: 'Nowa nazwa' }).where(eq(menuItems.id, item.id));
      const renamed = await get(path, { 'if-none-match': etag });
      expect(renamed.status).toBe(200);
      const names = (body: { categories: { items: { id: number; name: string }[] }[] }) =>
        body.categories.flatMap((c) => c.items).find((i) => i.id === item.id)?.name;
      expect(names(await renamed.json())).toBe('Nowa nazwa');
      expect(names(await fromOther())).toBe('Nowa nazwa');

      await ctx.database.db.update(modifierOptions).set({ price: 4321 }).where(eq(modifierOptions.id, optionId));
      const price = (body: typeof first) =>
        body.categories
          .flatMap((c: { items: { groups: { options: { id: number; price: number }[] }[] }[] }) => c.items)
          .flatMap((i: { groups: { options: { id: number; price: number }[] }[] }) => i.groups)
          .flatMap((g: { options: { id: number; price: number }[] }) => g.options)
          .find((o: { id: number }) => o.id === optionId)?.price;
      expect(price(await (await get(path)).json())).toBe(4321);
      expect(price(await fromOther())).toBe(4321);

      await ctx.database.db.delete(modifierGroups).where(eq(modifierGroups.id, item.groups[0].id));
      expect(price(await (await get(path)).json())).toBeUndefined();
      expect(price(await fromOther())).toBeUndefined();

      // Hours are cached with the menu: closing the restaurant today shows at once.
      await ctx.database.db.delete(workingHours).where(eq(workingHours.restaurantId, first.id));
      expect((await (await get(path)).json()).state.state).toBe('closed');
      expect((await fromOther()).state.state).toBe('closed');
    } finally {
      await other.close();
    }
  });

  it('tells open, closed with the next opening, and temporarily unavailable apart', async () => {
    // 23:00 in Warsaw: a 10:00–22:00 restaurant is closed and opens tomorrow at 10:00.
    ctx.setNow(new Date('2025-06-04T21:00:00Z'));
    const closed = await (await get('/api/restaurants/smash-club-warszawa-mokotow')).json();
    expect(closed.state.state).toBe('closed');
    const allDay = await (await get('/api/restaurants/pasta-fresca-warszawa-mokotow')).json();
    expect(allDay.state.state).toBe('open');
    const disabled = await (await get('/api/restaurants/pierogi-babci-warszawa-wola')).json();
    expect(disabled.state).toEqual({ state: 'unavailable', nextOpening: null });
    // 00:30 local on Thursday: Kraków's pierogi (11:00–21:00) open at 11:00 the same day.
    ctx.setNow(new Date('2025-06-04T22:30:00Z'));
    const lateNight = await (await get('/api/restaurants/pierogi-babci-krakow-kazimierz')).json();
    expect(lateNight.state).toEqual({ state: 'closed', nextOpening: '2025-06-05T11:00:00+02:00' });
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the state changes', async () => {
    ctx.setNow(new Date('2025-06-04T09:00:00Z'));
    const first = await get('/api/restaurants/pierogi-babci-krakow-kazimierz');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await get('/api/restaurants/pierogi-babci-krakow-kazimierz', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // 11:00 → 13:00 local: the restaurant has opened, so the cached answer is stale.
    ctx.setNow(new Date('2025-06-04T11:00:00Z'));
    const opened = await get('/api/restaurants/pierogi-babci-krakow-kazimierz', { 'if-none-match': etag });
    expect(opened.status).toBe(200);
    expect((await opened.json()).state.state).toBe('open');
    expect(opened.headers.get('etag')).not.toBe(etag);
  });

  it('sends the menu compressed to clients that accept Brotli, as its own version for caches', async () => {
    const path = '/api/restaurants/pierogi-babci-krakow-kazimierz';
    const plain = await get(path);
    const text = await plain.text();
    const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(bytes).toString()).toBe(text);
    expect(bytes.length).toBeLessThan(Buffer.byteLength(text) / 3);
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('answers cities, locations and concepts by slug, and notFound for unknown ones', async () => {
    const city = await (await get('/api/cities/warszawa')).json();
    expect(city).toMatchObject({ slug: 'warszawa', name: 'Warszawa', country: 'pl' });
    expect(city.restaurants.length).toBeGreaterThan(1);
    expect(city.restaurants.every((r: { location: { citySlug: string } }) => r.location.citySlug === 'warszawa')).toBe(
      true,
    );
    const location = await (await get('/api/locations/kyiv-podil')).json();
    expect(location).toMatchObject({ slug: 'kyiv-podil', country: 'ua' });
    expect(location.restaurants.map((r: { slug: string }) => r.slug)).toContain('bao-house-kyiv-podil');
    expect(location.restaurants[0].currency).toBe('UAH');
    const concept = await (await get('/api/concepts/pasta-fresca')).json();
    expect(concept).toMatchObject({ slug: 'pasta-fresca', defaultRestaurant: 'pasta-fresca-warszawa-mokotow' });
    expect(Array.isArray(concept.reviews)).toBe(true);
    expect(concept.restaurants.every((r: { concept: { slug: string } }) => r.concept.slug === 'pasta-fresca')).toBe(
      true,
    );
    for (const path of [
      '/api/cities/atlantis',
      '/api/locations/nowhere',
      '/api/concepts/nope',
      '/api/restaurants/no-such-place',
      '/api/restaurants/999999',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'notFound' });
    }
  });

  it('finds the restaurants delivering to an address, by point or by zip', async () => {
    ctx.setNow(NOON_WARSAW);
    // Puławska 145, Mokotów.
    const byPoint = await (await get('/api/restaurants?lat=52.1935&lng=21.0228')).json();
    const slugs = byPoint.restaurants.map((r: { slug: string }) => r.slug);
    expect(slugs).toContain('pasta-fresca-warszawa-mokotow');
    expect(slugs.every((s: string) => !s.includes('kyiv'))).toBe(true);
    expect(byPoint.restaurants[0].state.state).toBe('open');
    // Each with what delivery costs at that address: the terms of the zone holding it (the restaurant page's line).
    const mokotow = byPoint.restaurants.find((r: { slug: string }) => r.slug === 'pasta-fresca-warszawa-mokotow');
    expect(mokotow.atAddress).toEqual({ deliveryValue: expect.any(Number), minBasketValue: expect.any(Number) });
    expect(mokotow.atAddress.deliveryValue).toBeGreaterThanOrEqual(mokotow.deliveryValue);
    const byZip = await (await get('/api/restaurants?zip=02-715&country=pl')).json();
    expect(byZip.restaurants.map((r: { slug: string }) => r.slug)).toContain('pasta-fresca-warszawa-mokotow');
    const nowhere = await (await get('/api/restaurants?lat=0&lng=0')).json();
    expect(nowhere.restaurants).toEqual([]);
  });

  it('refuses a delivery query without an address or with a bad zip', async () => {
    const none = await get('/api/restaurants');
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { zip: 'notEmpty' },
    });
    const badZip = await get('/api/restaurants?zip=02715&country=pl');
    expect(await badZip.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { zip: 'isValidZipCode' },
    });
    const badLat = await get('/api/restaurants?lat=north&lng=21');
    expect(badLat.status).toBe(400);
    expect((await badLat.json()).details).toHaveProperty('lat');
  });
});
