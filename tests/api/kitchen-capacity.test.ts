import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, kitchenSlots, locations, orders, restaurants, users, workingHours } from '#db/schema/index.ts';
import { shiftAt } from '#domain/kitchen-shift.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, PL, placeOrder, plCustomer, settle } from '../helpers/orders.ts';

const ctx = useTestApp();
// A Wednesday, 12:00 in Warsaw: the seeded restaurants are open.
const NOON = new Date('2026-03-04T11:00:00Z');
beforeEach(() => ctx.setNow(NOON));

const PASSWORDS: Record<string, string> = {
  'kitchen@example.com': 'kitchen-demo-2026',
  'manager@example.com': 'manager-demo-2026',
};

async function sessionOf(email: string) {
  const response = await request(ctx, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORDS[email] }),
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function newSession(role: 'admin' | 'callCenter') {
  const [user] = await ctx.database.db
    .insert(users)
    .values({ email: `${role}-${crypto.randomUUID()}@example.com`, passwordHash: 'x', role, activatedAt: new Date() })
    .returning({ id: users.id });
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user!.id });
  return `${SESSION_COOKIE}=${token}`;
}

const send = (cookie: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(ctx, path, {
    method,
    headers: {
      cookie,
      origin: 'http://localhost',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

async function kitchenOf(slug: string) {
  const [row] = await ctx.database.db
    .select({ restaurantId: restaurants.id, locationId: restaurants.locationId })
    .from(restaurants)
    .where(eq(restaurants.slug, slug));
  return row!;
}

const webOrder = async (options: { quantity?: number; scheduledFor?: string; restaurant?: string } = {}) => {
  const basket = await makeBasket(ctx.database.db, {
    restaurant: options.restaurant ?? PL,
    quantity: options.quantity ?? 6,
  });
  return placeOrder(ctx, basket.basketId, {
    ...plCustomer,
    zip: basket.zip,
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '123456',
    ...(options.scheduledFor ? { scheduledFor: options.scheduledFor } : {}),
  });
};

/** A second brand cooked at the Mokotów kitchen (10:00–22:00-like hours, unlike Pasta Fresca's round the clock). */
async function otherBrand() {
  const { locationId } = await kitchenOf(PL);
  const [other] = await ctx.database.db
    .select({ slug: restaurants.slug, preparationMinutes: restaurants.preparationMinutes })
    .from(restaurants)
    // Smash Club: the Mokotów brand with hours of its own (the others there never close).
    .where(sql`${restaurants.locationId} = ${locationId} and ${restaurants.slug} = 'smash-club-warszawa-mokotow'`);
  expect(other, 'the seed cooks Smash Club at the Mokotów kitchen').toBeDefined();
  return other!;
}

type Schedule = {
  paused: boolean;
  pausedUntil: string | null;
  preparationMinutes: number;
  asap: { readyAt: string; dueAt: string | null } | null;
  slots: { slot: string; readyAt: string; dueAt: string | null }[];
  timeZone: string;
};

describe('throttling: a kitchen limits its orders per 15-minute slot', () => {
  it('100 concurrent orders into a kitchen with room for 10 a slot: 10 in each slot from the first, none lost', async () => {
    const { locationId } = await kitchenOf(PL);
    await ctx.database.db.update(locations).set({ slotOrders: 10 }).where(eq(locations.id, locationId));
    const baskets = await Promise.all(
      Array.from({ length: 100 }, () => makeBasket(ctx.database.db, { restaurant: PL })),
    );
    const answers = await Promise.all(
      baskets.map((b) =>
        placeOrder(ctx, b.basketId, {
          ...plCustomer,
          zip: b.zip,
          consents: allConsents,
          paymentMethod: 'blik',
          blikCode: '123456',
        }),
      ),
    );
    if (answers[0]!.status !== 201) console.log(await answers[0]!.clone().text());
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as {
      order: { promise: { slot: string; readyAt: string } | null };
    }[];
    const rows = await ctx.database.db
      .select({ slot: orders.scheduledFor, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.source, 'web'))
      .groupBy(orders.scheduledFor)
      .orderBy(orders.scheduledFor);
    expect(rows.reduce((n, r) => n + r.n, 0)).toBe(100);
    // 12:00 plus 30 minutes' preparation: the first slot is 12:30 Warsaw time, then every quarter of an hour.
    expect(rows.map((r) => r.slot!.toISOString())).toEqual(
      Array.from({ length: 10 }, (_, i) =>
        new Date(Date.parse('2026-03-04T11:30:00Z') + i * 15 * 60_000).toISOString(),
      ),
    );
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 10 }, () => 10));
    // Each answer promised what was stored: its slot, and ready no earlier than the slot's start.
    for (const body of bodies) {
      expect(body.order.promise).not.toBeNull();
      expect(Date.parse(body.order.promise!.readyAt)).toBeGreaterThanOrEqual(Date.parse(body.order.promise!.slot));
    }
  });

  it('orders refused at the write (a code used up meanwhile) leave nothing counted in their slot', async () => {
    const { locationId } = await kitchenOf(PL);
    await ctx.database.db.update(locations).set({ slotOrders: 10 }).where(eq(locations.id, locationId));
    // OSTATNI has one use left: the losers that read it as free reach the write, which finds it taken.
    const made = await Promise.all(
      Array.from({ length: 30 }, () => makeBasket(ctx.database.db, { restaurant: PL, code: 'OSTATNI' })),
    );
    const answers = await Promise.all(
      made.map((b) =>
        placeOrder(ctx, b.basketId, {
          ...plCustomer,
          zip: b.zip,
          consents: allConsents,
          paymentMethod: 'blik',
          blikCode: '123456',
        }),
      ),
    );
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { error?: string }[];
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(bodies.filter((b) => b.error === 'discountNotActive')).toHaveLength(29);
    const [counted] = await ctx.database.db
      .select({ orders: sql<number>`coalesce(sum(${kitchenSlots.orders}), 0)::int` })
      .from(kitchenSlots)
      .where(eq(kitchenSlots.locationId, locationId));
    expect(counted!.orders).toBe(1);
  });

  it('30 concurrent orders of 3 items into room for 10 items a slot: 3 in each slot, booked over its stripes', async () => {
    // 10 items are 3 + 3 + 2 + 2 over the slot's stripes: a third order of 3 fits no stripe alone but fits the slot,
    // and is booked with the slot's stripes locked (decision 053); a fourth has no room (9 + 3 > 10).
    const { locationId } = await kitchenOf(PL);
    await ctx.database.db.update(locations).set({ slotItems: 10 }).where(eq(locations.id, locationId));
    const baskets = await Promise.all(
      Array.from({ length: 30 }, () => makeBasket(ctx.database.db, { restaurant: PL, quantity: 3 })),
    );
    const answers = await Promise.all(
      baskets.map((b) =>
        placeOrder(ctx, b.basketId, {
          ...plCustomer,
          zip: b.zip,
          consents: allConsents,
          paymentMethod: 'blik',
          blikCode: '123456',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const rows = await ctx.database.db
      .select({ slot: orders.scheduledFor, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.source, 'web'))
      .groupBy(orders.scheduledFor)
      .orderBy(orders.scheduledFor);
    expect(rows.map((r) => r.slot!.toISOString())).toEqual(
      Array.from({ length: 10 }, (_, i) =>
        new Date(Date.parse('2026-03-04T11:30:00Z') + i * 15 * 60_000).toISOString(),
      ),
    );
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 10 }, () => 3));
    // The counters agree with the orders: 9 items in each slot, none over a stripe's share but by a booking.
    const counted = await ctx.database.db
      .select({
        slot: kitchenSlots.slot,
        orders: sql<number>`sum(${kitchenSlots.orders})::int`,
        items: sql<number>`sum(${kitchenSlots.items})::int`,
        stripes: sql<number>`count(*)::int`,
      })
      .from(kitchenSlots)
      .where(eq(kitchenSlots.locationId, locationId))
      .groupBy(kitchenSlots.slot)
      .orderBy(kitchenSlots.slot);
    expect(counted.filter((c) => c.orders > 0).map((c) => [c.orders, c.items])).toEqual(
      Array.from({ length: 10 }, () => [3, 9]),
    );
  });

  it('an items limit counts items: an order bigger than a slot’s room goes to a later slot', async () => {
    const { locationId } = await kitchenOf(PL);
    await ctx.database.db.update(locations).set({ slotItems: 10 }).where(eq(locations.id, locationId));
    const first = await (await webOrder({ quantity: 6 })).json();
    const second = await (await webOrder({ quantity: 6 })).json();
    expect(first.order.promise.slot).toBe('2026-03-04T11:30:00.000Z');
    expect(second.order.promise.slot).toBe('2026-03-04T11:45:00.000Z');
  });
});

describe('throttling: what a slot holds', () => {
  it('a rejected order gives its place back; orders placed before throttling was turned on count', async () => {
    const admin = await newSession('admin');
    const { locationId } = await kitchenOf(PL);
    const before = await (await webOrder()).json();
    expect(before.order.promise.slot).toBe('2026-03-04T11:30:00.000Z');
    const settings = {
      slotOrders: 1,
      slotItems: null,
      preOrdersWhileClosed: false,
      horizonDays: 2,
      deliveryMinutes: 30,
    };
    expect((await send(admin, 'PUT', `/api/admin/locations/${locationId}/kitchen`, settings)).status).toBe(200);
    const second = await (await webOrder()).json();
    expect(second.order.promise.slot).toBe('2026-03-04T11:45:00.000Z');

    await settle(ctx);
    const rejected = await send(admin, 'POST', `/api/admin/orders/${second.order.id}/actions`, {
      action: 'reject',
      rejectionReason: 'tooBusy',
    });
    expect(rejected.status).toBe(200);
    const third = await (await webOrder()).json();
    expect(third.order.promise.slot).toBe('2026-03-04T11:45:00.000Z');
  });
});

describe('busy mode: one tap pauses or slows the whole kitchen', () => {
  it('kitchen staff pause it: web, call centre and bot orders are refused with kitchenPaused; it resumes by itself', async () => {
    const kitchen = await sessionOf('kitchen@example.com');
    const paused = await send(kitchen, 'PUT', `/api/admin/kitchen/${PL}/busy`, {
      kind: 'paused',
      reason: 'Oven broken',
      forMinutes: 15,
    });
    if (paused.status !== 200) console.log(await paused.clone().text());
    expect(paused.status).toBe(200);
    expect((await paused.json()).busy).toMatchObject({ kind: 'paused', until: '2026-03-04T11:15:00Z' });
    const { locationId } = await kitchenOf(PL);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'location' and ${auditLog.entityId} = ${String(locationId)}`);
    expect(audit?.data).toMatchObject({ busy: { kind: 'paused', reason: 'Oven broken' } });

    const web = await webOrder();
    expect(web.status).toBe(409);
    expect((await web.json()).error).toBe('kitchenPaused');

    const cc = await newSession('callCenter');
    const sample = await makeBasket(ctx.database.db, { restaurant: PL });
    const { id: ccBasket } = await (await send(cc, 'POST', '/api/cc/baskets')).json();
    await send(cc, 'POST', `/api/cc/baskets/${ccBasket}/items`, { menuItemId: sample.menuItemId, quantity: 2 });
    await send(cc, 'PUT', `/api/cc/baskets/${ccBasket}/delivery`, { deliveryMethod: 'pickup' });
    const ccSchedule = (await (await send(cc, 'GET', `/api/cc/baskets/${ccBasket}/schedule`)).json()) as {
      schedule: Schedule;
    };
    expect(ccSchedule.schedule).toMatchObject({ paused: true, pausedUntil: '2026-03-04T11:15:00Z', asap: null });
    const phoneOrder = (key: string) =>
      send(
        cc,
        'POST',
        `/api/cc/baskets/${ccBasket}/order`,
        {
          firstname: 'Jan',
          lastname: 'Kowalski',
          phone: '600 700 800',
          email: 'jan@example.com',
          consents: allConsents,
          paymentMethod: 'cashOnDelivery',
        },
        { 'idempotency-key': key },
      );
    const ccAnswer = await phoneOrder(crypto.randomUUID());
    expect(ccAnswer.status).toBe(409);
    expect((await ccAnswer.json()).error).toBe('kitchenPaused');

    const admin = await newSession('admin');
    const { key } = await (await send(admin, 'POST', '/api/admin/bot-keys', { name: 'Capacity bot' })).json();
    const botOrder = () =>
      request(ctx, '/api/bot/orders', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({
          items: [{ menuItemId: sample.menuItemId, quantity: 6 }],
          deliveryMethod: 'pickup',
          firstname: 'Jan',
          lastname: 'Kowalski',
          phone: '600 700 800',
          email: 'jan@example.com',
          consents: allConsents,
          paymentMethod: 'blik',
          blikCode: '123456',
        }),
      });
    const botSchedule = await request(ctx, `/api/bot/restaurants/${PL}/schedule?items=6&deliveryMethod=pickup`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(botSchedule.status).toBe(200);
    expect((await botSchedule.json()).schedule).toMatchObject({ paused: true, asap: null, slots: [] });
    const bot = await botOrder();
    expect(bot.status).toBe(409);
    expect((await bot.json()).error).toBe('kitchenPaused');

    // Fifteen minutes later nobody has resumed it, and it takes orders again on every channel.
    ctx.setNow(new Date('2026-03-04T11:15:00Z'));
    expect((await webOrder()).status).toBe(201);
    expect((await phoneOrder(crypto.randomUUID())).status).toBe(201);
    const offered = (await (
      await request(ctx, `/api/bot/restaurants/${PL}/schedule?items=6&deliveryMethod=pickup`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as { schedule: Schedule };
    expect(offered.schedule.asap).toEqual({ readyAt: '2026-03-04T11:45:00Z', dueAt: null });
    const botAgain = await botOrder();
    expect(botAgain.status).toBe(201);
    expect((await botAgain.json()).order.promise).toMatchObject({ readyAt: '2026-03-04T11:45:00.000Z' });
  });

  it('extra time from the board moves every brand’s promise at that kitchen, and the basket shows it', async () => {
    const at = new Date('2026-03-04T12:05:00Z');
    ctx.setNow(at);
    const kitchen = await sessionOf('kitchen@example.com');
    const other = await otherBrand();
    const set = await send(kitchen, 'PUT', `/api/admin/kitchen/${PL}/busy`, {
      kind: 'extraTime',
      extraMinutes: 20,
      forMinutes: 60,
    });
    expect(set.status).toBe(200);
    const placed = await (await webOrder({ restaurant: other.slug })).json();
    expect(placed.order.promise.readyAt).toBe(
      new Date(at.getTime() + (other.preparationMinutes + 20) * 60_000).toISOString(),
    );

    const board = await (await send(kitchen, 'GET', `/api/admin/kitchen/${PL}`)).json();
    expect(board.kitchen.busy).toMatchObject({ kind: 'extraTime', extraMinutes: 20 });
    // Back to normal in one tap.
    expect((await send(kitchen, 'PUT', `/api/admin/kitchen/${PL}/busy`, { kind: 'none' })).status).toBe(200);
    expect((await (await send(kitchen, 'GET', `/api/admin/kitchen/${PL}`)).json()).kitchen.busy).toBeNull();
  });

  it('the board reads the hours: open now, and closed all day once a special day closes today (issue 38)', async () => {
    const kitchen = await sessionOf('kitchen@example.com');
    const before = await (await send(kitchen, 'GET', `/api/admin/kitchen/${PL}`)).json();
    expect(shiftAt(before.schedule, NOON.getTime(), '2026-03-04')).toMatchObject({
      open: true,
      today: { special: false },
    });
    const { restaurantId } = await kitchenOf(PL);
    await ctx.database.db
      .insert(workingHours)
      .values({ restaurantId, day: 3, from: '00:00', to: '00:00', date: '2026-03-04' });
    const after = await (await send(kitchen, 'GET', `/api/admin/kitchen/${PL}`)).json();
    expect(after.schedule.days[0]).toEqual({ date: '2026-03-04', special: true, ranges: [] });
    const shift = shiftAt(after.schedule, NOON.getTime(), '2026-03-04');
    expect(shift).toMatchObject({ open: false, closesAt: null });
    // It opens again on Thursday, as the week says.
    expect(shift.opensAt?.startsWith('2026-03-05')).toBe(true);
    await ctx.database.db.delete(workingHours).where(eq(workingHours.date, '2026-03-04'));
  });

  it('a kitchen account of another kitchen cannot set it; a pause needs a reason and a board choice', async () => {
    const other = await sessionOf('manager@example.com');
    const kitchen = await sessionOf('kitchen@example.com');
    const noReason = await send(kitchen, 'PUT', `/api/admin/kitchen/${PL}/busy`, { kind: 'paused', reason: ' ' });
    expect(noReason.status).toBe(400);
    const odd = await send(kitchen, 'PUT', `/api/admin/kitchen/${PL}/busy`, { kind: 'extraTime', extraMinutes: 25 });
    expect(odd.status).toBe(400);
    // The manager's kitchens are Mokotów and Wola: a restaurant of a kitchen outside them is refused.
    const [foreign] = await ctx.database.db
      .select({ slug: restaurants.slug })
      .from(restaurants)
      .innerJoin(locations, eq(locations.id, restaurants.locationId))
      .where(sql`${locations.country} = 'ua'`)
      .limit(1);
    const refused = await send(other, 'PUT', `/api/admin/kitchen/${foreign!.slug}/busy`, {
      kind: 'extraTime',
      extraMinutes: 10,
    });
    expect(refused.status).toBe(403);
  });
});

describe('scheduled orders', () => {
  it('offers slots for tomorrow; an order for 12:30 is promised then and waits in the board’s later column', async () => {
    const basket = await makeBasket(ctx.database.db, { restaurant: PL });
    const answer = await request(ctx, '/api/basket/schedule', { headers: { cookie: `basket=${basket.basketId}` } });
    expect(answer.status).toBe(200);
    const { schedule } = (await answer.json()) as { schedule: Schedule };
    expect(schedule.timeZone).toBe('Europe/Warsaw');
    expect(schedule.asap).not.toBeNull();
    const tomorrow = '2026-03-05T11:30:00Z'; // 12:30 in Warsaw
    const offered = schedule.slots.find((s) => Date.parse(s.slot) === Date.parse(tomorrow));
    expect(offered, 'tomorrow 12:30 is offered').toBeDefined();

    const placed = await placeOrder(ctx, basket.basketId, {
      ...plCustomer,
      zip: basket.zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '123456',
      scheduledFor: offered!.slot,
    });
    expect(placed.status).toBe(201);
    const body = await placed.json();
    expect(body.order.promise).toMatchObject({
      slot: '2026-03-05T11:30:00.000Z',
      readyAt: '2026-03-05T11:30:00.000Z',
      dueAt: '2026-03-05T12:00:00.000Z',
    });
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(stored!.promisedAt!.toISOString()).toBe('2026-03-05T11:30:00.000Z');
    expect(stored!.fireAt!.getTime()).toBeLessThan(stored!.promisedAt!.getTime());
  });

  it('refuses a slot that is not offered, and a full one, with slotUnavailable', async () => {
    const odd = await webOrder({ scheduledFor: '2026-03-05T11:37:00Z' });
    expect(odd.status).toBe(409);
    expect((await odd.json()).error).toBe('slotUnavailable');
    const { locationId } = await kitchenOf(PL);
    await ctx.database.db.update(locations).set({ slotOrders: 1 }).where(eq(locations.id, locationId));
    expect((await webOrder({ scheduledFor: '2026-03-05T11:30:00Z' })).status).toBe(201);
    const full = await webOrder({ scheduledFor: '2026-03-05T11:30:00Z' });
    expect(full.status).toBe(409);
    expect((await full.json()).error).toBe('slotUnavailable');
  });

  it('a closed restaurant refuses orders, unless its kitchen takes pre-orders: then a scheduled one is taken', async () => {
    // 03:00 in Warsaw: the second brand is closed (Pasta Fresca never closes).
    ctx.setNow(new Date('2026-03-04T02:00:00Z'));
    const { slug } = await otherBrand();
    const asap = await webOrder({ restaurant: slug });
    expect((await asap.json()).error).toBe('restaurantClosed');
    const lunch = '2026-03-04T12:30:00Z'; // 13:30 in Warsaw
    const refused = await webOrder({ restaurant: slug, scheduledFor: lunch });
    expect((await refused.json()).error).toBe('restaurantClosed');
    const { locationId } = await kitchenOf(PL);
    await ctx.database.db.update(locations).set({ preOrdersWhileClosed: true }).where(eq(locations.id, locationId));
    const taken = await webOrder({ restaurant: slug, scheduledFor: lunch });
    expect(taken.status).toBe(201);
    expect((await taken.json()).order.promise.readyAt).toBe('2026-03-04T12:30:00.000Z');
    expect((await (await webOrder({ restaurant: slug })).json()).error).toBe('restaurantClosed');
  });
});

describe('admin: kitchen settings', () => {
  it('edits slot capacity, pre-orders, horizon and delivery time, validated and audited', async () => {
    const admin = await newSession('admin');
    const { locationId } = await kitchenOf(PL);
    const settings = {
      slotOrders: 8,
      slotItems: null,
      preOrdersWhileClosed: true,
      horizonDays: 3,
      deliveryMinutes: 40,
    };
    const saved = await send(admin, 'PUT', `/api/admin/locations/${locationId}/kitchen`, settings);
    expect(saved.status).toBe(200);
    expect((await saved.json()).location).toMatchObject(settings);
    const bad = await send(admin, 'PUT', `/api/admin/locations/${locationId}/kitchen`, {
      ...settings,
      horizonDays: 30,
    });
    expect(bad.status).toBe(400);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'location' and ${auditLog.entityId} = ${String(locationId)}`);
    expect(audits.map((a) => a.data)).toEqual([expect.objectContaining(settings)]);
  });
});
