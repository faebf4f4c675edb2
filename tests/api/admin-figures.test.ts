import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders } from '#db/schema/index.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, settle, UA, uaCustomer } from '../helpers/orders.ts';

// The dashboard and the sales list count by one definition (#domain/dashboard.ts): these tests hold them to it.
const ctx = useTestApp();
/** 12:00 in Warsaw on a Wednesday: the seeded restaurants are open. */
const START = new Date('2026-03-04T11:00:00Z');
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);
beforeEach(() => ctx.setNow(START));

async function login() {
  const response = await request(ctx, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-2026' }),
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function order(method: 'blik' | 'cashOnDelivery' = 'cashOnDelivery') {
  const ua = method === 'cashOnDelivery';
  const b = await makeBasket(ctx.database.db, { restaurant: ua ? UA : undefined, deliveryMethod: 'door2door' });
  const response = await placeOrder(ctx, b.basketId, {
    ...(ua ? uaCustomer : plCustomer),
    zip: b.zip,
    consents: allConsents,
    paymentMethod: method,
    blikCode: '123456',
  });
  expect(response.status).toBe(201);
  const id = (await response.json()).order.id as string;
  await settle(ctx);
  const [row] = await ctx.database.db.select({ total: orders.total }).from(orders).where(eq(orders.id, id));
  return { id, total: row!.total };
}

async function act(cookie: string, id: string, body: Record<string, unknown>) {
  const response = await request(ctx, `/api/admin/orders/${id}/actions`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie },
  });
  expect(response.status, JSON.stringify(body)).toBe(200);
}

type Outcomes = {
  orders: number;
  revenue: number;
  rejected: { orders: number; revenue: number };
  missed: { orders: number; revenue: number };
  canceled: { orders: number; revenue: number };
};
type SalesRow = {
  day: string;
  currency: string;
  orders: number;
  total: number;
  rejected: number;
  rejectedTotal: number;
  missed: number;
  missedTotal: number;
  canceled: number;
  canceledTotal: number;
};

async function dashboard(cookie: string, days: 1 | 7 | 30) {
  const response = await request(ctx, `/api/admin/dashboard?days=${days}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    totals: (Outcomes & { currency: string })[];
    byRestaurant: (Outcomes & { slug: string; times: Record<string, number | null> })[];
  };
}

/** Every row of the sales list for the days, summed per currency into the dashboard's shape. */
async function salesTotals(cookie: string, from: string, to: string) {
  const response = await request(ctx, `/api/admin/sales?from=${from}&to=${to}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const { rows } = (await response.json()) as { rows: SalesRow[] };
  const sums = new Map<string, Outcomes & { currency: string }>();
  for (const row of rows) {
    const sum = sums.get(row.currency) ?? {
      currency: row.currency,
      orders: 0,
      revenue: 0,
      rejected: { orders: 0, revenue: 0 },
      missed: { orders: 0, revenue: 0 },
      canceled: { orders: 0, revenue: 0 },
    };
    sum.orders += row.orders;
    sum.revenue += row.total;
    sum.rejected.orders += row.rejected;
    sum.rejected.revenue += row.rejectedTotal;
    sum.missed.orders += row.missed;
    sum.missed.revenue += row.missedTotal;
    sum.canceled.orders += row.canceled;
    sum.canceled.revenue += row.canceledTotal;
    sums.set(row.currency, sum);
  }
  return [...sums.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

describe('admin figures: one definition for the dashboard and the sales list', () => {
  it('counts sold, rejected and missed orders the same way on both, by the day placed in Warsaw', async () => {
    const admin = await login();
    // 23:30 in Warsaw the evening before (00:30 the next day in Kyiv): yesterday on every admin screen.
    ctx.setNow(new Date('2026-03-03T22:30:00Z'));
    const lateEvening = await order();
    ctx.setNow(START);
    const accepted = await order();
    const refused = await order();
    const forgotten = await order();
    ctx.setNow(at(2));
    await act(admin, accepted.id, { action: 'accept', preparationMinutes: 20 });
    // The kitchen says why (issue 37): rejected with a reason, unlike the ones nobody accepted.
    await act(admin, refused.id, { action: 'reject', rejectionReason: 'soldOut' });
    // Nobody accepts `forgotten` within its 10 minutes (and the late-evening one long ago): the sweep rejects them.
    ctx.setNow(at(11));
    await sweepOverdueOrders(ctx.deps);
    ctx.setNow(at(12));
    const waiting = await order();
    const pl = await order('blik');
    ctx.setNow(at(17));
    await act(admin, accepted.id, { action: 'ready' });

    const today = await dashboard(admin, 1);
    expect(today.totals).toEqual([
      {
        currency: 'PLN',
        orders: 1,
        revenue: pl.total,
        rejected: { orders: 0, revenue: 0 },
        missed: { orders: 0, revenue: 0 },
        canceled: { orders: 0, revenue: 0 },
      },
      {
        currency: 'UAH',
        orders: 2,
        revenue: accepted.total + waiting.total,
        rejected: { orders: 1, revenue: refused.total },
        missed: { orders: 1, revenue: forgotten.total },
        canceled: { orders: 0, revenue: 0 },
      },
    ]);
    expect(await salesTotals(admin, '2026-03-04', '2026-03-04')).toEqual(today.totals);

    // Seven days take in the late evening's order (missed too) on both screens alike.
    const week = await dashboard(admin, 7);
    expect(week.totals.find((t) => t.currency === 'UAH')!.missed).toEqual({
      orders: 2,
      revenue: forgotten.total + lateEvening.total,
    });
    expect(await salesTotals(admin, '2026-02-26', '2026-03-04')).toEqual(week.totals);
  });

  it('gives each restaurant its average acceptance time and its promised and actual preparation times', async () => {
    const admin = await login();
    const quick = await order();
    const slow = await order();
    const untouched = await order();
    ctx.setNow(at(1));
    await act(admin, quick.id, { action: 'accept', preparationMinutes: 10 });
    ctx.setNow(at(3));
    await act(admin, slow.id, { action: 'accept', preparationMinutes: 30 });
    // Ready 12 minutes after its acceptance; `slow` is still being prepared and gives no actual time yet.
    ctx.setNow(at(13));
    await act(admin, quick.id, { action: 'ready' });

    const { byRestaurant } = await dashboard(admin, 1);
    const ua = byRestaurant.find((r) => r.slug === UA)!;
    expect(ua.orders).toBe(3);
    expect(ua.times).toEqual({
      accepted: 2,
      acceptanceSeconds: 120,
      promisedMinutes: 20,
      ready: 1,
      actualMinutes: 12,
    });
    expect(untouched.id).toBeTruthy();
  });
});
