import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, concepts, emailOutbox, locations, restaurants, users } from '#db/schema/index.ts';
import { hashPassword } from '#server/auth/password.ts';
import { useTestApp } from '../helpers/app.ts';
import { staffApi } from '../helpers/staff-api.ts';
import { startMailCatcher } from '../helpers/mail.ts';

const ctx = useTestApp({ TRUST_PROXY: '1' });

const { send, cookieOf, asAdmin, json } = staffApi(ctx);
const login = async (email: string, password: string) => send('POST', '/api/auth/login', { email, password });

const auditRows = (entity: string, entityId: string | number) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))));

// What operators run of a concept; its texts and pictures come from tenants/ (decision 043).
const concept = (overrides: Record<string, unknown> = {}) => ({
  defaultRestaurantSlug: 'pasta-fresca-warszawa-mokotow',
  showOnCompanyPortfolio: true,
  active: true,
  ...overrides,
});
const pastaFresca = async () =>
  (await ctx.database.db.select().from(concepts).where(eq(concepts.slug, 'pasta-fresca')))[0]!;

const location = (overrides: Record<string, unknown> = {}) => ({
  slug: 'nowa-lokalizacja',
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
  deliveryEnabled: false,
  ...overrides,
});

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [20.9, 52.1],
      [21.1, 52.1],
      [21.1, 52.3],
      [20.9, 52.3],
      [20.9, 52.1],
    ],
  ],
};

const restaurant = (overrides: Record<string, unknown> = {}) => ({
  slug: 'nowa-restauracja',
  name: 'Nowa restauracja',
  conceptId: 1,
  locationId: 1,
  isEnabled: true,
  active: true,
  phone: '',
  about: 'O nas',
  deliveryValue: 599,
  minBasketValue: 3000,
  smallOrderThreshold: 4000,
  extraFee: 300,
  acceptanceMinutes: 8,
  preparationMinutes: 25,
  autoAccept: false,
  escalationMinutes: 4,
  hours: [
    { day: 1, from: '10:00', to: '22:00' },
    { day: 6, from: '12:00', to: '24:00' },
  ],
  ...overrides,
});

const discount = (overrides: Record<string, unknown> = {}) => ({
  type: 'percentage',
  value: 15,
  country: 'pl',
  quantity: 3,
  active: true,
  ...overrides,
});

describe('admin concepts and locations', () => {
  it('edits what operators run of a concept and soft-deletes it, each change in the audit log; adds none', async () => {
    const admin = await asAdmin();
    const { id } = await pastaFresca();
    const edited = await send(
      'PUT',
      `/api/admin/concepts/${id}`,
      concept({ defaultRestaurantSlug: 'pasta-fresca-gdansk-wrzeszcz', showOnCompanyPortfolio: false }),
      admin,
    );
    expect(edited.status).toBe(200);
    const shop = await json<{ defaultRestaurant: string; showOnCompanyPortfolio: boolean }>(
      await send('GET', '/api/concepts/pasta-fresca'),
    );
    expect(shop).toMatchObject({ defaultRestaurant: 'pasta-fresca-gdansk-wrzeszcz', showOnCompanyPortfolio: false });
    // The brand site's menu follows the admin's choice.
    expect(await json<{ slug: string }>(await send('GET', '/api/concepts/pasta-fresca/menu'))).toMatchObject({
      slug: 'pasta-fresca-gdansk-wrzeszcz',
    });

    expect((await send('DELETE', `/api/admin/concepts/${id}`, undefined, admin)).status).toBe(200);
    expect((await pastaFresca()).active).toBe(false);
    const listed = await json<{ concepts: { slug: string }[] }>(await send('GET', '/api/getLocationsAndConcepts'));
    expect(listed.concepts.map((c) => c.slug)).not.toContain('pasta-fresca');
    expect((await send('GET', '/api/concepts/pasta-fresca/menu')).status).toBe(404);

    const actions = (await auditRows('concept', id)).map((r) => r.action).sort();
    expect(actions).toEqual(['concept.deleted', 'concept.updated']);
    // A brand is added as a folder of tenants/, not here.
    expect((await send('POST', '/api/admin/concepts', concept(), admin)).status).toBe(404);
  });

  it("refuses the brand's own fields one by one, a default restaurant of another brand, and an active brand without one", async () => {
    const admin = await asAdmin();
    const before = await pastaFresca();
    const marketers = await send(
      'PUT',
      `/api/admin/concepts/${before.id}`,
      concept({ name: 'Pasta Rozmrożona', description: 'Z paczki.', domain: 'evil.example.com' }),
      admin,
    );
    expect(marketers.status).toBe(400);
    expect(await marketers.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { name: 'editedInTenantConfig', description: 'editedInTenantConfig', domain: 'editedInTenantConfig' },
    });
    expect(await pastaFresca()).toEqual(before);

    const other = await send(
      'PUT',
      `/api/admin/concepts/${before.id}`,
      concept({ defaultRestaurantSlug: 'smash-club-warszawa-mokotow' }),
      admin,
    );
    expect(await other.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { defaultRestaurantSlug: 'notFound' },
    });
    const none = await send('PUT', `/api/admin/concepts/${before.id}`, concept({ defaultRestaurantSlug: '' }), admin);
    expect(await none.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { defaultRestaurantSlug: 'notEmpty' },
    });
    expect(await pastaFresca()).toEqual(before);
  });

  it('keeps the pickup and delivery flags of a location, checks its zip by country and soft-deletes it', async () => {
    const admin = await asAdmin();
    const badZip = await send('POST', '/api/admin/locations', location({ zip: '00850' }), admin);
    expect(await badZip.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { zip: 'isValidZipCode' },
    });

    const created = await send('POST', '/api/admin/locations', location(), admin);
    expect(created.status).toBe(201);
    const { location: row } = await json<{
      location: { id: number; pickupEnabled: boolean; deliveryEnabled: boolean };
    }>(created);
    expect([row.pickupEnabled, row.deliveryEnabled]).toEqual([true, false]);

    const ua = await send('PUT', `/api/admin/locations/${row.id}`, location({ country: 'ua', zip: '01001' }), admin);
    expect(ua.status).toBe(200);
    expect((await send('DELETE', `/api/admin/locations/${row.id}`, undefined, admin)).status).toBe(200);
    const gone = await json<{ location: { deleted: boolean } }>(
      await send('GET', `/api/admin/locations/${row.id}`, undefined, admin),
    );
    expect(gone.location.deleted).toBe(true);
    expect((await send('DELETE', '/api/admin/locations/999999', undefined, admin)).status).toBe(404);
  });

  it('edits a location’s own fields, sent back as the form loaded them, and leaves its translations as they were', async () => {
    const admin = await asAdmin();
    const [kyiv] = await ctx.database.db.select().from(locations).where(eq(locations.slug, 'kyiv-podil'));
    const { location: loaded } = await json<{ location: Record<string, unknown> }>(
      await send('GET', `/api/admin/locations/${kyiv!.id}`, undefined, admin),
    );
    expect(loaded).toMatchObject({ name: 'Київ Поділ', city: 'Київ' });
    const changed = { ...loaded, name: 'Київ Поділ 2', translations: { en: { city: 'Not from the form' } } };
    expect((await send('PUT', `/api/admin/locations/${kyiv!.id}`, changed, admin)).status).toBe(200);
    const shop = async (lang?: string) =>
      json<{ name: string; city: string }>(
        await send('GET', `/api/locations/kyiv-podil${lang ? `?lang=${lang}` : ''}`),
      );
    expect(await shop()).toMatchObject({ name: 'Київ Поділ 2', city: 'Київ' });
    expect(await shop('en')).toMatchObject({ name: 'Kyiv Podil', city: 'Kyiv' });
  });
});

describe('admin restaurants', () => {
  it('creates a restaurant with its hours, then its zone of zips and a polygon, and refuses a bad polygon or hours', async () => {
    const admin = await asAdmin();
    const created = await send('POST', '/api/admin/restaurants', restaurant(), admin);
    expect(created.status).toBe(201);
    const { restaurant: row } = await json<{ restaurant: { id: number; hours: unknown[] } }>(created);
    expect(row.hours).toEqual([
      { day: 1, from: '10:00', to: '22:00', date: null, service: null },
      { day: 6, from: '12:00', to: '24:00', date: null, service: null },
    ]);

    // Where it delivers is its zones (decision 061).
    const zone = { name: '', zips: ['00-850', ' 00-851 '], polygon: square, deliveryValue: 599, minBasketValue: 3000 };
    const zoned = await send('PUT', `/api/admin/restaurants/${row.id}/zones`, { zones: [zone] }, admin);
    expect(zoned.status).toBe(200);
    const { zones } = await json<{ zones: { zips: string[]; polygon: unknown }[] }>(zoned);
    expect(zones).toMatchObject([{ zips: ['00-850', '00-851'], polygon: square }]);

    const open = { ...square, coordinates: [square.coordinates[0]!.slice(0, 4)] };
    const badPolygon = await send(
      'PUT',
      `/api/admin/restaurants/${row.id}/zones`,
      { zones: [{ ...zone, polygon: open }] },
      admin,
    );
    expect(badPolygon.status).toBe(400);
    expect(Object.keys((await json<{ details: object }>(badPolygon)).details)).toEqual(['zones.0.polygon']);

    // Issue 38: a day may have several ranges (split shifts), never overlapping ones.
    const overlapping = restaurant({
      slug: 'y',
      hours: [
        { day: 1, from: '10:00', to: '14:00' },
        { day: 1, from: '13:00', to: '22:00' },
      ],
    });
    expect(await (await send('POST', '/api/admin/restaurants', overlapping, admin)).json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { 'hours.1.from': 'invalid' },
    });
    const noConcept = await send('POST', '/api/admin/restaurants', restaurant({ slug: 'z', conceptId: 999999 }), admin);
    expect(await noConcept.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { conceptId: 'notFound' },
    });
  });

  it('keeps the kitchen settings, and refuses an escalation that would come after the acceptance window', async () => {
    const admin = await asAdmin();
    const created = await send(
      'POST',
      '/api/admin/restaurants',
      restaurant({ autoAccept: true, escalationMinutes: 7, preparationMinutes: 40 }),
      admin,
    );
    expect(created.status).toBe(201);
    const { restaurant: row } = await json<{ restaurant: Record<string, unknown> & { id: number } }>(created);
    expect(row).toMatchObject({ acceptanceMinutes: 8, autoAccept: true, escalationMinutes: 7, preparationMinutes: 40 });

    for (const escalationMinutes of [8, 9]) {
      const late = await send('PUT', `/api/admin/restaurants/${row.id}`, restaurant({ escalationMinutes }), admin);
      expect(late.status).toBe(400);
      expect(await late.json()).toEqual({
        requestId: expect.any(String),
        error: 'validation',
        details: { escalationMinutes: 'escalationNotBeforeAcceptance' },
      });
    }
    // More than a kitchen may promise by hand (240 minutes) cannot be its usual time either.
    const long = await send('PUT', `/api/admin/restaurants/${row.id}`, restaurant({ preparationMinutes: 241 }), admin);
    expect(await long.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { preparationMinutes: 'outOfRange' },
    });
  });

  it('disabling a restaurant moves its menu version and the shop shows it temporarily unavailable at once', async () => {
    const admin = await asAdmin();
    const [seeded] = await ctx.database.db.select().from(restaurants).where(eq(restaurants.id, 1));
    const before = await json<{ state: { state: string } }>(await send('GET', `/api/restaurants/${seeded!.slug}`));
    expect(before.state.state).not.toBe('unavailable');

    const current = await json<{ restaurant: Record<string, unknown> & { hours: unknown[] } }>(
      await send('GET', '/api/admin/restaurants/1', undefined, admin),
    );
    const { id: _id, updatedAt: _u, ...fields } = current.restaurant;
    const disabled = await send('PUT', '/api/admin/restaurants/1', { ...fields, isEnabled: false }, admin);
    expect(disabled.status).toBe(200);
    const [after] = await ctx.database.db.select().from(restaurants).where(eq(restaurants.id, 1));
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(seeded!.updatedAt.getTime());

    const shop = await json<{ state: { state: string } }>(await send('GET', `/api/restaurants/${seeded!.slug}`));
    expect(shop.state.state).toBe('unavailable');
    await send('PUT', '/api/admin/restaurants/1', { ...fields, isEnabled: true }, admin);
  });
});

describe('admin discount codes', () => {
  it('creates one code and answers notUniqueCode for the same code in any case', async () => {
    const admin = await asAdmin();
    const created = await send('POST', '/api/admin/discountCodes', discount({ code: 'Jesien25' }), admin);
    expect(created.status).toBe(201);
    const { codes } = await json<{ codes: { id: number; code: string; used: number; createdAt: string }[] }>(created);
    expect(codes.map((c) => [c.code, c.used])).toEqual([['Jesien25', 0]]);

    const again = await send('POST', '/api/admin/discountCodes', discount({ code: 'JESIEN25' }), admin);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ requestId: expect.any(String), error: 'notUniqueCode' });

    // A form sends back the row it loaded: the keys no field names (id, used, createdAt) are dropped, not written.
    const loaded = codes[0]!;
    const resent = await send(
      'PUT',
      `/api/admin/discountCodes/${loaded.id}`,
      { ...loaded, ...discount({ code: 'Jesien25', quantity: 9 }) },
      admin,
    );
    expect(resent.status).toBe(200);
    expect((await json<{ code: { quantity: number; used: number } }>(resent)).code).toMatchObject({
      quantity: 9,
      used: 0,
    });

    const other = await json<{ codes: { id: number }[] }>(
      await send('POST', '/api/admin/discountCodes', discount({ code: 'ZIMA' }), admin),
    );
    const rename = await send(
      'PUT',
      `/api/admin/discountCodes/${other.codes[0]!.id}`,
      discount({ code: 'jesien25' }),
      admin,
    );
    expect(await rename.json()).toEqual({ requestId: expect.any(String), error: 'notUniqueCode' });
  });

  it('generates the asked number of unique codes with the prefix', async () => {
    const admin = await asAdmin();
    const response = await send('POST', '/api/admin/discountCodes', discount({ count: 50, prefix: 'wiosna-' }), admin);
    expect(response.status).toBe(201);
    const { codes } = await json<{ codes: { code: string; quantity: number }[] }>(response);
    expect(codes).toHaveLength(50);
    expect(new Set(codes.map((c) => c.code)).size).toBe(50);
    expect(codes.every((c) => /^WIOSNA-[A-Z2-9]{8}$/.test(c.code) && c.quantity === 3)).toBe(true);
    expect(await auditRows('discountCode', (codes[0] as unknown as { id: number }).id)).toHaveLength(1);
  });

  it('checks the value for its type, the limit against the uses, and deletes an unused code', async () => {
    const admin = await asAdmin();
    const tooMuch = await send('POST', '/api/admin/discountCodes', discount({ code: 'X1', value: 150 }), admin);
    expect(await tooMuch.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { value: 'outOfRange' },
    });
    const noCode = await send('POST', '/api/admin/discountCodes', discount(), admin);
    expect(await noCode.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { code: 'notEmpty' },
    });

    const free = await json<{ codes: { id: number; value: number }[] }>(
      await send(
        'POST',
        '/api/admin/discountCodes',
        discount({ code: 'DOSTAWA', type: 'freeDelivery', value: 0 }),
        admin,
      ),
    );
    const id = free.codes[0]!.id;
    await ctx.database.db.execute(`update discount_codes set used = 2 where id = ${id}` as never);
    const below = await send(
      'PUT',
      `/api/admin/discountCodes/${id}`,
      discount({ code: 'DOSTAWA', type: 'freeDelivery', value: 0, quantity: 1 }),
      admin,
    );
    expect(await below.json()).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { quantity: 'outOfRange' },
    });
    expect((await send('DELETE', `/api/admin/discountCodes/${id}`, undefined, admin)).status).toBe(200);
    expect((await send('GET', `/api/admin/discountCodes/${id}`, undefined, admin)).status).toBe(404);
  });
});

describe('admin users', () => {
  const password = 'worker-password-1';
  async function worker() {
    const [row] = await ctx.database.db
      .insert(users)
      .values({
        email: `worker-${crypto.randomUUID()}@example.com`,
        passwordHash: await hashPassword(password),
        firstname: 'Jan',
        lastname: 'Pracownik',
        activatedAt: new Date(),
      })
      .returning();
    return row!;
  }
  const body = (user: { email: string }, overrides: Record<string, unknown> = {}) => ({
    firstname: 'Jan',
    lastname: 'Pracownik',
    email: user.email,
    phone: '600 700 800',
    role: 'user',
    lang: 'pl',
    active: true,
    ...overrides,
  });

  it('changes the role, which applies to the user’s next request, and audits it', async () => {
    const admin = await asAdmin();
    const user = await worker();
    const session = cookieOf(await login(user.email, password));
    expect((await send('GET', '/api/admin/concepts/1', undefined, session)).status).toBe(401);

    const changed = await send('PUT', `/api/admin/users/${user.id}`, body(user, { role: 'admin' }), admin);
    expect(changed.status).toBe(200);
    const { user: shown } = await json<{ user: Record<string, unknown> }>(changed);
    expect(shown.role).toBe('admin');
    expect(shown).not.toHaveProperty('passwordHash');
    expect((await send('GET', '/api/admin/concepts/1', undefined, session)).status).toBe(200);
    const role = (await auditRows('user', user.id)).find((r) => r.action === 'user.role');
    expect(role?.data).toEqual({ from: 'user', to: 'admin' });
  });

  it('deactivation logs the user out and blocks their login until activated again', async () => {
    const admin = await asAdmin();
    const user = await worker();
    const session = cookieOf(await login(user.email, password));
    expect((await send('GET', '/api/account', undefined, session)).status).toBe(200);

    expect((await send('PUT', `/api/admin/users/${user.id}`, body(user, { active: false }), admin)).status).toBe(200);
    expect((await send('GET', '/api/account', undefined, session)).status).toBe(401);
    const refused = await login(user.email, password);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ requestId: expect.any(String), error: 'userDeactivated' });

    const back = await send('PUT', `/api/admin/users/${user.id}`, body(user, { active: true }), admin);
    expect((await json<{ user: { active: boolean } }>(back)).user.active).toBe(true);
    expect((await login(user.email, password)).status).toBe(200);
  });

  it('logins in flight while the account is deactivated keep no working session', async () => {
    const admin = await asAdmin();
    for (let round = 0; round < 3; round++) {
      const user = await worker();
      // Eight logins (below the account's limit of ten) race the deactivation: each verifies the password while the
      // admin's change commits, and some create their session after it ended the others.
      const logins = Array.from({ length: 8 }, () => login(user.email, password));
      const deactivated = send('PUT', `/api/admin/users/${user.id}`, body(user, { active: false }), admin);
      expect((await deactivated).status).toBe(200);
      const sessions = (await Promise.all(logins)).filter((r) => r.status === 200).map(cookieOf);
      for (const session of sessions)
        expect((await send('GET', '/api/account', undefined, session)).status, session).toBe(401);
    }
  });

  it('an admin cannot take away their own admin role nor deactivate themselves; a taken e-mail is refused', async () => {
    const admin = await asAdmin();
    const me = (
      await json<{ user: { id: string; email: string } }>(await send('GET', '/api/auth/getUser', undefined, admin))
    ).user;
    const demote = await send('PUT', `/api/admin/users/${me.id}`, body(me, { role: 'user' }), admin);
    expect(demote.status).toBe(409);
    expect(await demote.json()).toEqual({ requestId: expect.any(String), error: 'ownAdminRole' });
    const off = await send('PUT', `/api/admin/users/${me.id}`, body(me, { role: 'admin', active: false }), admin);
    expect(await off.json()).toEqual({ requestId: expect.any(String), error: 'ownAdminRole' });

    const user = await worker();
    const taken = await send('PUT', `/api/admin/users/${user.id}`, body(user, { email: 'USER@example.com' }), admin);
    expect(await taken.json()).toEqual({ requestId: expect.any(String), error: 'notUniqueEmail' });
  });
});

describe('admin outbox', () => {
  it('shows a reset e-mail without the token of its link, waiting or sent; the owner’s copy keeps a link that works', async () => {
    const admin = await asAdmin();
    const asked = await send('POST', '/api/auth/forgotPassword', { email: 'user@example.com' });
    expect(asked.status).toBe(200);
    const [waiting] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'passwordReset'));
    const token = /[?&]token=([\w-]+)/.exec(waiting!.text)![1]!;
    const shown = async () =>
      (
        await json<{ email: { text: string; html: string } }>(
          await send('GET', `/api/admin/outbox/${waiting!.id}`, undefined, admin),
        )
      ).email;
    const beforeSending = await shown();
    expect(beforeSending.text).not.toContain(token);
    expect(beforeSending.html).not.toContain(token);
    expect(beforeSending.text).toContain('token=[hidden]');

    const mail = await startMailCatcher();
    try {
      const [delivered] = await mail.deliver(ctx.database.db);
      expect(delivered!.text).toContain(token);
    } finally {
      await mail.close();
    }
    // Sent, the stored copy keeps no token either, for whoever reads the table or a backup of it.
    const [stored] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, waiting!.id));
    expect(`${stored!.text}${stored!.html}`).not.toContain(token);
    expect((await shown()).text).not.toContain(token);
    const reset = await send('POST', '/api/auth/resetPassword', {
      token,
      password: 'a-new-password-1',
      passwordRepeat: 'a-new-password-1',
    });
    expect(reset.status).toBe(200);
  });

  it('reads one e-mail', async () => {
    const admin = await asAdmin();
    const [mail] = await ctx.database.db
      .insert(emailOutbox)
      .values({ to: 'a@example.com', subject: 'Witaj', text: 'Cześć', template: 'test' })
      .returning();
    const response = await send('GET', `/api/admin/outbox/${mail!.id}`, undefined, admin);
    expect(response.status).toBe(200);
    expect((await json<{ email: { subject: string; status: string } }>(response)).email).toMatchObject({
      subject: 'Witaj',
      status: 'pending',
    });
  });
});
