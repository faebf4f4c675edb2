import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders } from '#db/schema/index.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, PL, placeOrder, plCustomer, settle, UA, uaCustomer } from '../helpers/orders.ts';

// Issue 34, promise accuracy: an order keeps when it was accepted, ready and finished; the dashboard measures each
// kitchen's lateness (ready − promised) from them; the kitchen ticket prints the promise.
const ctx = useTestApp();
/** 12:00 in Warsaw on a Wednesday: the seeded restaurants are open. */
const START = new Date('2026-03-04T11:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
beforeEach(() => ctx.setNow(START));

async function login(email: string, password: string) {
  const response = await request(ctx, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}
const asAdmin = () => login('admin@example.com', 'admin-demo-2026');

/** An order that reached the kitchen: PL paid by Blik, UA cash on delivery. */
async function order(restaurant: typeof PL | typeof UA = PL, deliveryMethod: 'door2door' | 'pickup' = 'door2door') {
  const ua = restaurant === UA;
  const b = await makeBasket(ctx.database.db, { restaurant, deliveryMethod, quantity: 3 });
  const response = await placeOrder(ctx, b.basketId, {
    ...(ua ? uaCustomer : plCustomer),
    zip: b.zip,
    consents: allConsents,
    paymentMethod: ua ? 'cashOnDelivery' : 'blik',
    blikCode: '123456',
  });
  expect(response.status).toBe(201);
  const body = await response.json();
  await settle(ctx);
  return { id: body.order.id as string, displayId: body.order.displayId as string };
}

async function act(cookie: string, id: string, body: Record<string, unknown>) {
  const response = await request(ctx, `/api/admin/orders/${id}/actions`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie },
  });
  expect(response.status, JSON.stringify(body)).toBe(200);
}

const timesOf = async (id: string) => {
  const [row] = await ctx.database.db
    .select({ acceptedAt: orders.acceptedAt, readyAt: orders.readyAt, finishedAt: orders.finishedAt })
    .from(orders)
    .where(eq(orders.id, id));
  return row!;
};

describe('the times an order keeps', () => {
  it('a delivery is ready when it waits for the courier, finished when handed over', async () => {
    const admin = await asAdmin();
    const placed = await order();
    ctx.setNow(at(1));
    await act(admin, placed.id, { action: 'accept', preparationMinutes: 20 });
    expect(await timesOf(placed.id)).toEqual({ acceptedAt: at(1), readyAt: null, finishedAt: null });
    ctx.setNow(at(24));
    await act(admin, placed.id, { action: 'ready' });
    expect(await timesOf(placed.id)).toEqual({ acceptedAt: at(1), readyAt: at(24), finishedAt: null });
    ctx.setNow(at(31));
    await act(admin, placed.id, { action: 'handToCourier' });
    expect(await timesOf(placed.id)).toEqual({ acceptedAt: at(1), readyAt: at(24), finishedAt: at(31) });
  });

  it('a pickup is ready when ready for pickup, finished when collected', async () => {
    const admin = await asAdmin();
    const placed = await order(PL, 'pickup');
    ctx.setNow(at(2));
    await act(admin, placed.id, { action: 'accept', preparationMinutes: 15 });
    ctx.setNow(at(12));
    await act(admin, placed.id, { action: 'ready' });
    const [row] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, placed.id));
    expect(row!.status).toBe('ready_for_pickup');
    ctx.setNow(at(50));
    await act(admin, placed.id, { action: 'finish' });
    expect(await timesOf(placed.id)).toEqual({ acceptedAt: at(2), readyAt: at(12), finishedAt: at(50) });
  });

  it('an order canceled while cooking was never ready nor finished', async () => {
    const admin = await asAdmin();
    const placed = await order();
    await act(admin, placed.id, { action: 'accept', preparationMinutes: 20 });
    ctx.setNow(at(5));
    await act(admin, placed.id, { action: 'cancel' });
    expect(await timesOf(placed.id)).toMatchObject({ readyAt: null, finishedAt: null });
  });
});

type Lateness = {
  days: number;
  kitchens: { slug: string; name: string; measured: number; p50: number | null; p90: number | null }[];
};
const latenessOf = async (cookie: string, days: 1 | 7 | 30) => {
  const response = await request(ctx, `/api/admin/dashboard/lateness?days=${days}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as Lateness;
};

describe('lateness per kitchen', () => {
  it('gives p50 and p90 of ready − promised per kitchen over the period, to the admin and a manager of it', async () => {
    const admin = await asAdmin();
    // Mokotów: placed at START, each promised then for START + 30 (the kitchen's 30 minutes, no slot limit: issue 34),
    // accepted with 20 minutes (which moves no promise) and ready 15, 20, 23, 30 and 40 minutes later: −15, −10, −7,
    // 0 and 10 minutes late.
    for (const readyAfter of [15, 20, 23, 30, 40]) {
      ctx.setNow(START);
      const placed = await order();
      await act(admin, placed.id, { action: 'accept', preparationMinutes: 20 });
      ctx.setNow(at(readyAfter));
      await act(admin, placed.id, { action: 'ready' });
    }
    // One whose promise says 45 minutes (a later slot): ready after 30 is 15 minutes early.
    ctx.setNow(START);
    const promised = await order();
    await ctx.database.db
      .update(orders)
      .set({ promisedAt: at(45) })
      .where(eq(orders.id, promised.id));
    await act(admin, promised.id, { action: 'accept', preparationMinutes: 20 });
    ctx.setNow(at(30));
    await act(admin, promised.id, { action: 'ready' });
    // Accepted, not ready yet: not measured.
    ctx.setNow(START);
    const cooking = await order();
    await act(admin, cooking.id, { action: 'accept', preparationMinutes: 20 });
    // Kyiv, another kitchen: promised for START + 25 (its 25 minutes), ready after 90: 65 minutes late.
    const kyiv = await order(UA);
    await act(admin, kyiv.id, { action: 'accept', preparationMinutes: 30 });
    ctx.setNow(at(90));
    await act(admin, kyiv.id, { action: 'ready' });
    // Placed ten days ago (and 15 minutes late): in the 30 days only.
    ctx.setNow(START);
    const old = await order();
    await act(admin, old.id, { action: 'accept', preparationMinutes: 20 });
    ctx.setNow(at(45));
    await act(admin, old.id, { action: 'ready' });
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date(START.getTime() - 10 * 86_400_000) })
      .where(eq(orders.id, old.id));

    ctx.setNow(at(120));
    const bySlug = (figures: Lateness) => new Map(figures.kitchens.map((k) => [k.slug, k]));
    const today = bySlug(await latenessOf(admin, 1));
    // −15, −15, −10, −7, 0, 10: the median by nearest rank is the 3rd (−10), the 90th percentile the 6th (10).
    expect(today.get('warszawa-mokotow')).toMatchObject({ measured: 6, p50: -10, p90: 10 });
    expect(today.get('kyiv-podil')).toMatchObject({ measured: 1, p50: 65, p90: 65 });
    // A kitchen without ready orders is listed, unmeasured.
    expect(today.get('warszawa-wola')).toMatchObject({ measured: 0, p50: null, p90: null });
    // 30 days: the old order (15) joins: −15, −15, −10, −7, 0, 10, 15 → 4th (−7) and 7th (15).
    expect(bySlug(await latenessOf(admin, 30)).get('warszawa-mokotow')).toMatchObject({
      measured: 7,
      p50: -7,
      p90: 15,
    });

    // The manager of Mokotów and Wola sees those two, not Kyiv; a cook none (the guard's 401).
    const manager = await login('manager@example.com', 'manager-demo-2026');
    const managed = await latenessOf(manager, 1);
    expect(managed.kitchens.map((k) => k.slug).sort()).toEqual(['warszawa-mokotow', 'warszawa-wola']);
    expect(bySlug(managed).get('warszawa-mokotow')).toMatchObject({ measured: 6, p50: -10, p90: 10 });
    const cook = await login('kitchen@example.com', 'kitchen-demo-2026');
    const refused = await request(ctx, '/api/admin/dashboard/lateness?days=1', { headers: { cookie: cook } });
    expect(refused.status).toBe(401);
  });
});

describe('the kitchen ticket', () => {
  it('prints the brand, number, channel, lines without prices, the promise in the kitchen’s zone and the payment', async () => {
    const admin = await asAdmin();
    const placed = await order(UA);
    ctx.setNow(at(3));
    await act(admin, placed.id, { action: 'accept', preparationMinutes: 25 });
    const cook = await login('kitchen@example.com', 'kitchen-demo-2026');
    // Kyiv is not the cook's kitchen.
    expect((await request(ctx, `/api/admin/orders/${placed.id}/ticket`, { headers: { cookie: cook } })).status).toBe(
      403,
    );
    const response = await request(ctx, `/api/admin/orders/${placed.id}/ticket`, { headers: { cookie: admin } });
    expect(response.status).toBe(200);
    const { ticket } = await response.json();
    expect(ticket).toMatchObject({
      displayId: placed.displayId,
      brand: 'Bao House',
      source: 'web',
      deliveryType: 'door2door',
      // Promised when placed: the kitchen's 25 minutes from START (acceptance moves no promise).
      promisedAt: at(25).toISOString(),
      timeZone: 'Europe/Kyiv',
      customer: { name: 'Олена Шевченко', phone: '0501234567' },
      address: ['Сагайдачного 5', '04070 Київ'],
      payment: { state: 'toCollect', by: 'cash', currency: 'UAH' },
    });
    expect(ticket.lines).toHaveLength(1);
    expect(ticket.lines[0]).toMatchObject({ quantity: 3 });
    expect(ticket.lines[0]).not.toHaveProperty('unitPrice');

    const paid = await order(PL, 'pickup');
    const own = await request(ctx, `/api/admin/orders/${paid.id}/ticket`, { headers: { cookie: cook } });
    expect(own.status).toBe(200);
    const body = await own.json();
    // Not accepted yet, yet promised when placed (its kitchen's 30 minutes). Paid by Blik, picked up: no address.
    expect(body.ticket).toMatchObject({
      promisedAt: at(33).toISOString(),
      payment: { state: 'paid' },
      address: [],
      brand: 'Pasta Fresca',
    });
  });
});
