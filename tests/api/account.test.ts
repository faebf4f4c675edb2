import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, orders, users } from '#db/schema/index.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plCustomer } from '../helpers/orders.ts';

const ctx = useTestApp({ TRUST_PROXY: '1' });

const send = (method: string, path: string, body?: unknown, cookie?: string, ip = '192.0.2.1') =>
  request(ctx, path, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost',
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
  });
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';
const loginAs = async (email = 'user@example.com', password = 'user-demo-2026') =>
  cookieOf(await send('POST', '/api/auth/login', { email, password }));
const me = async (cookie: string) =>
  ((await (await request(ctx, '/api/auth/getUser', { headers: { cookie } })).json()) as { user: unknown }).user;

const registration = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Zofia',
  lastname: 'Wiśniewska',
  email: 'zofia@example.com',
  phone: '600 100 200',
  password: 'zofia-password-1',
  passwordRepeat: 'zofia-password-1',
  shopPolicies: true,
  restaurantPolicies: true,
  ...overrides,
});

describe('registration rules', () => {
  it('names every field’s first broken rule at once and creates nothing', async () => {
    const response = await send('POST', '/api/auth/register', {
      firstname: ' ',
      email: 'zofia@',
      phone: '12345',
      password: 'zofia-password-1',
      passwordRepeat: 'zofia-password-2',
      shopPolicies: false,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: {
        firstname: 'notEmpty',
        lastname: 'notEmpty',
        email: 'isValidEmail',
        phone: 'isValidPhoneNo',
        passwordRepeat: 'isEqual',
        shopPolicies: 'isTrue',
        restaurantPolicies: 'isTrue',
      },
    });
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('checks the phone by the chosen country and the password’s length', async () => {
    const ua = await send('POST', '/api/auth/register', registration({ country: 'ua' }));
    expect(await ua.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { phone: 'isValidPhoneNo' },
    });
    const short = await send(
      'POST',
      '/api/auth/register',
      registration({ password: 'short', passwordRepeat: 'short' }),
    );
    expect(await short.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { password: 'minLength' },
    });
    const ok = await send('POST', '/api/auth/register', registration({ country: 'ua', phone: '(050) 123-45-67' }));
    expect(ok.status).toBe(201);
  });

  it('answers notUniqueEmail for a taken address, whatever its case', async () => {
    const response = await send('POST', '/api/auth/register', registration({ email: 'User@Example.com' }));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'notUniqueEmail' });
  });

  it('keeps the consents: marketing optional, the policies recorded', async () => {
    await send('POST', '/api/auth/register', registration({ marketingSms: true }));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, 'zofia@example.com'));
    expect(row).toMatchObject({
      marketingSms: true,
      marketingEmail: false,
      shopPolicies: true,
      restaurantPolicies: true,
      activatedAt: null,
      lang: 'pl',
      role: 'user',
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('limits registrations per address (5 an hour)', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await send('POST', '/api/auth/register', registration({ email: `z${i}@example.com` }))).status).toBe(201);
    }
    const blocked = await send('POST', '/api/auth/register', registration({ email: 'z9@example.com' }));
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ requestId: expect.any(String), error: 'tooManyRequests' });
    expect((await send('POST', '/api/auth/register', registration(), undefined, '192.0.2.2')).status).toBe(201);
  });

  it('sends at most three reset e-mails an hour per account, from any address, and never refuses the owner', async () => {
    for (let i = 0; i < 3; i += 1) {
      const ip = `198.51.100.${i}`;
      expect(
        (await send('POST', '/api/auth/forgotPassword', { email: 'user@example.com' }, undefined, ip)).status,
      ).toBe(200);
    }
    // A fourth request (a stranger's, or the owner's own) gets the same answer and sends nothing more: a 429 here let
    // three requests from anyone block the owner's reset for an hour.
    const fourth = await send(
      'POST',
      '/api/auth/forgotPassword',
      { email: 'USER@example.com' },
      undefined,
      '198.51.100.9',
    );
    expect(fourth.status).toBe(200);
    expect(await fourth.json()).toEqual({ ok: true });
    const sent = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'passwordReset'))
      .orderBy(emailOutbox.id);
    expect(sent).toHaveLength(3);
    // The newest link in the owner's inbox still sets a new password.
    const token = /[?&]token=([\w-]+)/.exec(sent.at(-1)!.text)?.[1];
    const reset = await send('POST', '/api/auth/resetPassword', {
      token,
      password: 'a-new-password-1',
      passwordRepeat: 'a-new-password-1',
    });
    expect(reset.status).toBe(200);
  });
});

describe('my data', () => {
  it('shows and edits the profile; a field left out stays', async () => {
    const cookie = await loginAs();
    const shown = await send('GET', '/api/account', undefined, cookie);
    expect((await shown.json()).profile).toMatchObject({ email: 'user@example.com', role: 'user' });

    const edited = await send(
      'PATCH',
      '/api/account',
      { firstname: ' Ola ', phone: '0501234567', country: 'ua', marketingSms: true, lang: 'ua' },
      cookie,
    );
    expect(edited.status).toBe(200);
    const { profile } = await edited.json();
    expect(profile).toMatchObject({ firstname: 'Ola', phone: '0501234567', marketingSms: true, lang: 'ua' });
    expect(profile.lastname).not.toBe('');
    expect(profile).not.toHaveProperty('passwordHash');
    expect(await me(cookie)).toMatchObject({ firstname: 'Ola' });
  });

  it('refuses a blank name and a phone its country does not allow', async () => {
    const cookie = await loginAs();
    const response = await send('PATCH', '/api/account', { lastname: '', phone: '0501234567' }, cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { lastname: 'notEmpty', phone: 'isValidPhoneNo' },
    });
    expect((await send('PATCH', '/api/account', {}, cookie)).status).toBe(400);
  });

  it('changes the password with the current one: other sessions end, this one stays', async () => {
    const other = await loginAs();
    const cookie = await loginAs();
    const wrong = await send(
      'POST',
      '/api/account/password',
      { currentPassword: 'nope', password: 'changed-pass-1', passwordRepeat: 'changed-pass-1' },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { currentPassword: 'wrongPassword' },
    });
    expect(await me(other)).not.toBeNull();

    const changed = await send(
      'POST',
      '/api/account/password',
      { currentPassword: 'user-demo-2026', password: 'changed-pass-1', passwordRepeat: 'changed-pass-1' },
      cookie,
    );
    expect(changed.status).toBe(200);
    expect(await me(other)).toBeNull();
    expect(await me(cookie)).toMatchObject({ email: 'user@example.com' });
    expect(
      (await send('POST', '/api/auth/login', { email: 'user@example.com', password: 'changed-pass-1' })).status,
    ).toBe(200);
  });

  it('limits current-password guesses per account', async () => {
    const cookie = await loginAs();
    const guess = { currentPassword: 'guess', password: 'changed-pass-1', passwordRepeat: 'changed-pass-1' };
    for (let i = 0; i < 10; i += 1)
      expect((await send('POST', '/api/account/password', guess, cookie)).status).toBe(400);
    expect((await send('POST', '/api/account/password', guess, cookie)).status).toBe(429);
  });
});

describe('my addresses', () => {
  const home = { street: 'Prosta', streetNo: '1', aptNo: '4', city: 'Warszawa', zip: '00-850', country: 'pl' };
  const work = { street: 'Złota', streetNo: '59', city: 'Warszawa', zip: '00-120', country: 'pl' };

  it('adds, edits, chooses a default and deletes; the first address is the default, one at a time', async () => {
    const cookie = await loginAs();
    const first = await send('POST', '/api/account/addresses', home, cookie);
    expect(first.status).toBe(201);
    const a = (await first.json()).address;
    expect(a).toMatchObject({ fullAddress: 'Prosta 1/4, 00-850 Warszawa', isDefault: true });
    const b = (await (await send('POST', '/api/account/addresses', work, cookie)).json()).address;
    expect(b.isDefault).toBe(false);

    const chosen = await send('POST', `/api/account/addresses/${b.id}/default`, undefined, cookie);
    expect((await chosen.json()).addresses.map((x: { id: string; isDefault: boolean }) => [x.id, x.isDefault])).toEqual(
      [
        [b.id, true],
        [a.id, false],
      ],
    );

    const edited = await send('PUT', `/api/account/addresses/${a.id}`, { ...home, streetNo: '2', aptNo: null }, cookie);
    expect((await edited.json()).address).toMatchObject({ fullAddress: 'Prosta 2, 00-850 Warszawa', isDefault: false });

    // Deleting the default hands it to the address that remains.
    const left = await send('DELETE', `/api/account/addresses/${b.id}`, undefined, cookie);
    expect((await left.json()).addresses).toMatchObject([{ id: a.id, isDefault: true }]);
  });

  it('checks the zip by the address’s country and keeps other users’ addresses out of reach', async () => {
    const cookie = await loginAs();
    const bad = await send('POST', '/api/account/addresses', { ...home, zip: '00850', street: '' }, cookie);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { street: 'notEmpty', zip: 'isValidZipCode' },
    });
    expect(
      (await send('POST', '/api/account/addresses', { ...home, zip: '04070', country: 'ua' }, cookie)).status,
    ).toBe(201);

    const mine = (await (await send('POST', '/api/account/addresses', home, cookie)).json()).address;
    const admin = await loginAs('admin@example.com', 'admin-demo-2026');
    for (const [method, path, body] of [
      ['PUT', `/api/account/addresses/${mine.id}`, work],
      ['POST', `/api/account/addresses/${mine.id}/default`, undefined],
      ['DELETE', `/api/account/addresses/${mine.id}`, undefined],
    ] as const) {
      const response = await send(method, path, body, admin);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'notFound' });
    }
    expect((await (await send('GET', '/api/account/addresses', undefined, admin)).json()).addresses).toEqual([]);
    expect((await send('DELETE', '/api/account/addresses/not-a-uuid', undefined, cookie)).status).toBe(400);
  });
});

describe('deleting my account', () => {
  async function orderOf(userId: string, cookie: string) {
    const basket = await makeBasket(ctx.database.db, { userId, deliveryMethod: 'pickup' });
    const placed = await placeOrder(
      ctx,
      basket.basketId,
      { ...plCustomer, consents: allConsents, paymentMethod: 'blik', blikCode: '123456' },
      crypto.randomUUID(),
      { cookie },
    );
    expect(placed.status).toBe(201);
    return (await placed.json()).order.id as string;
  }

  it('needs the password, waits for orders on their way, then erases the person and keeps the orders', async () => {
    ctx.setNow(new Date('2026-03-04T11:00:00Z'));
    const cookie = await loginAs();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'user@example.com'));
    await send(
      'POST',
      '/api/account/addresses',
      { street: 'Prosta', streetNo: '1', city: 'W', zip: '00-850', country: 'pl' },
      cookie,
    );
    const orderId = await orderOf(user!.id, cookie);

    const wrong = await send('DELETE', '/api/account', { password: 'nope' }, cookie);
    expect(await wrong.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { password: 'wrongPassword' },
    });
    const waiting = await send('DELETE', '/api/account', { password: 'user-demo-2026' }, cookie);
    expect(waiting.status).toBe(409);
    expect(await waiting.json()).toEqual({ requestId: expect.any(String), error: 'activeOrders' });

    await ctx.database.db.update(orders).set({ status: 'finished' }).where(eq(orders.id, orderId));
    const deleted = await send('DELETE', '/api/account', { password: 'user-demo-2026' }, cookie);
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('set-cookie')).toMatch(/^sid=;/);
    expect(await me(cookie)).toBeNull();

    const gone = await send('POST', '/api/auth/login', { email: 'user@example.com', password: 'user-demo-2026' });
    expect(await gone.json()).toEqual({ requestId: expect.any(String), error: 'UserDoesNotExists' });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(row).toMatchObject({ firstname: '', lastname: '', phone: null, marketingEmail: false });
    expect(row!.email).toBe(`deleted-${user!.id}@deleted.invalid`);
    expect(row!.deletedAt).not.toBeNull();

    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.total).toBeGreaterThan(0);
    expect(order!.customer).toEqual({ firstname: '', lastname: '', phone: '', email: '' });

    // The address is free again.
    expect((await send('POST', '/api/auth/register', registration({ email: 'user@example.com' }))).status).toBe(201);
  });
});
