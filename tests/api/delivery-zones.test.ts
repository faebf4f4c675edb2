import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { deliveryZones, restaurants } from '#db/schema/index.ts';
import type { PolygonGeometry } from '#domain/delivery-area.ts';
import { useTestApp } from '../helpers/app.ts';
import { staffApi } from '../helpers/staff-api.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, PL } from '../helpers/orders.ts';

// Issue 38, decision 061: a restaurant's delivery zones, and the basket priced by the one holding its address.
const ctx = useTestApp({ TRUST_PROXY: '1' });
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

const { send, asAdmin, json } = staffApi(ctx);

const squareAround = (lat: number, lng: number, half: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng - half, lat - half],
      [lng + half, lat - half],
      [lng + half, lat + half],
      [lng - half, lat + half],
      [lng - half, lat - half],
    ],
  ],
});

type Summary = { deliveryValue: number; minBasketValue: number; totalValue: number };
type Basket = { summary: Summary; restaurant: { deliveryZone: { zoneId: number } | null } };

describe('delivery zones', () => {
  it('every demo restaurant delivers through one zone with its former area and fee (the migration’s and seed’s)', async () => {
    const rows = await ctx.database.db
      .select({ restaurant: restaurants.id, fee: restaurants.deliveryValue, zoneFee: deliveryZones.deliveryValue })
      .from(restaurants)
      .leftJoin(deliveryZones, eq(deliveryZones.restaurantId, restaurants.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.zoneFee).toBe(row.fee);
    expect(new Set(rows.map((r) => r.restaurant)).size).toBe(rows.length);
  });

  it('the admin replaces a restaurant’s zones; the basket pays the cheapest zone holding its address', async () => {
    const admin = await asAdmin();
    const b = await makeBasket(ctx.database.db, { restaurant: PL });
    const inner = {
      name: 'Centrum',
      polygon: squareAround(b.lat, b.lng, 0.01),
      zips: [],
      deliveryValue: 499,
      minBasketValue: 2000,
    };
    const outer = {
      ...inner,
      name: 'Dalej',
      polygon: squareAround(b.lat, b.lng, 0.05),
      deliveryValue: 1299,
      minBasketValue: 6000,
    };
    const byZip = { ...inner, name: 'Poczta', polygon: null, zips: ['05-500'], deliveryValue: 1999, minBasketValue: 0 };
    // Listed dearest first: the fee, not the order, picks between overlapping zones.
    const saved = await send(
      'PUT',
      `/api/admin/restaurants/${b.restaurantId}/zones`,
      { zones: [outer, inner, byZip] },
      admin,
    );
    expect(saved.status).toBe(200);
    const answer = await json<{ zones: { id: number; name: string }[] }>(saved);
    expect(answer.zones.map((z) => z.name)).toEqual(['Dalej', 'Centrum', 'Poczta']);
    const [outerId, innerId, zipId] = answer.zones.map((z) => z.id);
    const read = await json<{ zones: unknown[]; tiles: unknown; restaurant: { latitude: number } }>(
      await send('GET', `/api/admin/restaurants/${b.restaurantId}/zones`, undefined, admin),
    );
    expect(read).toMatchObject({ zones: answer.zones, tiles: null, restaurant: { latitude: b.lat } });

    const basketAt = async (address: Record<string, unknown>) => {
      const response = await send(
        'PUT',
        '/api/basket/delivery',
        { deliveryMethod: 'door2door', address: { street: 'Puławska', streetNo: '1', city: 'Warszawa', ...address } },
        `basket=${b.basketId}`,
      );
      expect(response.status, await response.clone().text()).toBe(200);
      return json<Basket>(response);
    };
    const near = await basketAt({ zip: '02-512', lat: b.lat + 0.005, lng: b.lng });
    expect(near.summary).toMatchObject({ deliveryValue: 499, minBasketValue: 2000 });
    expect(near.restaurant.deliveryZone?.zoneId).toBe(innerId);
    const far = await basketAt({ zip: '02-512', lat: b.lat + 0.03, lng: b.lng });
    expect(far.summary).toMatchObject({ deliveryValue: 1299, minBasketValue: 6000 });
    expect(far.restaurant.deliveryZone?.zoneId).toBe(outerId);
    // No point: the postcode picks the zone.
    const byPostcode = await basketAt({ zip: '05-500' });
    expect(byPostcode.restaurant.deliveryZone?.zoneId).toBe(zipId);
    expect(byPostcode.summary.deliveryValue).toBe(1999);
    // Outside every zone, the basket shows the cheapest ("delivery from") and checkout refuses the address.
    const outside = await basketAt({ zip: '31-001', lat: b.lat + 1, lng: b.lng });
    expect(outside.restaurant.deliveryZone).toBeNull();
    expect(outside.summary.deliveryValue).toBe(499);

    const refused = await placeOrder(ctx, b.basketId, {
      ...plCustomer,
      zip: '31-001',
      lat: b.lat + 1,
      lng: b.lng,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
    });
    expect(refused.status).toBe(400);
    expect((await json<{ error: string }>(refused)).error).toBe('addressOutOfRestaurantsDeliveryArea');

    // The order's address, not the basket's, prices the order: the far zone's fee.
    const placed = await placeOrder(ctx, b.basketId, {
      ...plCustomer,
      zip: '02-512',
      lat: b.lat + 0.03,
      lng: b.lng,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { order } = await json<{ order: { deliveryCosts: number; total: number } }>(placed);
    expect(order.deliveryCosts).toBe(1299);
  });

  it('refuses a zone with neither a polygon nor a postcode, and money that is not minor units', async () => {
    const admin = await asAdmin();
    const zone = { name: '', polygon: null, zips: ['  '], deliveryValue: 0, minBasketValue: 0 };
    const empty = await send('PUT', '/api/admin/restaurants/1/zones', { zones: [zone] }, admin);
    expect(empty.status).toBe(400);
    expect(Object.keys((await json<{ details: object }>(empty)).details)).toEqual(['zones.0.polygon']);
    const cents = await send(
      'PUT',
      '/api/admin/restaurants/1/zones',
      { zones: [{ ...zone, zips: ['00-950'], deliveryValue: 7.5 }] },
      admin,
    );
    expect(cents.status).toBe(400);
    expect((await send('GET', '/api/admin/restaurants/999999/zones', undefined, admin)).status).toBe(404);
  });
});
