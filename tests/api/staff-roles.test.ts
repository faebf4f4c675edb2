import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { menuItems, restaurants, users, workingHours } from '#db/schema/index.ts';
import { useTestApp } from '../helpers/app.ts';
import { staffApi } from '../helpers/staff-api.ts';
import { startMailCatcher, tokenOf } from '../helpers/mail.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, settle, UA, uaCustomer } from '../helpers/orders.ts';

// Issue 37: kitchen accounts act on their own kitchens' restaurants only; the admin adds staff by invitation.
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.close();
});
const ctx = useTestApp({ TRUST_PROXY: '1' });
// A Wednesday noon in Warsaw: every seeded restaurant is open.
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

const MOKOTOW = 'pasta-fresca-warszawa-mokotow';

const { send } = staffApi(ctx);
const login = (email: string, password: string) => send('POST', '/api/auth/login', { email, password });
async function signIn(email: string, password: string): Promise<string> {
  const response = await login(email, password);
  expect(response.status, email).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}
const asAdmin = () => signIn('admin@example.com', 'admin-demo-2026');
const asKitchen = () => signIn('kitchen@example.com', 'kitchen-demo-2026');
const asManager = () => signIn('manager@example.com', 'manager-demo-2026');

async function restaurantId(slug: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.slug, slug));
  return row!.id;
}

/** A cash order at a Kyiv restaurant or a Blik one at pasta-fresca Mokotów, both waiting in status new. */
async function order(restaurant: typeof MOKOTOW | typeof UA): Promise<string> {
  const ua = restaurant === UA;
  const basket = await makeBasket(ctx.database.db, { restaurant, deliveryMethod: 'pickup' });
  const response = await placeOrder(ctx, basket.basketId, {
    ...(ua ? uaCustomer : plCustomer),
    zip: basket.zip,
    consents: allConsents,
    paymentMethod: ua ? 'cashOnDelivery' : 'blik',
    blikCode: '123456',
  });
  expect(response.status).toBe(201);
  await settle(ctx);
  return ((await response.json()) as { order: { id: string } }).order.id;
}

const boardIds = async (cookie: string, slug: string) => {
  const response = await send('GET', `/api/admin/kitchen/${slug}`, undefined, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { orders: { id: string }[] }).orders.map((o) => o.id);
};
const act = (cookie: string, id: string, action: string) =>
  send('POST', `/api/admin/orders/${id}/actions`, { action }, cookie);

describe('a kitchen staff account', () => {
  it('sees and moves the orders of its kitchen only, and is refused another kitchen’s board and orders', async () => {
    const kitchen = await asKitchen();
    const ours = await order(MOKOTOW);
    const theirs = await order(UA);

    expect(await boardIds(kitchen, MOKOTOW)).toContain(ours);
    const otherBoard = await send('GET', `/api/admin/kitchen/${UA}`, undefined, kitchen);
    expect(otherBoard.status).toBe(403);
    expect(await otherBoard.json()).toEqual({ requestId: expect.any(String), error: 'Forbidden' });
    expect((await send('GET', `/api/admin/orders/${theirs}`, undefined, kitchen)).status).toBe(403);
    expect((await act(kitchen, theirs, 'accept')).status).toBe(403);
    // Refused before the status machine: the other kitchen's order still waits for its own staff.
    const admin = await asAdmin();
    const other = await send('GET', `/api/admin/orders/${theirs}`, undefined, admin);
    expect(((await other.json()) as { order: { order: { status: string } } }).order.order.status).toBe('new');

    expect((await send('GET', `/api/admin/orders/${ours}`, undefined, kitchen)).status).toBe(200);
    for (const [action, to] of [
      ['accept', 'processing'],
      ['ready', 'ready_for_pickup'],
      ['finish', 'finished'],
    ] as const) {
      const response = await act(kitchen, ours, action);
      expect(response.status, action).toBe(200);
      expect(((await response.json()) as { change: { to: string } }).change.to).toBe(to);
    }
    expect(await boardIds(kitchen, MOKOTOW)).not.toContain(ours);
  });

  it('opens nothing else of the admin: no lists, users, codes, bot keys, dashboard nor menus', async () => {
    const kitchen = await asKitchen();
    const id = await restaurantId(MOKOTOW);
    for (const [method, path] of [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/discountCodes'],
      ['GET', '/api/admin/botKeys'],
      ['GET', '/api/admin/dashboard?days=7'],
      ['GET', `/api/admin/menu/restaurants/${id}`],
      ['GET', `/api/admin/restaurants/${id}/opening`],
      ['GET', '/api/admin/sales'],
    ] as const) {
      expect((await send(method, path, undefined, kitchen)).status, path).toBe(401);
    }
  });
});

describe('a kitchen manager', () => {
  it('edits its restaurant’s menu item and hours, not another kitchen’s, and never the fees', async () => {
    const manager = await asManager();
    const admin = await asAdmin();
    const ours = await restaurantId(MOKOTOW);
    const theirs = await restaurantId(UA);
    const itemOf = async (restaurant: number) => {
      const [item] = await ctx.database.db
        .select({ id: menuItems.id })
        .from(menuItems)
        .where(eq(menuItems.restaurantId, restaurant))
        .limit(1);
      return item!.id;
    };

    const off = await send(
      'PUT',
      `/api/admin/menu/items/${await itemOf(ours)}/availability`,
      { unavailable: true },
      manager,
    );
    expect(off.status).toBe(200);
    expect(((await off.json()) as { item: { unavailable: boolean } }).item.unavailable).toBe(true);
    const foreign = await itemOf(theirs);
    expect(
      (await send('PUT', `/api/admin/menu/items/${foreign}/availability`, { unavailable: true }, manager)).status,
    ).toBe(403);
    const [untouched] = await ctx.database.db.select().from(menuItems).where(eq(menuItems.id, foreign));
    expect(untouched!.unavailable).toBe(false);
    expect((await send('GET', `/api/admin/menu/restaurants/${theirs}`, undefined, manager)).status).toBe(403);

    const [before] = await ctx.database.db.select().from(restaurants).where(eq(restaurants.id, ours));
    const hours = [{ day: 3, from: '08:00', to: '20:00' }];
    // Fee fields sent along are not the opening call's: they are dropped, not written.
    const opening = await send(
      'PUT',
      `/api/admin/restaurants/${ours}/opening`,
      { isEnabled: false, hours, deliveryValue: 1, extraFee: 1 },
      manager,
    );
    expect(opening.status).toBe(200);
    const [after] = await ctx.database.db.select().from(restaurants).where(eq(restaurants.id, ours));
    expect(after!.isEnabled).toBe(false);
    expect(after!.deliveryValue).toBe(before!.deliveryValue);
    expect(after!.extraFee).toBe(before!.extraFee);
    const stored = await ctx.database.db
      .select({ day: workingHours.day, from: workingHours.from, to: workingHours.to })
      .from(workingHours)
      .where(eq(workingHours.restaurantId, ours));
    expect(stored).toEqual(hours);

    // The whole restaurant form (fees, delivery area, owners) stays the admin's.
    const full = await send('GET', `/api/admin/restaurants/${ours}`, undefined, admin);
    const { restaurant } = (await full.json()) as { restaurant: Record<string, unknown> };
    const { id: _id, updatedAt: _updated, createdAt: _created, ...fields } = restaurant;
    expect((await send('PUT', `/api/admin/restaurants/${ours}`, { ...fields, extraFee: 1 }, manager)).status).toBe(401);
    expect(
      (await send('PUT', `/api/admin/restaurants/${theirs}/opening`, { isEnabled: false, hours }, manager)).status,
    ).toBe(403);
    const bad = await send(
      'PUT',
      `/api/admin/restaurants/${ours}/opening`,
      {
        isEnabled: true,
        hours: [{ day: 1, from: '10:00', to: '10:00' }],
      },
      manager,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { 'hours.0.to': 'invalid' },
    });
  });
});

describe('staff accounts the admin adds', () => {
  const newcomer = (overrides: Record<string, unknown> = {}) => ({
    firstname: 'Olena',
    lastname: 'Kucharenko',
    email: 'olena@example.com',
    phone: '',
    role: 'kitchenStaff',
    lang: 'ua',
    kitchens: [] as number[],
    ...overrides,
  });

  it('invites by e-mail in the account’s language; the invitee sets a password, logs in and sees its kitchen', async () => {
    const admin = await asAdmin();
    const choices = await send('GET', '/api/admin/users/choices', undefined, admin);
    const { kitchens } = (await choices.json()) as { kitchens: { id: number; name: string }[] };
    const mokotow = kitchens.find((kitchen) => kitchen.name.includes('Mokotów'))!;

    const none = await send('POST', '/api/admin/users', newcomer(), admin);
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { kitchens: 'notEmpty' },
    });
    const unknown = await send('POST', '/api/admin/users', newcomer({ kitchens: [987654] }), admin);
    expect(await unknown.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { kitchens: 'notFound' },
    });

    const added = await send('POST', '/api/admin/users', newcomer({ kitchens: [mokotow.id] }), admin);
    expect(added.status).toBe(201);
    const { user } = (await added.json()) as { user: { id: string; active: boolean; kitchens: number[] } };
    expect(user).toMatchObject({ active: false, kitchens: [mokotow.id] });
    expect((await send('POST', '/api/admin/users', newcomer({ kitchens: [mokotow.id] }), admin)).status).toBe(409);

    const [invitation, ...more] = await mail.deliver(ctx.database.db);
    expect(more).toEqual([]);
    expect(invitation!.to).toEqual(['olena@example.com']);
    expect(invitation!.subject).toBe('Запрошення до облікового запису працівника');
    expect(invitation!.text).toContain('Вітаємо, Olena!');
    expect(invitation!.text).toContain('7 днів');
    const { path, token } = tokenOf(invitation!.links[0]!);
    expect(path).toBe('/ua/reset-password');

    const reset = await send('POST', '/api/auth/resetPassword', {
      token,
      password: 'olena-password-1',
      passwordRepeat: 'olena-password-1',
    });
    expect(reset.status).toBe(200);
    const olena = await signIn('olena@example.com', 'olena-password-1');
    const me = await send('GET', '/api/auth/getUser', undefined, olena);
    expect(((await me.json()) as { user: { role: string } }).user.role).toBe('kitchenStaff');
    expect((await send('GET', `/api/admin/kitchen/${MOKOTOW}`, undefined, olena)).status).toBe(200);
    expect((await send('GET', `/api/admin/kitchen/${UA}`, undefined, olena)).status).toBe(403);
  });

  it('a kitchen link that waits longer than a reset link still works after a day', async () => {
    const admin = await asAdmin();
    const [first] = (await (await send('GET', '/api/admin/users/choices', undefined, admin)).json()).kitchens as {
      id: number;
    }[];
    expect(
      (
        await send(
          'POST',
          '/api/admin/users',
          newcomer({ email: 'late@example.com', lang: 'en', kitchens: [first!.id] }),
          admin,
        )
      ).status,
    ).toBe(201);
    const [invitation] = await mail.deliver(ctx.database.db);
    expect(invitation!.subject).toBe('Your staff account invitation');
    ctx.setNow(new Date('2026-03-05T15:00:00Z'));
    const { token } = tokenOf(invitation!.links[0]!);
    const reset = await send('POST', '/api/auth/resetPassword', {
      token,
      password: 'late-password-1',
      passwordRepeat: 'late-password-1',
    });
    expect(reset.status).toBe(200);
  });

  it('gives a kitchen account its kitchens on the user form, and leaves them when the form does not send them', async () => {
    const admin = await asAdmin();
    const [kitchen] = await ctx.database.db.select().from(users).where(eq(users.email, 'kitchen@example.com'));
    const read = async () =>
      (
        (await (await send('GET', `/api/admin/users/${kitchen!.id}`, undefined, admin)).json()) as {
          user: { kitchens: number[]; role: string; email: string; active: boolean };
        }
      ).user;
    const was = await read();
    const [first, second] = (await (await send('GET', '/api/admin/users/choices', undefined, admin)).json())
      .kitchens as { id: number }[];
    const form = {
      firstname: kitchen!.firstname,
      lastname: kitchen!.lastname,
      email: kitchen!.email,
      phone: '',
      role: 'kitchenStaff',
      lang: 'pl',
      active: true,
    };
    const emptied = await send('PUT', `/api/admin/users/${kitchen!.id}`, { ...form, kitchens: [] }, admin);
    expect(await emptied.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { kitchens: 'notEmpty' },
    });
    const both = [first!.id, second!.id].sort((a, b) => a - b);
    expect((await send('PUT', `/api/admin/users/${kitchen!.id}`, { ...form, kitchens: both }, admin)).status).toBe(200);
    expect((await read()).kitchens).toEqual(both);
    expect((await send('PUT', `/api/admin/users/${kitchen!.id}`, form, admin)).status).toBe(200);
    expect((await read()).kitchens).toEqual(both);
    await send('PUT', `/api/admin/users/${kitchen!.id}`, { ...form, kitchens: was.kitchens }, admin);
  });

  it('sends a user a password reset link in the account’s language', async () => {
    const admin = await asAdmin();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'user@example.com'));
    const sent = await send('POST', `/api/admin/users/${user!.id}/passwordReset`, undefined, admin);
    expect(sent.status).toBe(200);
    const [message] = await mail.deliver(ctx.database.db);
    expect(message!.to).toEqual(['user@example.com']);
    expect(message!.subject).toBe('Ustaw nowe hasło');
    expect(tokenOf(message!.links[0]!).path).toBe('/resetowanie-hasla');
    expect((await send('POST', `/api/admin/users/${crypto.randomUUID()}/passwordReset`, undefined, admin)).status).toBe(
      404,
    );
  });

  it('saving a user not yet activated, with only the role changed, leaves it waiting for activation', async () => {
    const admin = await asAdmin();
    const registered = await send('POST', '/api/auth/register', {
      firstname: 'Nowy',
      lastname: 'Klient',
      email: 'waiting@example.com',
      phone: '600 100 200',
      password: 'waiting-password-1',
      passwordRepeat: 'waiting-password-1',
      shopPolicies: true,
      restaurantPolicies: true,
    });
    expect(registered.status).toBe(201);
    const [activation] = await mail.deliver(ctx.database.db);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'waiting@example.com'));
    // What the form loaded (active: false, as the account is not activated yet) with only the role changed.
    const loaded = await send('GET', `/api/admin/users/${row!.id}`, undefined, admin);
    const { user } = (await loaded.json()) as { user: Record<string, unknown> };
    expect(user.active).toBe(false);
    const saved = await send(
      'PUT',
      `/api/admin/users/${row!.id}`,
      {
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        phone: user.phone ?? '',
        role: 'callCenter',
        lang: user.lang,
        active: user.active,
      },
      admin,
    );
    expect(saved.status).toBe(200);
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, row!.id));
    expect(after!.role).toBe('callCenter');
    expect(after!.deactivatedAt).toBeNull();
    // Not "deactivated": the login says to activate, and the e-mail's link still activates the account.
    expect(await (await login('waiting@example.com', 'waiting-password-1')).json()).toEqual({
      requestId: expect.any(String),
      error: 'UserIsNotActivated',
    });
    const activated = await send('POST', '/api/auth/activate', { token: tokenOf(activation!.links[0]!).token });
    expect(activated.status).toBe(200);
    expect((await login('waiting@example.com', 'waiting-password-1')).status).toBe(200);
  });
});
