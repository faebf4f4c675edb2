import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { startMailCatcher, tokenOf } from '../helpers/mail.ts';

// Every link here is read from a message a real SMTP server received (sent by nodemailer from the outbox), then
// followed through the API the way the shop's page will: the page reads the token from its URL and POSTs it.
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail?.close();
});
// TRUST_PROXY: the limits' tests speak from several addresses through X-Forwarded-For.
const ctx = useTestApp({ PUBLIC_BASE_URL: 'https://shop.example.com', TRUST_PROXY: '1' });

const post = (path: string, body: unknown, cookie?: string) =>
  request(ctx, path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
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
  marketingEmail: true,
  ...overrides,
});

describe('registration and activation by e-mail', () => {
  it('sends a Polish activation link; until it is followed login answers UserIsNotActivated; it works once', async () => {
    const registered = await post('/api/auth/register', registration());
    expect(registered.status).toBe(201);
    expect(await registered.json()).toEqual({ email: 'zofia@example.com' });

    const [message, ...more] = await mail.deliver(ctx.database.db);
    expect(more).toEqual([]);
    expect(message!.to).toEqual(['zofia@example.com']);
    expect(message!.subject).toBe('Aktywuj swoje konto');
    expect(message!.text).toContain('Cześć Zofia!');
    // Account e-mails belong to the shop, not to a brand: its neutral look, no brand logo or signature.
    expect(message!.html).toContain('background:#111;color:#fff');
    expect(message!.html).not.toContain('/logos/');
    const link = message!.links[0]!;
    // The plain-text part carries the same link as the HTML button.
    expect(message!.text).toContain(link);
    expect(link.startsWith('https://shop.example.com/login?activate=')).toBe(true);

    const early = await login('zofia@example.com', 'zofia-password-1');
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ requestId: expect.any(String), error: 'UserIsNotActivated' });

    const activated = await post('/api/auth/activate', { token: tokenOf(link).token });
    expect(activated.status).toBe(200);
    expect(await activated.json()).toEqual({ email: 'zofia@example.com' });
    const loggedIn = await login('ZOFIA@example.com', 'zofia-password-1');
    expect(loggedIn.status).toBe(200);
    expect((await loggedIn.json()).user).toMatchObject({
      email: 'zofia@example.com',
      role: 'user',
      phone: '600100200',
    });

    const again = await post('/api/auth/activate', { token: tokenOf(link).token });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ requestId: expect.any(String), error: 'invalidToken' });
  });

  it('writes the e-mail in the registration’s language, with its page’s path', async () => {
    await post('/api/auth/register', registration({ email: 'en@example.com', lang: 'en' }));
    await post(
      '/api/auth/register',
      registration({ email: 'ua@example.com', lang: 'ua', country: 'ua', phone: '050 123 45 67', firstname: 'Олена' }),
    );
    const messages = await mail.deliver(ctx.database.db);
    const en = messages.find((m) => m.to[0] === 'en@example.com')!;
    const ua = messages.find((m) => m.to[0] === 'ua@example.com')!;
    expect(en.subject).toBe('Activate your account');
    expect(new URL(en.links[0]!).pathname).toBe('/en/login');
    expect(ua.subject).toBe('Активуйте свій обліковий запис');
    expect(ua.text).toContain('Вітаємо, Олена!');
    expect(new URL(ua.links[0]!).pathname).toBe('/ua/login');
  });

  it('resends a fresh link (the old one stops working) and says the same for unknown and active addresses', async () => {
    await post('/api/auth/register', registration());
    const [first] = await mail.deliver(ctx.database.db);

    for (const email of ['zofia@example.com', 'nobody@example.com', 'user@example.com']) {
      const response = await post('/api/auth/resendActivation', { email });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    }
    const resent = await mail.deliver(ctx.database.db);
    expect(resent.map((m) => m.to[0])).toEqual(['zofia@example.com']);

    const old = await post('/api/auth/activate', { token: tokenOf(first!.links[0]!).token });
    expect(await old.json()).toEqual({ requestId: expect.any(String), error: 'invalidToken' });
    expect((await post('/api/auth/activate', { token: tokenOf(resent[0]!.links[0]!).token })).status).toBe(200);
  });

  it('refuses an activation link older than a day', async () => {
    await post('/api/auth/register', registration());
    const [message] = await mail.deliver(ctx.database.db);
    ctx.setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
    const late = await post('/api/auth/activate', { token: tokenOf(message!.links[0]!).token });
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ requestId: expect.any(String), error: 'invalidToken' });
  });
});

describe('forgotten password', () => {
  it('e-mails a reset link; the new password works, the old one and every other session do not', async () => {
    const elsewhere = cookieOf(await login('user@example.com', 'user-demo-2026'));
    expect(await me(elsewhere)).toMatchObject({ email: 'user@example.com' });

    const asked = await post('/api/auth/forgotPassword', { email: 'USER@example.com', lang: 'en' });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ ok: true });
    const [message] = await mail.deliver(ctx.database.db);
    expect(message!.to).toEqual(['user@example.com']);
    expect(message!.subject).toBe('Set a new password');
    const { path, token } = tokenOf(message!.links[0]!);
    expect(path).toBe('/en/reset-password');

    // A typo in the repeat answers the field and leaves the link usable.
    const typo = await post('/api/auth/resetPassword', {
      token,
      password: 'brand-new-pass',
      passwordRepeat: 'brand-new-pas',
    });
    expect(typo.status).toBe(400);
    expect(await typo.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { passwordRepeat: 'isEqual' },
    });
    const short = await post('/api/auth/resetPassword', { token, password: 'short', passwordRepeat: 'short' });
    expect(await short.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { password: 'minLength' },
    });

    const reset = await post('/api/auth/resetPassword', {
      token,
      password: 'brand-new-pass',
      passwordRepeat: 'brand-new-pass',
    });
    expect(reset.status).toBe(200);
    expect(await me(elsewhere)).toBeNull();
    expect((await login('user@example.com', 'user-demo-2026')).status).toBe(401);
    expect((await login('user@example.com', 'brand-new-pass')).status).toBe(200);

    const reused = await post('/api/auth/resetPassword', {
      token,
      password: 'other-pass-12',
      passwordRepeat: 'other-pass-12',
    });
    expect(await reused.json()).toEqual({ requestId: expect.any(String), error: 'invalidToken' });
  });

  it('answers UserDoesNotExists for an address with no account (or a deleted one), and sends nothing', async () => {
    const response = await post('/api/auth/forgotPassword', { email: 'nobody@example.com' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ requestId: expect.any(String), error: 'UserDoesNotExists' });
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, 'user@example.com'));
    expect(await (await post('/api/auth/forgotPassword', { email: 'user@example.com' })).json()).toEqual({
      requestId: expect.any(String),
      error: 'UserDoesNotExists',
    });
    expect(await mail.deliver(ctx.database.db)).toEqual([]);
  });

  it('lets one address probe 10 unknown addresses per 15 minutes; found accounts never count', async () => {
    const from = (ip: string) => (email: string) =>
      request(ctx, '/api/auth/forgotPassword', {
        method: 'POST',
        body: JSON.stringify({ email }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      });
    const office = from('203.0.113.40');
    // A household or an office behind one address resetting their own passwords is never stopped.
    for (let i = 0; i < 12; i += 1) expect((await office('user@example.com')).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await office(`nobody${i}@example.com`)).status).toBe(401);
    const blocked = await office('nobody-else@example.com');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ requestId: expect.any(String), error: 'tooManyRequests' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected; after the window this one may ask again.
    expect((await from('203.0.113.41')('nobody@example.com')).status).toBe(401);
    ctx.setNow(new Date(Date.now() + 16 * 60 * 1000));
    expect((await office('nobody@example.com')).status).toBe(401);
  });

  it('links the Polish page, and refuses the link after an hour', async () => {
    await post('/api/auth/forgotPassword', { email: 'user@example.com' });
    const [message] = await mail.deliver(ctx.database.db);
    expect(message!.subject).toBe('Ustaw nowe hasło');
    const { path, token } = tokenOf(message!.links[0]!);
    expect(path).toBe('/resetowanie-hasla');
    ctx.setNow(new Date(Date.now() + 61 * 60 * 1000));
    const late = await post('/api/auth/resetPassword', {
      token,
      password: 'brand-new-pass',
      passwordRepeat: 'brand-new-pass',
    });
    expect(await late.json()).toEqual({ requestId: expect.any(String), error: 'invalidToken' });
    expect((await login('user@example.com', 'user-demo-2026')).status).toBe(200);
  });
});

describe('changing the e-mail address', () => {
  it('confirms through a link sent to the new address; the old one is told and no longer logs in', async () => {
    const cookie = cookieOf(await login('user@example.com', 'user-demo-2026'));
    const asked = await post(
      '/api/account/email',
      { newEmail: 'nowy@example.com', password: 'user-demo-2026' },
      cookie,
    );
    expect(asked.status).toBe(202);
    const [confirm] = await mail.deliver(ctx.database.db);
    expect(confirm!.to).toEqual(['nowy@example.com']);
    expect(confirm!.subject).toBe('Potwierdź nowy adres e-mail');
    const { path, token } = tokenOf(confirm!.links[0]!);
    expect(path).toBe('/profil');
    // Until the link is followed nothing changes.
    expect((await login('user@example.com', 'user-demo-2026')).status).toBe(200);

    const confirmed = await post('/api/auth/confirmEmail', { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: 'nowy@example.com' });
    const [notice] = await mail.deliver(ctx.database.db);
    expect(notice!.to).toEqual(['user@example.com']);
    expect(notice!.text).toContain('nowy@example.com');

    const old = await login('user@example.com', 'user-demo-2026');
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ requestId: expect.any(String), error: 'UserDoesNotExists' });
    expect((await login('nowy@example.com', 'user-demo-2026')).status).toBe(200);
    expect(await (await post('/api/auth/confirmEmail', { token })).json()).toEqual({
      requestId: expect.any(String),
      error: 'invalidToken',
    });
  });

  it('answers notUniqueEmail when the address is taken, before or after the link was sent', async () => {
    const cookie = cookieOf(await login('user@example.com', 'user-demo-2026'));
    const taken = await post(
      '/api/account/email',
      { newEmail: 'Admin@example.com', password: 'user-demo-2026' },
      cookie,
    );
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ requestId: expect.any(String), error: 'notUniqueEmail' });

    await post('/api/account/email', { newEmail: 'later@example.com', password: 'user-demo-2026' }, cookie);
    const [confirm] = await mail.deliver(ctx.database.db);
    expect((await post('/api/auth/register', registration({ email: 'later@example.com' }))).status).toBe(201);
    const raced = await post('/api/auth/confirmEmail', { token: tokenOf(confirm!.links[0]!).token });
    expect(raced.status).toBe(409);
    expect(await raced.json()).toEqual({ requestId: expect.any(String), error: 'notUniqueEmail' });
  });

  it('needs the current password and a valid address', async () => {
    const cookie = cookieOf(await login('user@example.com', 'user-demo-2026'));
    const wrong = await post('/api/account/email', { newEmail: 'x@example.com', password: 'nope' }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { password: 'wrongPassword' },
    });
    const bad = await post('/api/account/email', { newEmail: 'not-an-address', password: 'user-demo-2026' }, cookie);
    expect(await bad.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { newEmail: 'isValidEmail' },
    });
    expect(await mail.deliver(ctx.database.db)).toEqual([]);
  });
});
